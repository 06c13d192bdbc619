/**
 * Number formats that differ by row: an amount column whose currency is each row's (`ColumnCurrency` `byColumn`).
 * The core says which format each row's cell gets; the host only writes it. Works on core rows and on cell rows
 * alike (the currency's source column holds an id or a code, the same in both).
 */

import { amountFormat } from './amount-format';
import type { ColumnSpec } from './workbook-port';

/** A column whose format is each row's: `of(row)` is that row's format (`row` in column order). */
export interface RowFormat {
  column: number;
  of(row: readonly unknown[]): string;
}

/** True for a column whose format is each row's: an amount in each row's currency, with no format of its own. */
export function isRowFormatted(column: ColumnSpec): boolean {
  return column.type === 'amount' && column.numberFormat === undefined && column.currency !== undefined && 'byColumn' in column.currency;
}

/** The columns of `columns` whose format is each row's, left to right (none for most tables). */
export function rowFormats(columns: readonly ColumnSpec[]): RowFormat[] {
  const varying: RowFormat[] = [];
  columns.forEach((column, index) => {
    const currency = column.currency;
    if (!isRowFormatted(column) || currency === undefined || !('byColumn' in currency)) return;
    const source = columns.findIndex((c) => c.key === currency.byColumn);
    // One string per currency, shared by every row that shows it (a pull of 100,000 rows keeps a few).
    const formats = new Map<string, string>();
    const formatOf = (code: string | undefined): string => {
      const key = code ?? '';
      let format = formats.get(key);
      if (format === undefined) {
        format = amountFormat(code);
        formats.set(key, format);
      }
      return format;
    };
    const codes = currency.codes;
    const formatOfValue = (value: unknown): string => {
      if (value === null || value === undefined || value === '') return formatOf(undefined);
      const key = String(value);
      return formatOf(codes === undefined ? key : Object.hasOwn(codes, key) ? codes[key] : undefined);
    };
    // Each row's source value (an account id) maps to its format once: a pull asks for every row, of a few accounts.
    const byValue = new Map<unknown, string>();
    varying.push({
      column: index,
      of: (row) => {
        const value = source < 0 ? undefined : row[source];
        let format = byValue.get(value);
        if (format === undefined) {
          format = formatOfValue(value);
          if (byValue.size < 4_096) byValue.set(value, format);
        }
        return format;
      },
    });
  });
  return varying;
}
