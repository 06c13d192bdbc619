/**
 * One row of the Import table checked before anything is sent (zod): the value date a date on or after 2000-01-01
 * (an Excel date serial, `2025-01-31` or `31.01.2025`), the amount a number (a cell number, or text in the pane's
 * language: `-1.234,56` in German), purpose, counterpart and tags as text, the counterpart IBAN empty or an IBAN by
 * shape, length and check digits. Each problem is a message of the catalogs, so the row can say it in the sheet.
 */

import { z } from 'zod';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import { ibanProblem, normalizeIban } from '../accounts/iban';
import type { CellValue } from '../cell-values';
import { FIRST_SERIAL, LAST_SERIAL, serialToDate } from '../excel-serial-date';
import { exampleAmount, parseLocaleDecimal } from '../locale-decimal';
import { splitList } from '../tables/table-model';
import type { ImportSheetRow } from './import-port';
import type { ImportColumnKey } from './import-table';

/** A row's fields as they go to `POST /accounts/{id}/transactions/` (the amount in cents), and the account as typed. */
export interface ImportItem {
  value_date: string;
  cents: number;
  purpose: string;
  counterpart_name: string;
  /** Electronic form (no spaces, capitals), or '' for none. */
  counterpart_iban: string;
  tags: string[];
  account: string;
}

/** A problem of one cell: its column (the status names it by its header, as the table shows it) and the message. */
export interface RowProblem {
  column: ImportColumnKey;
  key: MessageKey;
  params?: MessageParams;
}

export type RowCheck = { ok: true; item: ImportItem } | { ok: false; problems: RowProblem[] };

const FIRST_DATE = '2000-01-01';
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DOTTED = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;

function text(value: CellValue | undefined): string {
  return value === undefined || value === '' ? '' : String(value).trim();
}

function validDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** How a statement writes its dates with slashes: day first (`31/12/2025`, Europe's) or month first (`12/31/2025`). */
export type SlashOrder = 'dayFirst' | 'monthFirst';

const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * The order of a statement's slash dates, from the column as a whole: month first only when some date can be read
 * no other way (`12/31/2025`) and none reads only day first (`31/12/2025`); else day first, as a bank writes them in
 * the pane's three languages. One order for the whole column: `03/04/2025` is never April in one row and March in
 * the next.
 */
export function slashOrderOf(values: readonly (CellValue | undefined)[]): SlashOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const slashed = SLASHED.exec(text(value));
    if (!slashed) continue;
    if (Number(slashed[1]) > 12) dayFirst = true;
    if (Number(slashed[2]) > 12) monthFirst = true;
  }
  return monthFirst && !dayFirst ? 'monthFirst' : 'dayFirst';
}

/** `YYYY-MM-DD` of a date cell: a serial, ISO text, day.month.year, or a slash date in the column's order. */
export function dateOf(value: CellValue | undefined, slashes: SlashOrder = 'dayFirst'): string | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= FIRST_SERIAL && value <= LAST_SERIAL ? serialToDate(value) : undefined;
  const cell = text(value);
  const iso = ISO.exec(cell);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const slashed = slashes === 'monthFirst' ? SLASHED.exec(cell) : null;
  if (slashed) return validDate(Number(slashed[3]), Number(slashed[1]), Number(slashed[2]));
  const dotted = DOTTED.exec(cell);
  return dotted ? validDate(Number(dotted[3]), Number(dotted[2]), Number(dotted[1])) : undefined;
}

function issue(ctx: z.RefinementCtx, column: ImportColumnKey, key: MessageKey, params: MessageParams = {}): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message: key, params: { column, params } });
  return z.NEVER;
}

function valueDate(ctx: z.RefinementCtx, value: CellValue | undefined, slashes: SlashOrder): string {
  if (text(value) === '') return issue(ctx, 'value_date', 'import.check.valueDateMissing');
  const date = dateOf(value, slashes);
  if (date === undefined) return issue(ctx, 'value_date', 'import.check.valueDate', { value: text(value) });
  return date < FIRST_DATE ? issue(ctx, 'value_date', 'import.check.valueDateEarly', { date }) : date;
}

/**
 * Most cents an amount may have: 13 digits before the decimal point. Beyond, a double no longer holds every cent
 * (2^53), and the amount sent would not be the one typed (`99999999999999999999` went out as `1e20`).
 */
const MAX_CENTS = 10 ** 15 - 1;

function cents(ctx: z.RefinementCtx, value: CellValue | undefined, language: Language): number {
  const tooLarge = (c: number): number =>
    Math.abs(c) <= MAX_CENTS ? c : issue(ctx, 'amount', 'import.check.amountDigits', { value: text(value) });
  if (typeof value === 'number' && Number.isFinite(value)) {
    const scaled = Math.round(value * 100);
    return Math.abs(scaled / 100 - value) < 1e-9
      ? tooLarge(scaled)
      : issue(ctx, 'amount', 'import.check.amountDecimals', { value: String(value) });
  }
  const cell = text(value);
  if (cell === '') return issue(ctx, 'amount', 'import.check.amountMissing');
  const parsed = parseLocaleDecimal(cell, language);
  if (parsed.ok) return tooLarge(Math.round(Number(parsed.value) * 100));
  return issue(ctx, 'amount', parsed.problem === 'decimals' ? 'import.check.amountDecimals' : 'import.check.amount', {
    value: cell,
    example: exampleAmount(language),
  });
}

function iban(ctx: z.RefinementCtx, value: CellValue | undefined): string {
  const cell = text(value);
  if (cell === '') return '';
  return ibanProblem(cell) === undefined ? normalizeIban(cell) : issue(ctx, 'counterpart_iban', 'import.check.iban', { value: cell });
}

const cell = z.union([z.string(), z.number(), z.boolean()]).optional();

/** The row schema in a language (amounts typed as text are read in it), slash dates in the column's order. */
export function importRowSchema(language: Language, slashes: SlashOrder = 'dayFirst'): z.ZodType<ImportItem, ImportSheetRow['cells']> {
  return z
    .object({ value_date: cell, amount: cell, purpose: cell, counterpart_name: cell, counterpart_iban: cell, tags: cell, account: cell })
    .transform((row, ctx): ImportItem => ({
      value_date: valueDate(ctx, row.value_date, slashes),
      cents: cents(ctx, row.amount, language),
      purpose: text(row.purpose),
      counterpart_name: text(row.counterpart_name),
      counterpart_iban: iban(ctx, row.counterpart_iban),
      tags: splitList(text(row.tags)),
      account: text(row.account),
    }));
}

/** Checks one row: its item, or every problem it has (in column order). */
export function checkImportRow(schema: z.ZodType<ImportItem, ImportSheetRow['cells']>, cells: ImportSheetRow['cells']): RowCheck {
  const parsed = schema.safeParse(cells);
  if (parsed.success) return { ok: true, item: parsed.data };
  const problems = parsed.error.issues.map((i): RowProblem => {
    const { column, params } = (i as { params?: { column: ImportColumnKey; params: MessageParams } }).params ?? {};
    return { column: column ?? 'value_date', key: i.message as MessageKey, ...(params === undefined ? {} : { params }) };
  });
  return { ok: false, problems };
}
