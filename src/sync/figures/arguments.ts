/**
 * The arguments of the figure functions as users type them, checked with zod and turned into what the core
 * computes with: dates as `YYYY-MM-DD`, a category id, an account id. Each failure is a `badArgument` naming the
 * parameter, in the user's language.
 *
 * - A date is an Excel serial number (1900 date system; a date cell reaches a function as its serial, a time of day as
 *   its fraction, which is dropped), the same number as text, or `YYYY-MM-DD` text. Serials convert without local time
 *   (`excel-serial-date.ts`).
 * - A category is an id, a name only one category has, or a path (`resolveCategory`); a shared name is refused
 *   with the candidates' paths.
 * - An account (optional) is an id, or a name or alias only one account has.
 */

import { z } from 'zod';
import type { Category } from '../../api';
import type { Language } from '../../i18n/catalog';
import { dateToSerial, serialToDate } from '../excel-serial-date';
import { candidateList, resolveCategory } from '../tables/category-reference';
import { categoryPaths } from '../tables/lookups';
import { type ArgumentValue, blank, check, type Checked, fail, shown } from './argument-check';
import { FigureError } from './figure-error';

export type { ArgumentValue, Checked } from './argument-check';

export interface AccountRef {
  id: number;
  name: string;
  alias: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SERIAL_TEXT = /^\d+(\.\d+)?$/;
const ID_TEXT = /^\d+$/;

/** Whole numbers a user types meaning a year: as serials they would be days of 1905, which nobody plans. */
const YEARS = { from: 1900, to: 2200 };

const serialDate = (serial: number, ctx: z.RefinementCtx, value: unknown): string => {
  if (Number.isInteger(serial) && serial >= YEARS.from && serial <= YEARS.to) return fail(ctx, 'functions.error.year', { value: serial });
  try {
    // The time of day (a fraction) is not part of the date.
    return serialToDate(Math.floor(serial));
  } catch {
    return fail(ctx, 'functions.error.date', { value: shown(value) });
  }
};

const dateSchema = z.unknown().transform((value, ctx): string => {
  if (blank(value)) return fail(ctx, 'functions.error.required');
  if (typeof value === 'number') return serialDate(value, ctx, value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (ISO_DATE.test(text)) {
      try {
        dateToSerial(text); // a real calendar date within Excel's range
        return text;
      } catch {
        return fail(ctx, 'functions.error.date', { value: text });
      }
    }
    if (SERIAL_TEXT.test(text)) return serialDate(Number(text), ctx, value);
  }
  return fail(ctx, 'functions.error.date', { value: shown(value) });
});

/** A date argument as `YYYY-MM-DD`. */
export function parseDate(value: ArgumentValue, argument: string, language: Language): Checked<string> {
  return check(dateSchema, value, argument, language);
}

export interface DateRange {
  from: string;
  to: string;
}

/** `from` and `to`, and `from` ≤ `to` (the range's end is the argument at fault). */
export function parseRange(
  from: ArgumentValue,
  to: ArgumentValue,
  language: Language,
  names: { from: string; to: string } = { from: 'from', to: 'to' },
): Checked<DateRange> {
  const start = parseDate(from, names.from, language);
  if (!start.ok) return start;
  const end = parseDate(to, names.to, language);
  if (!end.ok) return end;
  if (end.value < start.value)
    return { ok: false, error: FigureError.badArgument(language, names.to, 'functions.error.range', { from: start.value, to: end.value }) };
  return { ok: true, value: { from: start.value, to: end.value } };
}

export interface OpenRange {
  /** Undefined: open at that end. */
  from: string | undefined;
  to: string | undefined;
}

/** Optional `from` and `to` (blank: open at that end), and `from` ≤ `to` when both are given. */
export function parseOpenRange(
  from: ArgumentValue,
  to: ArgumentValue,
  language: Language,
  names: { from: string; to: string } = { from: 'from', to: 'to' },
): Checked<OpenRange> {
  const start = blank(from) ? undefined : parseDate(from, names.from, language);
  if (start !== undefined && !start.ok) return start;
  const end = blank(to) ? undefined : parseDate(to, names.to, language);
  if (end !== undefined && !end.ok) return end;
  if (start !== undefined && end !== undefined && end.value < start.value) {
    return { ok: false, error: FigureError.badArgument(language, names.to, 'functions.error.range', { from: start.value, to: end.value }) };
  }
  return { ok: true, value: { from: start?.value, to: end?.value } };
}

/** The categories with their paths, computed once per list (a batch resolves hundreds of arguments). */
export class CategoryIndex {
  readonly categories: readonly Category[];
  readonly paths: ReadonlyMap<number, string[]>;
  readonly #ids: ReadonlySet<number>;

  constructor(categories: readonly Category[]) {
    this.categories = categories;
    this.paths = categoryPaths(categories);
    this.#ids = new Set(categories.map((c) => c.id));
  }

  has(id: number): boolean {
    return this.#ids.has(id);
  }
}

function categorySchema(index: CategoryIndex) {
  return z.unknown().transform((value, ctx): number => {
    if (blank(value)) return fail(ctx, 'functions.error.required');
    if (typeof value === 'number')
      return Number.isInteger(value) && index.has(value) ? value : fail(ctx, 'functions.error.categoryUnknown');
    if (typeof value !== 'string') return fail(ctx, 'functions.error.categoryUnknown');
    const text = value.trim();
    // An id typed as text; a category whose name is all digits is still found by name below.
    if (ID_TEXT.test(text) && index.has(Number(text))) return Number(text);
    const resolved = resolveCategory(text, index.categories, index.paths);
    if (resolved.ok) return resolved.id;
    if (resolved.problem === 'ambiguous')
      return fail(ctx, 'functions.error.categoryAmbiguous', { candidates: candidateList(resolved.candidates) });
    return fail(ctx, 'functions.error.categoryUnknown');
  });
}

/** A category argument as a category id. */
export function parseCategory(value: ArgumentValue, index: CategoryIndex, language: Language, argument = 'category'): Checked<number> {
  return check(categorySchema(index), value, argument, language);
}

/** True when an optional account argument was left out (no account list is needed then). */
export function accountOmitted(value: ArgumentValue): boolean {
  return blank(value);
}

function accountSchema(accounts: readonly AccountRef[]) {
  return z.unknown().transform((value, ctx): number | undefined => {
    if (blank(value)) return undefined;
    const byId = (id: number) => accounts.find((a) => a.id === id)?.id;
    if (typeof value === 'number')
      return (Number.isInteger(value) ? byId(value) : undefined) ?? fail(ctx, 'functions.error.accountUnknown');
    if (typeof value !== 'string') return fail(ctx, 'functions.error.accountUnknown');
    const text = value.trim();
    const id = ID_TEXT.test(text) ? byId(Number(text)) : undefined;
    if (id !== undefined) return id;
    const wanted = text.toLowerCase();
    const matches = accounts.filter((a) => a.name.trim().toLowerCase() === wanted || a.alias.trim().toLowerCase() === wanted);
    if (matches.length === 1 && matches[0]) return matches[0].id;
    if (matches.length > 1)
      return fail(ctx, 'functions.error.accountAmbiguous', { candidates: matches.map((a) => `${a.name} (${a.id})`).join('; ') });
    return fail(ctx, 'functions.error.accountUnknown');
  });
}

/** An optional account argument as an account id, or undefined when left out. */
export function parseAccount(
  value: ArgumentValue,
  accounts: readonly AccountRef[],
  language: Language,
  argument = 'account',
): Checked<number | undefined> {
  return check(accountSchema(accounts), value, argument, language);
}
