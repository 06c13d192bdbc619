/**
 * Reads fields of a JSON (or form) object with the checks and messages of Django REST framework's
 * serializer fields. Each reader returns `undefined` when the field is absent or invalid and records
 * errors as `{ field: [messages] }`.
 */
import { parseDecimal, type DecimalRule } from './amount';
import { isValidDate } from './calendar';
import { t, type Language, type MessageKey } from './messages';

export type FieldErrors = Record<string, string[]>;

interface Presence {
  required?: boolean;
  allowNull?: boolean;
}

/** Python's type name of a JSON value, as DRF messages show it. */
export function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'dict';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const INTEGER_TEXT = /^\s*[+-]?\d+(\.0*)?\s*$/;

/**
 * Characters a text field of a request body may hold (the service's limit is not shown; every Django CharField has
 * one): 100,000, far above Excel's 32,767-character cell limit, so that a client can be tested with texts a cell
 * cannot hold. Longer texts are refused with 400 and DRF's `max_length` message naming the limit.
 */
export const MAX_TEXT_LENGTH = 100_000;

export class BodyReader {
  readonly errors: FieldErrors = {};

  constructor(
    readonly data: Record<string, unknown>,
    private readonly lang: Language,
  ) {}

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.data, key);
  }

  fail(key: string, message: MessageKey, params: Record<string, string | number> = {}): undefined {
    (this.errors[key] ??= []).push(t(this.lang, message, params));
    return undefined;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** Common presence checks; returns the raw value, `null` for an allowed null, or `undefined`. */
  private raw(key: string, presence: Presence): unknown {
    if (!this.has(key)) return presence.required ? this.fail(key, 'required') : undefined;
    const value = this.data[key];
    if (value === null) return presence.allowNull ? null : this.fail(key, 'notNull');
    return value;
  }

  string(key: string, options: Presence & { allowBlank?: boolean } = {}): string | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string' && typeof value !== 'number') return this.fail(key, 'invalidString');
    const text = String(value).trim();
    if (text === '' && !options.allowBlank) return this.fail(key, 'blank');
    if (text.length > MAX_TEXT_LENGTH) return this.fail(key, 'maxLength', { max_length: MAX_TEXT_LENGTH });
    return text;
  }

  decimal(key: string, rule: DecimalRule, options: Presence = {}): number | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    if (typeof value === 'string' && value.trim() === '') return this.fail(key, 'invalidNumber');
    const result = parseDecimal(value, rule);
    return result.ok ? result.value : this.fail(key, result.key, result.params);
  }

  integer(key: string, options: Presence = {}): number | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && INTEGER_TEXT.test(value)) return Math.trunc(Number(value.trim()));
    return this.fail(key, 'invalidInteger');
  }

  date(key: string, options: Presence = {}): string | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string' || !isValidDate(value.trim())) return this.fail(key, 'invalidDate');
    return value.trim();
  }

  boolean(key: string, options: Presence = {}): boolean | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    if (value === true || value === 1 || value === '1') return true;
    if (value === false || value === 0 || value === '0') return false;
    if (typeof value === 'string') {
      const lower = value.toLowerCase();
      if (['true', 'on', 'yes', 'y', 't'].includes(lower)) return true;
      if (['false', 'off', 'no', 'n', 'f'].includes(lower)) return false;
    }
    return this.fail(key, 'invalidBoolean');
  }

  choice<T extends string>(key: string, choices: readonly T[], options: Presence = {}): T | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
    if (!(choices as readonly string[]).includes(text)) return this.fail(key, 'invalidChoice', { input: text });
    return text as T;
  }

  stringList(key: string, options: Presence = {}): string[] | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    if (!Array.isArray(value)) return this.fail(key, 'notAList', { input_type: pythonType(value) });
    const out: string[] = [];
    for (const item of value) {
      if (typeof item !== 'string' && typeof item !== 'number') return this.fail(key, 'invalidString');
      out.push(String(item));
    }
    return out;
  }

  integerList(key: string, options: Presence = {}): number[] | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    if (!Array.isArray(value)) return this.fail(key, 'notAList', { input_type: pythonType(value) });
    const out: number[] = [];
    for (const item of value) {
      if (typeof item === 'number' && Number.isInteger(item)) out.push(item);
      else if (typeof item === 'string' && INTEGER_TEXT.test(item)) out.push(Math.trunc(Number(item)));
      else return this.fail(key, 'invalidInteger');
    }
    return out;
  }

  /**
   * A primary key (integer or numeric string) that `exists` must accept; `check` may add a rule-specific
   * message (e.g. leaf category only).
   */
  pk(
    key: string,
    exists: (id: number) => boolean,
    options: Presence & { check?: (id: number) => MessageKey | null } = {},
  ): number | null | undefined {
    const value = this.raw(key, options);
    if (value === undefined || value === null) return value;
    let id: number;
    if (typeof value === 'number' && Number.isInteger(value)) id = value;
    else if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) id = Number(value);
    else return this.fail(key, 'incorrectPkType', { data_type: pythonType(value) });
    if (!exists(id)) return this.fail(key, 'doesNotExist', { pk_value: String(value) });
    const problem = options.check?.(id) ?? null;
    if (problem !== null) return this.fail(key, problem);
    return id;
  }
}
