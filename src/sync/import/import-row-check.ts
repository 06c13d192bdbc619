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

export interface RowProblem {
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

/** `YYYY-MM-DD` of a date cell: a serial, ISO text, or day.month.year (also with slashes). */
export function dateOf(value: CellValue | undefined): string | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= FIRST_SERIAL && value <= LAST_SERIAL ? serialToDate(value) : undefined;
  const cell = text(value);
  const iso = ISO.exec(cell);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dotted = DOTTED.exec(cell);
  return dotted ? validDate(Number(dotted[3]), Number(dotted[2]), Number(dotted[1])) : undefined;
}

function issue(ctx: z.RefinementCtx, key: MessageKey, params: MessageParams = {}): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message: key, params });
  return z.NEVER;
}

function valueDate(ctx: z.RefinementCtx, value: CellValue | undefined): string {
  if (text(value) === '') return issue(ctx, 'import.check.valueDateMissing');
  const date = dateOf(value);
  if (date === undefined) return issue(ctx, 'import.check.valueDate', { value: text(value) });
  return date < FIRST_DATE ? issue(ctx, 'import.check.valueDateEarly', { date }) : date;
}

function cents(ctx: z.RefinementCtx, value: CellValue | undefined, language: Language): number {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const scaled = Math.round(value * 100);
    return Math.abs(scaled / 100 - value) < 1e-9 ? scaled : issue(ctx, 'import.check.amountDecimals', { value: String(value) });
  }
  const cell = text(value);
  if (cell === '') return issue(ctx, 'import.check.amountMissing');
  const parsed = parseLocaleDecimal(cell, language);
  if (parsed.ok) return Math.round(Number(parsed.value) * 100);
  return issue(ctx, parsed.problem === 'decimals' ? 'import.check.amountDecimals' : 'import.check.amount', {
    value: cell,
    example: exampleAmount(language),
  });
}

function iban(ctx: z.RefinementCtx, value: CellValue | undefined): string {
  const cell = text(value);
  if (cell === '') return '';
  return ibanProblem(cell) === undefined ? normalizeIban(cell) : issue(ctx, 'import.check.iban', { value: cell });
}

const cell = z.union([z.string(), z.number(), z.boolean()]).optional();

/** The row schema in a language (amounts typed as text are read in it). */
export function importRowSchema(language: Language): z.ZodType<ImportItem, ImportSheetRow['cells']> {
  return z
    .object({ value_date: cell, amount: cell, purpose: cell, counterpart_name: cell, counterpart_iban: cell, tags: cell, account: cell })
    .transform((row, ctx): ImportItem => ({
      value_date: valueDate(ctx, row.value_date),
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
    const params = (i as { params?: MessageParams }).params;
    return { key: i.message as MessageKey, ...(params === undefined ? {} : { params }) };
  });
  return { ok: false, problems };
}
