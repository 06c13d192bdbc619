/**
 * The number format a pulled column gets on refresh, the same in every host: a format the user chose is kept, the
 * add-in's own formats are replaced by what the pull says now.
 */

import { isAmountFormat } from './amount-format';
import { numberFormatFor, TEXT_FORMAT } from './cell-values';
import { isRowFormatted } from './row-formats';
import type { ColumnSpec } from './workbook-port';

/**
 * The format a non-text column of the spec's own format has now, if one to keep: anything but General, empty and text
 * (the user's, or the currency the add-in wrote at the last pull).
 */
export function formatInPlace(column: ColumnSpec, current: string | undefined): string | undefined {
  if (column.type === 'text' || column.numberFormat !== undefined) return undefined;
  return current !== undefined && current !== '' && current !== 'General' && current !== TEXT_FORMAT ? current : undefined;
}

/**
 * The column's format on refresh (null: each row's, `row-formats.ts`). A format the user chose for a non-text column
 * is kept; an amount format the add-in wrote (`#,##0.00`, with any currency) is not the user's: the amounts show the
 * currency the pull says now (the company's may have changed in Settings).
 */
export function refreshFormat(column: ColumnSpec, current: string | undefined): string | null {
  const kept = formatInPlace(column, current);
  if (kept !== undefined && !(column.type === 'amount' && isAmountFormat(kept))) return kept;
  return isRowFormatted(column) ? null : numberFormatFor(column);
}
