/**
 * The document settings of the add-in (`Excel.SettingCollection`, ExcelApi 1.4): key → value, each value kept
 * as the JSON text Excel would persist.
 *
 * - Keys are case-sensitive and must be non-empty strings (assumption: Office's settings are a JSON object).
 * - Values must be JSON-serialisable (`undefined`, functions, symbols, BigInt, cycles → InvalidArgument).
 *   `Date`s inside a value are stored as `"Date(<ms since epoch>)"` and revived as `Date` on read, like
 *   office.js's `Setting.DateJSONPrefix`/`DateJSONSuffix` (`Date(` and `)`).
 * - Size cap: the whole store, measured as the UTF-8 length of the JSON object `{"key":value,...}`, may not
 *   exceed `limitBytes` (default 2 MB, the documented cap of document settings). The change that would exceed
 *   it fails with `GeneralException` (Excel reports no dedicated code; see the README).
 */

import { SimError, invalidArgument } from '../batch/errors';
import { utf8Length } from '../batch/payload';

/**
 * Office.js documents 2 MB for document settings (and they fail earlier in practice), read as 2,000,000 bytes: the
 * smaller megabyte, as the web's payload caps (payload.ts).
 */
export const SETTINGS_LIMIT_BYTES = 2_000_000;

export const SETTINGS_TOO_LARGE_MESSAGE =
  'The settings of this add-in would exceed the size the document allows (2 MB). Store large data in a worksheet instead.';

const DATE_PREFIX = 'Date(';
const DATE_SUFFIX = ')';
const DATE_TEXT = /^Date\((-?\d+)\)$/;

/** Replaces every Date in the value with `Date(ms)` text (as office.js does before sending a setting). */
export function replaceDates(value: unknown, seen: Set<unknown> = new Set()): unknown {
  if (value instanceof Date) return `${DATE_PREFIX}${value.getTime()}${DATE_SUFFIX}`;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) throw invalidArgument();
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => replaceDates(v, seen));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDates(v, seen)]));
  } finally {
    seen.delete(value);
  }
}

/** The reverse of replaceDates, applied to a parsed value. */
export function reviveDates(value: unknown): unknown {
  if (typeof value === 'string') {
    const m = DATE_TEXT.exec(value);
    return m ? new Date(Number(m[1])) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(reviveDates);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveDates(v)]));
}

/** The JSON text of a setting value; InvalidArgument when it has none. */
export function settingJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(replaceDates(value));
  } catch (error) {
    if (error instanceof SimError) throw error;
    throw invalidArgument();
  }
  if (text === undefined) throw invalidArgument();
  return text;
}

export class SettingsStore {
  private readonly entries = new Map<string, string>();

  constructor(readonly limitBytes: number = SETTINGS_LIMIT_BYTES) {}

  keys(): string[] {
    return [...this.entries.keys()];
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get count(): number {
    return this.entries.size;
  }

  /** The stored value, parsed and with its Dates revived; undefined when missing. */
  value(key: string): unknown {
    const text = this.entries.get(key);
    return text === undefined ? undefined : reviveDates(JSON.parse(text));
  }

  /** Adds or replaces a setting. Fails (store unchanged) when the key or value is invalid or the cap would be exceeded. */
  set(key: unknown, value: unknown): void {
    if (typeof key !== 'string' || key === '') throw invalidArgument();
    const text = settingJson(value);
    const previous = this.entries.get(key);
    const delta =
      previous === undefined ? entryBytes(key, text) + (this.entries.size > 0 ? 1 : 0) : utf8Length(text) - utf8Length(previous);
    if (this.bytes() + delta > this.limitBytes) throw new SimError('GeneralException', SETTINGS_TOO_LARGE_MESSAGE);
    this.entries.set(key, text);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** UTF-8 bytes of the whole store as one JSON object, `{"key":value,...}`. */
  bytes(): number {
    let total = 2 + Math.max(0, this.entries.size - 1);
    for (const [key, text] of this.entries) total += entryBytes(key, text);
    return total;
  }

  /** Every setting as [key, JSON text], in order (the workbook's snapshot). */
  entriesJson(): Array<[string, string]> {
    return [...this.entries];
  }

  /** Replaces every setting with the given [key, JSON text] pairs (a snapshot's restore; not checked against the cap). */
  replaceAllJson(entries: ReadonlyArray<readonly [string, string]>): void {
    this.entries.clear();
    for (const [key, text] of entries) this.entries.set(key, text);
  }

  /** Every setting, parsed (inspection). */
  toObject(): Record<string, unknown> {
    return Object.fromEntries(this.keys().map((key) => [key, this.value(key)]));
  }
}

function entryBytes(key: string, text: string): number {
  return utf8Length(JSON.stringify(key)) + 1 + utf8Length(text);
}
