/**
 * Writing one cell of a table: the format first, then the value, as the Excel host does. A text cell is a plain
 * string value in a text-formatted (`@`) cell: exceljs writes a string as a shared string, never as a formula,
 * whatever it looks like (`=HYPERLINK(…)`, `+1`, `0012`). A text is kept as it is in memory; `save-workbook.ts` escapes what the file format needs. Each cell gets a style object of its own: exceljs shares
 * style objects between cells loaded with the same style, and a format set on one would change the others.
 */

import type { Cell, CellValue as ExceljsValue } from 'exceljs';
import type { CellValue } from '../../sync/cell-values';
import { rowFormats } from '../../sync/row-formats';
import type { ColumnSpec } from '../../sync/workbook-port';

export function setFormat(cell: Cell, numFmt: string): void {
  cell.style = { ...cell.style, numFmt };
}

export function writeCell(cell: Cell, value: CellValue | ExceljsValue, numFmt: string): void {
  setFormat(cell, numFmt);
  cell.value = value === '' ? null : value;
}

/** Each pulled column's format for a row: the column's (null: each row's, told by the core). */
export function formatsOfRow(columns: readonly ColumnSpec[], formats: readonly (string | null)[]): (row: readonly CellValue[]) => string[] {
  const varying = new Map(rowFormats(columns).map((f) => [f.column, f] as const));
  return (row) => formats.map((format, c) => format ?? varying.get(c)?.of(row) ?? 'General');
}
