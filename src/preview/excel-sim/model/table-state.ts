/**
 * Tables: geometry, name rules and row/column edits. A table always keeps at least one data row (Excel does:
 * deleting the last row leaves an empty one). Only cells inside the table's own column band (rows) or row
 * band (columns) move when rows or columns are inserted or deleted, and tables below or to the right move
 * with them; other objects (ranges already bound, formulas) are not adjusted.
 */

import { intersect, isCellReference, MAX_ROWS, type CellBox } from './address';
import { ERROR_MESSAGES, invalidArgument, invalidOperation, itemNotFound } from '../batch/errors';
import { formatResult } from './number-format';
import type { SheetState } from './sheet-state';
import { writeCells } from './cell-write';
import type { TableState } from './types';
import type { WorkbookState } from './workbook-state';

/** Name rules: letter, underscore or backslash first; letters, digits, `_`, `.`, `\` after; no cell reference; unique (case-insensitive) in the workbook. */
export function checkTableName(wb: WorkbookState, name: string, self?: TableState): void {
  if (
    typeof name !== 'string' ||
    name.length === 0 ||
    name.length > 255 ||
    !/^[\p{L}_\\][\p{L}\p{N}_.\\]*$/u.test(name) ||
    isCellReference(name)
  ) {
    throw invalidArgument();
  }
  const lower = name.toLowerCase();
  if (wb.tables.some((t) => t !== self && t.name.toLowerCase() === lower)) throw invalidArgument();
}

export function headerBox(t: TableState): CellBox | null {
  return t.showHeaders ? { ...t.box, rowCount: 1 } : null;
}

export function dataBox(t: TableState): CellBox {
  const skip = t.showHeaders ? 1 : 0;
  return { ...t.box, row: t.box.row + skip, rowCount: t.box.rowCount - skip - (t.showTotals ? 1 : 0) };
}

export function totalsBox(t: TableState): CellBox | null {
  return t.showTotals ? { ...t.box, row: t.box.row + t.box.rowCount - 1, rowCount: 1 } : null;
}

/** Rows a table needs besides its data body (at least one data row is kept). */
function frameRows(t: TableState): number {
  return (t.showHeaders ? 1 : 0) + (t.showTotals ? 1 : 0);
}

/** Excel's built-in table styles (the only ones a new workbook has). */
const BUILT_IN_STYLES: readonly string[] = [
  ...Array.from({ length: 21 }, (_, i) => `TableStyleLight${i + 1}`),
  ...Array.from({ length: 28 }, (_, i) => `TableStyleMedium${i + 1}`),
  ...Array.from({ length: 11 }, (_, i) => `TableStyleDark${i + 1}`),
];

/** `Table.style`: a built-in style name (case-insensitive; stored as Excel spells it); others → InvalidArgument. */
export function checkTableStyle(style: unknown): string {
  if (typeof style !== 'string') throw invalidArgument();
  const lower = style.toLowerCase();
  const found = BUILT_IN_STYLES.find((s) => s.toLowerCase() === lower);
  if (found === undefined) throw invalidArgument();
  return found;
}

export function findTable(wb: WorkbookState, key: string, sheetId?: string): TableState {
  const lower = key.toLowerCase();
  const table = wb.tables.find((t) => (t.id === key || t.name.toLowerCase() === lower) && (!sheetId || t.sheetId === sheetId));
  if (!table) throw itemNotFound();
  return table;
}

export function tableColumnNames(wb: WorkbookState, t: TableState): string[] {
  if (!t.showHeaders) return [...t.columnNames];
  const sheet = wb.sheetById(t.sheetId);
  return t.columnNames.map((_, c) => formatResult(sheet.result(t.box.row, t.box.column + c), sheet.format(t.box.row, t.box.column + c)));
}

