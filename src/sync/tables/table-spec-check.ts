/**
 * Checks a TableSpec before anything reaches the workbook, the same in every host (the Excel host, the xlsx host):
 * Excel's table name rules, unique headers and keys, the key column, the anchor's cell address.
 */

import { TableLayoutError } from '../table-layout-error';
import type { TableSpec } from '../workbook-port';

const CELL_REFERENCE = /^(\$?[A-Za-z]{1,3}\$?\d+|[Rr]\d*[Cc]\d*|[RrCc])$/;

/** Excel's table name rules: letter, `_` or `\` first; letters, digits, `_`, `.`, `\` after; not a cell reference. */
export function isValidTableName(name: string): boolean {
  return name.length > 0 && name.length <= 255 && /^[\p{L}_\\][\p{L}\p{N}_.\\]*$/u.test(name) && !CELL_REFERENCE.test(name);
}

/** Returns the index of the key column. */
export function checkTableSpec(spec: TableSpec): number {
  if (!isValidTableName(spec.tableName)) throw new TableLayoutError(`Not a valid Excel table name: ${JSON.stringify(spec.tableName)}`);
  if (spec.columns.length === 0) throw new TableLayoutError('A table needs at least one column.');
  const headers = new Set<string>();
  const keys = new Set<string>();
  for (const column of spec.columns) {
    const header = column.header.toLowerCase();
    if (column.header === '' || headers.has(header))
      throw new TableLayoutError(`Column headers must be non-empty and unique: ${JSON.stringify(column.header)}`);
    if (keys.has(column.key)) throw new TableLayoutError(`Column keys must be unique: ${JSON.stringify(column.key)}`);
    headers.add(header);
    keys.add(column.key);
  }
  const keyIndex = spec.columns.findIndex((c) => c.key === spec.keyColumn);
  if (keyIndex < 0) throw new TableLayoutError(`The key column ${JSON.stringify(spec.keyColumn)} is not one of the columns.`);
  return keyIndex;
}

/** `A1` / `$B$3` → 0-based row and column. */
export function parseAnchor(anchor: string): { row: number; column: number } {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(anchor.trim());
  if (!m) throw new TableLayoutError(`Not a cell address: ${JSON.stringify(anchor)}`);
  const letters = (m[1] ?? '').toUpperCase();
  let column = 0;
  for (const ch of letters) column = column * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(m[2]);
  if (row < 1 || row > 1_048_576 || column > 16_384) throw new TableLayoutError(`Not a cell address: ${JSON.stringify(anchor)}`);
  return { row: row - 1, column: column - 1 };
}
