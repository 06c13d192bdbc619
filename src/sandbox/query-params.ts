/**
 * Query parameters and filter parsing as django-filter does it: empty values mean "no filter", invalid
 * booleans are ignored, other invalid values give 400 with the field's error list.
 */
import { ApiError } from './api-error';
import { isValidDate, parseDateTime } from './calendar';
import { t, type Language, type MessageKey } from './messages';

export class QueryParams {
  constructor(readonly search: URLSearchParams) {}

  static fromUrl(url: string): QueryParams {
    const index = url.indexOf('?');
    return new QueryParams(new URLSearchParams(index < 0 ? '' : url.slice(index + 1)));
  }

  /** The last value of a repeated parameter, as Django's QueryDict.get. */
  get(key: string): string | undefined {
    const all = this.search.getAll(key);
    return all[all.length - 1];
  }

  getAll(key: string): string[] {
    return this.search.getAll(key);
  }

  has(key: string): boolean {
    return this.search.has(key);
  }

  keys(): string[] {
    return [...new Set(this.search.keys())];
  }
}

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;

export class FilterReader {
  readonly errors: Record<string, string[]> = {};

  constructor(
    private readonly query: QueryParams,
    private readonly lang: Language,
  ) {}

  private value(key: string): string | undefined {
    const v = this.query.get(key);
    return v === undefined || v === '' ? undefined : v;
  }

  private fail(key: string, message: MessageKey, params: Record<string, string> = {}): undefined {
    (this.errors[key] ??= []).push(t(this.lang, message, params));
    return undefined;
  }

  string(key: string): string | undefined {
    return this.value(key);
  }

  date(key: string): string | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    return isValidDate(v.trim()) ? v.trim() : this.fail(key, 'filterDate');
  }

  dateTime(key: string): number | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    const ms = parseDateTime(v);
    return Number.isNaN(ms) ? this.fail(key, 'filterDateTime') : ms;
  }

  number(key: string): number | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    return NUMBER.test(v) ? Number(v) : this.fail(key, 'filterNumber');
  }

  integer(key: string): number | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    return INTEGER.test(v) ? Number(v) : this.fail(key, 'filterInteger');
  }

  /** true/false/1/0 (any case); anything else means "no filter". */
  boolean(key: string): boolean | undefined {
    const v = this.value(key)?.toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return undefined;
  }

  choice<T extends string>(key: string, choices: readonly T[]): T | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    return (choices as readonly string[]).includes(v) ? (v as T) : this.fail(key, 'filterChoice', { value: v });
  }

  /** Repeated integer ids that must be among `valid` (ModelMultipleChoiceFilter). */
  idList(key: string, valid: (id: number) => boolean): number[] | undefined {
    const values = this.query.getAll(key).filter((v) => v !== '');
    if (values.length === 0) return undefined;
    const ids: number[] = [];
    for (const v of values) {
      const id = Number(v);
      if (!INTEGER.test(v) || !valid(id)) {
        this.fail(key, 'filterChoice', { value: v });
        continue;
      }
      ids.push(id);
    }
    return ids;
  }

  /** Comma-separated values, blanks dropped. */
  csv(key: string): string[] | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    const parts = v
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    return parts.length === 0 ? undefined : parts;
  }

  /** Comma-separated values that must each be one of `choices`. */
  choiceList<T extends string>(key: string, choices: readonly T[]): T[] | undefined {
    const parts = this.csv(key);
    if (parts === undefined) return undefined;
    const out: T[] = [];
    for (const p of parts) {
      if ((choices as readonly string[]).includes(p)) out.push(p as T);
      else this.fail(key, 'filterChoice', { value: p });
    }
    return out;
  }

  /** Comma-separated integer ids. */
  csvIntegers(key: string): number[] | undefined {
    const parts = this.csv(key);
    if (parts === undefined) return undefined;
    if (parts.some((p) => !INTEGER.test(p))) return this.fail(key, 'filterInteger');
    return parts.map(Number);
  }

  throwIfErrors(): void {
    if (Object.keys(this.errors).length > 0) throw new ApiError(400, this.errors);
  }
}

/**
 * Ordering as DRF's OrderingFilter: comma-separated terms, unknown fields dropped, the default when
 * nothing valid remains.
 */
export function readOrdering(query: QueryParams, allowed: readonly string[], fallback: string[]): string[] {
  const raw = query.get('ordering');
  if (!raw) return fallback;
  const terms = raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && allowed.includes(p.replace(/^-/, '')));
  return terms.length > 0 ? terms : fallback;
}