/** Header names as Excel fixes them: empty → ColumnN, duplicates get a number appended. */
function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw, i) => {
    let name = raw === '' ? `Column${i + 1}` : raw;
    for (let n = 2; seen.has(name.toLowerCase()); n += 1) name = `${raw === '' ? 'Column' : raw}${n}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

function writeHeaders(wb: WorkbookState, sheet: SheetState, t: TableState, names: string[]): void {
  t.columnNames = uniqueNames(names);
  if (t.showHeaders) {
    t.columnNames.forEach((name, c) => sheet.setContent(t.box.row, t.box.column + c, { kind: 'String', value: name, quotePrefix: false }));
  }
  void wb;
}

function checkNoOverlap(wb: WorkbookState, sheetId: string, box: CellBox, self?: TableState): void {
  if (wb.tables.some((t) => t !== self && t.sheetId === sheetId && intersect(t.box, box))) {
    throw invalidArgument(ERROR_MESSAGES.TableOverlap);
  }
}

export function addTable(wb: WorkbookState, sheet: SheetState, box: CellBox, hasHeaders: boolean): TableState {
  checkNoOverlap(wb, sheet.id, box);
  let n = wb.tables.length + 1;
  while (wb.tables.some((t) => t.name.toLowerCase() === `table${n}`)) n += 1;
  const table: TableState = {
    id: String(wb.tables.length + 1 + wb.tables.reduce((m, t) => Math.max(m, Number(t.id) || 0), 0)),
    name: `Table${n}`,
    sheetId: sheet.id,
    box: { ...box },
    showHeaders: true,
    showTotals: false,
    style: 'TableStyleMedium2',
    showBandedRows: true,
    showBandedColumns: false,
    showFilterButton: true,
    highlightFirstColumn: false,
    highlightLastColumn: false,
    columnNames: [],
    columnIds: Array.from({ length: box.columnCount }, (_, i) => i + 1),
    nextColumnId: box.columnCount + 1,
    emptyBody: false,
  };
  if (!hasHeaders) {
    // Excel generates a header row and shifts the data down by one row.
    sheet.shiftRows(box.row, 1, box.column, box.columnCount);
    table.box.rowCount += 1;
    writeHeaders(
      wb,
      sheet,
      table,
      Array.from({ length: box.columnCount }, () => ''),
    );
  } else {
    const names = Array.from({ length: box.columnCount }, (_, c) =>
      formatResult(sheet.result(box.row, box.column + c), sheet.format(box.row, box.column + c)),
    );
    writeHeaders(wb, sheet, table, names);
  }
  if (table.box.rowCount < 2) {
    table.box.rowCount = 2; // a table has at least one (empty) data row
    table.emptyBody = true;
  }
  wb.tables.push(table);
  return table;
}

/** Moves other tables of the sheet that start at or below `fromRow` and share columns with the band. */
function moveTablesBelow(wb: WorkbookState, self: TableState, fromRow: number, delta: number): void {
  for (const t of wb.tables) {
    if (t === self || t.sheetId !== self.sheetId || t.box.row < fromRow) continue;
    const overlapsColumns = t.box.column < self.box.column + self.box.columnCount && self.box.column < t.box.column + t.box.columnCount;
    if (overlapsColumns) t.box.row += delta;
  }
}

/** True when the data body is the blank row of an empty table (still blank: cells written into it make it a row). */
function isEmptyTable(sheet: SheetState, t: TableState, data: CellBox): boolean {
  if (!t.emptyBody || data.rowCount !== 1) return false;
  for (let c = 0; c < data.columnCount; c += 1) if (sheet.content(data.row, data.column + c) !== null) return false;
  return true;
}

/**
 * Inserts `count` rows at `index` of the data body (undefined: at the end). Rows added with values to an empty
 * table (its one blank data row) fill that row first, as Excel does: the reference sample makes a table from
 * "A1:D1" and adds seven rows, and the table "contains four columns and seven rows of data" (Work with tables
 * using the Excel JavaScript API, "Create a table").
 */
export function addRows(wb: WorkbookState, t: TableState, index: number | undefined, values: unknown, count: number): number {
  const data = dataBox(t);
  const at = index ?? data.rowCount;
  if (!Number.isInteger(at) || at < 0 || at > data.rowCount || count < 1) throw invalidArgument();
  const sheet = wb.sheetById(t.sheetId);
  if (values !== undefined && values !== null && isEmptyTable(sheet, t, data)) {
    writeCheck(values, count, t.box.columnCount);
    t.emptyBody = false;
    if (count > 1) addRows(wb, t, 1, undefined, count - 1);
    writeCells(sheet, { ...data, rowCount: count }, 'values', values, wb.currentYear);
    return 0;
  }
  if (t.box.row + t.box.rowCount + count > MAX_ROWS) throw invalidArgument();
  const insertRow = data.row + at;
  const target: CellBox = { row: insertRow, column: t.box.column, rowCount: count, columnCount: t.box.columnCount };
  if (values !== undefined && values !== null) writeCheck(values, count, t.box.columnCount);
  sheet.shiftRows(insertRow, count, t.box.column, t.box.columnCount);
  moveTablesBelow(wb, t, insertRow, count);
  t.box.rowCount += count;
  t.emptyBody = false;
  // New rows take the column's number format and data validation (from the row above, or below when inserting
  // first): a table that grows keeps its columns' lists, as Excel extends a table column's validation to new rows.
  const source = at > 0 ? insertRow - 1 : insertRow + count;
  for (let c = 0; c < t.box.columnCount; c += 1) {
    const format = sheet.format(source, t.box.column + c);
    for (let r = 0; r < count; r += 1) sheet.setFormat(insertRow + r, t.box.column + c, format);
    const validation = sheet.validations.get(source, t.box.column + c);
    if (validation !== undefined)
      sheet.validations.update({ row: insertRow, column: t.box.column + c, rowCount: count, columnCount: 1 }, () => validation);
  }
  if (values !== undefined && values !== null) writeCells(sheet, target, 'values', values, wb.currentYear);
  return at;
}

function writeCheck(values: unknown, rows: number, columns: number): void {
  if (!Array.isArray(values) || values.length !== rows || !values.every((r) => Array.isArray(r) && r.length === columns)) {
    throw invalidArgument(ERROR_MESSAGES.DimensionMismatch);
  }
}

/**
 * Deletes data rows (0-based indexes, any order) in one pass over the sheet's cells. Deleting every row keeps
 * one empty data row, as Excel does.
 */
export function deleteRows(wb: WorkbookState, t: TableState, indices: number[]): void {
  const data = dataBox(t);
  const unique = [...new Set(indices)];
  if (unique.some((i) => !Number.isInteger(i) || i < 0 || i >= data.rowCount)) throw invalidArgument();
  const sheet = wb.sheetById(t.sheetId);
  const all = unique.length === data.rowCount;
  if (all) t.emptyBody = true;
  const doomed = all ? unique.filter((i) => i !== 0) : unique;
  if (all) sheet.clear({ ...data, rowCount: 1 }, true, false);
  if (doomed.length === 0) return;
  sheet.deleteRows(
    doomed.map((i) => data.row + i),
    t.box.column,
    t.box.columnCount,
  );
  moveTablesBelow(wb, t, t.box.row + t.box.rowCount, -doomed.length);
  t.box.rowCount -= doomed.length;
}

export function addColumn(wb: WorkbookState, t: TableState, index: number | undefined, values: unknown, name?: string): number {
  const at = index ?? t.box.columnCount;
  if (!Number.isInteger(at) || at < 0 || at > t.box.columnCount) throw invalidArgument();
  if (values !== undefined && values !== null) writeCheck(values, t.box.rowCount, 1);
  const sheet = wb.sheetById(t.sheetId);
  const names = tableColumnNames(wb, t);
  const column = t.box.column + at;
  checkNoOverlap(wb, t.sheetId, { ...t.box, columnCount: t.box.columnCount + 1 }, t);
  sheet.shiftColumns(column, 1, t.box.row, t.box.rowCount);
  t.box.columnCount += 1;
  t.columnIds.splice(at, 0, t.nextColumnId);
  t.nextColumnId += 1;
  if (values !== undefined && values !== null) {
    writeCells(sheet, { row: t.box.row, column, rowCount: t.box.rowCount, columnCount: 1 }, 'values', values, wb.currentYear);
  }
  const header = t.showHeaders ? formatResult(sheet.result(t.box.row, column), sheet.format(t.box.row, column)) : '';
  names.splice(at, 0, name ?? header);
  writeHeaders(wb, sheet, t, names);
  return at;
}

export function deleteColumn(wb: WorkbookState, t: TableState, index: number): void {
  if (t.box.columnCount === 1) throw invalidArgument();
  const names = tableColumnNames(wb, t);
  wb.sheetById(t.sheetId).shiftColumns(t.box.column + index, -1, t.box.row, t.box.rowCount);
  names.splice(index, 1);
  t.columnIds.splice(index, 1);
  t.box.columnCount -= 1;
  t.columnNames = names;
}

/** resize: same sheet, same top row (the header stays where it is), at least one data row. */
export function resizeTable(wb: WorkbookState, t: TableState, sheetId: string, box: CellBox): void {
  if (sheetId !== t.sheetId || box.row !== t.box.row || box.column !== t.box.column || box.rowCount < frameRows(t) + 1) {
    throw invalidArgument();
  }
  checkNoOverlap(wb, sheetId, box, t);
  const sheet = wb.sheetById(sheetId);
  const old = tableColumnNames(wb, t);
  t.box = { ...box };
  t.emptyBody = false;
  while (t.columnIds.length < box.columnCount) t.columnIds.push(t.nextColumnId++);
  t.columnIds.length = box.columnCount;
  const names = Array.from({ length: box.columnCount }, (_, c) =>
    c < old.length
      ? (old[c] ?? '')
      : t.showHeaders
        ? formatResult(sheet.result(box.row, box.column + c), sheet.format(box.row, box.column + c))
        : '',
  );
  writeHeaders(wb, sheet, t, names);
}

/** Table.delete removes the table and clears its cells (contents and formats). */
export function deleteTable(wb: WorkbookState, t: TableState): void {
  wb.sheetById(t.sheetId).clear(t.box, true, true);
  removeTable(wb, t);
}

/** The table is no longer a table (Table.convertToRange); its cells stay as they are. */
export function removeTable(wb: WorkbookState, t: TableState): void {
  wb.tables.splice(wb.tables.indexOf(t), 1);
}

export function setShowHeaders(wb: WorkbookState, t: TableState, show: boolean): void {
  if (show === t.showHeaders) return;
  const sheet = wb.sheetById(t.sheetId);
  if (!show) {
    t.columnNames = tableColumnNames(wb, t);
    sheet.clear(headerBox(t) ?? t.box, true, false);
    t.box = { ...t.box, row: t.box.row + 1, rowCount: t.box.rowCount - 1 };
    t.showHeaders = false;
    return;
  }
  const above: CellBox = { ...t.box, row: t.box.row - 1, rowCount: 1 };
  const aboveFree =
    t.box.row > 0 &&
    Array.from({ length: t.box.columnCount }, (_, c) => sheet.cell(above.row, above.column + c)?.content ?? null).every(
      (c) => c === null,
    ) &&
    !wb.tables.some((o) => o !== t && o.sheetId === t.sheetId && intersect(o.box, above));
  if (aboveFree) t.box = { ...t.box, row: t.box.row - 1, rowCount: t.box.rowCount + 1 };
  else {
    sheet.shiftRows(t.box.row, 1, t.box.column, t.box.columnCount);
    t.box = { ...t.box, rowCount: t.box.rowCount + 1 };
  }
  t.showHeaders = true;
  writeHeaders(wb, sheet, t, t.columnNames);
}

/**
 * Table.showTotals. On: the row below the table becomes its totals row (first column `Total`) when it is free
 * (no content, no other table), else the cells below, in the table's columns, move down one row to make room
 * (the same rule as showing the header row). Off: the totals row's cells are cleared and the table ends above it.
 * Excel also puts a SUBTOTAL formula in the last column; the simulation leaves the other cells empty.
 */
export function setShowTotals(wb: WorkbookState, t: TableState, show: boolean): void {
  if (show === t.showTotals) return;
  const sheet = wb.sheetById(t.sheetId);
  if (!show) {
    sheet.clear(totalsBox(t) ?? t.box, true, false);
    t.box = { ...t.box, rowCount: t.box.rowCount - 1 };
    t.showTotals = false;
    return;
  }
  const below: CellBox = { ...t.box, row: t.box.row + t.box.rowCount, rowCount: 1 };
  if (below.row >= MAX_ROWS) throw invalidArgument();
  const belowFree =
    Array.from({ length: t.box.columnCount }, (_, c) => sheet.cell(below.row, below.column + c)?.content ?? null).every(
      (c) => c === null,
    ) && !wb.tables.some((o) => o !== t && o.sheetId === t.sheetId && intersect(o.box, below));
  if (!belowFree) {
    sheet.shiftRows(below.row, 1, t.box.column, t.box.columnCount);
    moveTablesBelow(wb, t, below.row, 1);
  }
  t.box = { ...t.box, rowCount: t.box.rowCount + 1 };
  t.showTotals = true;
  sheet.setContent(below.row, t.box.column, { kind: 'String', value: 'Total', quotePrefix: false });
}

/**
 * Range.insert / Range.delete through tables: checks (before any cell moves) and returns what to do to the
 * sheet's tables once the cells have moved. `box` is the inserted or deleted range; `axis` the shift (`rows`:
 * Down/Up, `columns`: Right/Left). A table the shift reaches moves with its cells when it lies entirely past the
 * inserted/deleted cells, grows when cells are inserted inside it (new columns get `ColumnN` headers), and
 * shrinks when some of its rows/columns are deleted (all of them: the table is gone). A shift that would move
 * only part of a table (the range covers some of its columns for a row shift) fails with InvalidOperation, as
 * Excel refuses it; so does deleting a table's header row without the rest of the table (assumption), and a
 * table keeps at least one data row.
 */
export function shiftTables(wb: WorkbookState, sheetId: string, box: CellBox, axis: 'rows' | 'columns', insert: boolean): () => void {
  const along = axis === 'rows' ? { start: box.row, count: box.rowCount } : { start: box.column, count: box.columnCount };
  const across = axis === 'rows' ? { start: box.column, count: box.columnCount } : { start: box.row, count: box.rowCount };
  const changes: Array<() => void> = [];
  for (const t of wb.tables) {
    if (t.sheetId !== sheetId) continue;
    const tAlong = axis === 'rows' ? { start: t.box.row, count: t.box.rowCount } : { start: t.box.column, count: t.box.columnCount };
    const tAcross = axis === 'rows' ? { start: t.box.column, count: t.box.columnCount } : { start: t.box.row, count: t.box.rowCount };
    const overlapsAcross = tAcross.start < across.start + across.count && across.start < tAcross.start + tAcross.count;
    if (!overlapsAcross || tAlong.start + tAlong.count <= along.start) continue; // not reached by the shift
    if (tAcross.start < across.start || tAcross.start + tAcross.count > across.start + across.count) {
      throw invalidOperation('This operation is not allowed. The operation is attempting to shift cells in a table on your worksheet.');
    }
    const set = (start: number, count: number): void => {
      if (axis === 'rows') t.box = { ...t.box, row: start, rowCount: count };
      else t.box = { ...t.box, column: start, columnCount: count };
    };
    if (insert) {
      if (along.start <= tAlong.start) changes.push(() => set(tAlong.start + along.count, tAlong.count));
      else if (axis === 'rows') changes.push(() => set(tAlong.start, tAlong.count + along.count));
      else {
        const at = along.start - tAlong.start;
        const names = tableColumnNames(wb, t);
        changes.push(() => {
          set(tAlong.start, tAlong.count + along.count);
          const ids = Array.from({ length: along.count }, () => t.nextColumnId++);
          t.columnIds.splice(at, 0, ...ids);
          names.splice(at, 0, ...ids.map(() => ''));
          writeHeaders(wb, wb.sheetById(t.sheetId), t, names);
        });
      }
      continue;
    }
    const end = along.start + along.count;
    if (tAlong.start >= end) {
      changes.push(() => set(tAlong.start - along.count, tAlong.count));
      continue;
    }
    const first = Math.max(along.start, tAlong.start);
    const last = Math.min(end, tAlong.start + tAlong.count);
    const removed = last - first;
    if (removed === tAlong.count) {
      changes.push(() => removeTable(wb, t));
      continue;
    }
    const start = Math.min(tAlong.start, along.start);
    if (axis === 'rows') {
      if (t.showHeaders && first === tAlong.start) throw invalidOperation();
      if (t.showTotals && last === tAlong.start + tAlong.count) throw invalidOperation(); // assumption, as for headers
      const minimum = frameRows(t) + 1;
      changes.push(() => set(start, Math.max(minimum, tAlong.count - removed)));
    } else {
      const names = tableColumnNames(wb, t);
      changes.push(() => {
        set(start, tAlong.count - removed);
        t.columnIds.splice(first - tAlong.start, removed);
        names.splice(first - tAlong.start, removed);
        t.columnNames = names;
      });
    }
  }
  return () => {
    for (const change of changes) change();
  };
}
