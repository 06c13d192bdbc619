/**
 * PivotTables (ExcelApi 1.8): what a pivot is built from, its hierarchies, and its layout COMPUTED from the source
 * and written to the destination cells, as Excel lays out a compact-form report with one row field, at most one
 * column field and data fields summed (or counted):
 *
 * ```
 * Sum of Amount   Column Labels
 * Row Labels      2026-01   2026-02   Grand Total
 * Rent            -1200     -1200     -2400
 * Sales            5000      4000      9000
 * Grand Total      3800      2800      6600
 * ```
 *
 * Without a column field the header row is `Row Labels | Sum of Amount`. Items are sorted ascending (numbers before
 * text, text case-insensitively), an empty source cell is the item `(blank)`, last. Sum adds the numbers of the
 * source (text and empty cells are skipped, as Excel's Sum does); Count counts non-empty cells. Labels are written as
 * text (a category that looks like a formula stays text). More than one row or column field, filters, sorting by
 * value, subtotals and the other layouts are not modelled.
 */

import type { CellBox } from './address';
import { intersect } from './address';
import type { Result } from './cell';
import { GENERAL } from './cell';
import type { SheetState } from './sheet-state';
import type { WorkbookState } from './workbook-state';
import { dataBox, findTable, tableColumnNames } from './table-state';
import { invalidArgument, itemAlreadyExists, SimError } from '../batch/errors';
import type { PivotSource, PivotState } from './types';

export type { PivotDataField, PivotSource, PivotState, PivotSummary } from './types';

interface SourceData {
  fields: string[];
  records: Result[][];
}

export const BLANK_ITEM = '(blank)';

/** The source's field names (its header row) and records, as their computed results. */
export function pivotSource(wb: WorkbookState, source: PivotSource): SourceData {
  if (source.kind === 'table') {
    const table = findTable(wb, source.tableId);
    const sheet = wb.sheetById(table.sheetId);
    const body = table.emptyBody ? { ...dataBox(table), rowCount: 0 } : dataBox(table);
    return { fields: tableColumnNames(wb, table), records: readResults(sheet, body) };
  }
  const sheet = wb.sheetById(source.sheetId);
  const [header = [], ...records] = readResults(sheet, source.box);
  return { fields: header.map(labelOf), records };
}

function readResults(sheet: SheetState, box: CellBox): Result[][] {
  const out: Result[][] = [];
  for (let r = 0; r < box.rowCount; r += 1) {
    const line: Result[] = [];
    for (let c = 0; c < box.columnCount; c += 1) line.push(sheet.result(box.row + r, box.column + c));
    out.push(line);
  }
  return out;
}

function labelOf(result: Result): string {
  if (result.kind === 'Empty') return BLANK_ITEM;
  if (result.kind === 'Boolean') return result.value ? 'TRUE' : 'FALSE';
  return String(result.value);
}

/** Excel's ascending order of items: numbers, then text (case-insensitive), `(blank)` last. */
function compareItems(a: Result, b: Result): number {
  const rank = (x: Result): number => (x.kind === 'Empty' ? 3 : x.kind === 'Double' ? 0 : x.kind === 'Boolean' ? 2 : 1);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.kind === 'Double' && b.kind === 'Double') return a.value - b.value;
  return labelOf(a).localeCompare(labelOf(b), 'en', { sensitivity: 'base' });
}

/** The distinct items of one field, sorted. */
function itemsOf(records: Result[][], index: number): Result[] {
  const seen = new Map<string, Result>();
  for (const record of records) {
    const value = record[index] ?? { kind: 'Empty' };
    const key = `${value.kind}:${labelOf(value)}`;
    if (!seen.has(key)) seen.set(key, value);
  }
  return [...seen.values()].sort(compareItems);
}

function fieldIndex(fields: string[], name: string): number {
  const index = fields.findIndex((f) => f.toLowerCase() === name.toLowerCase());
  if (index < 0) throw invalidArgument(`The field '${name}' is not in the PivotTable's source.`);
  return index;
}

export function checkPivotField(wb: WorkbookState, pivot: PivotState, name: string): string {
  const fields = pivotSource(wb, pivot.source).fields;
  return fields[fieldIndex(fields, name)] as string;
}

export function addPivot(wb: WorkbookState, sheet: SheetState, name: string, source: PivotSource, anchor: CellBox): PivotState {
  if (typeof name !== 'string' || name.trim() === '') throw invalidArgument();
  if (wb.pivots.some((p) => p.name.toLowerCase() === name.toLowerCase())) throw itemAlreadyExists();
  if (wb.tables.some((t) => t.sheetId === sheet.id && intersect(t.box, anchor))) {
    throw invalidArgument('A PivotTable cannot overlap a table.');
  }
  pivotSource(wb, source);
  const pivot: PivotState = {
    id: wb.newId('pivot'),
    name,
    sheetId: sheet.id,
    anchor: { row: anchor.row, column: anchor.column },
    source,
    rows: [],
    columns: [],
    data: [],
    box: null,
  };
  wb.pivots.push(pivot);
  return pivot;
}

export function deletePivot(wb: WorkbookState, pivot: PivotState): void {
  if (pivot.box) wb.sheetById(pivot.sheetId).clear(pivot.box, true, true);
  wb.pivots.splice(wb.pivots.indexOf(pivot), 1);
}

interface Cellout {
  value: string | number | null;
  text: boolean;
  format?: string;
}

/** The report as cells (row by row), computed from the source. */
export function pivotLayout(wb: WorkbookState, pivot: PivotState): Cellout[][] {
  const { fields, records } = pivotSource(wb, pivot.source);
  const rowField = pivot.rows[0];
  if (rowField === undefined && pivot.data.length === 0) return [];
  const ri = rowField === undefined ? -1 : fieldIndex(fields, rowField);
  const ci = pivot.columns[0] === undefined ? -1 : fieldIndex(fields, pivot.columns[0]);
  const data = pivot.data[0];
  const di = data === undefined ? -1 : fieldIndex(fields, data.field);
  const rowItems = ri < 0 ? [] : itemsOf(records, ri);
  const columnItems = ci < 0 ? [] : itemsOf(records, ci);
  const key = (r: Result | undefined): string => (r === undefined ? '' : `${r.kind}:${labelOf(r)}`);
  const cellOf = (row: Result | undefined, column: Result | undefined): Cellout => {
    if (data === undefined) return { value: null, text: false };
    let total = 0;
    let count = 0;
    for (const record of records) {
      if (row !== undefined && key(record[ri] ?? { kind: 'Empty' }) !== key(row)) continue;
      if (column !== undefined && key(record[ci] ?? { kind: 'Empty' }) !== key(column)) continue;
      const value = record[di] ?? { kind: 'Empty' };
      if (value.kind !== 'Empty') count += 1;
      if (value.kind === 'Double') total += value.value;
    }
    if (count === 0) return { value: null, text: false, format: data.numberFormat };
    return { value: data.summarizeBy === 'Count' ? count : total, text: false, format: data.numberFormat };
  };
  const label = (value: string): Cellout => ({ value, text: true });
  const dataName = data?.name ?? '';
  const out: Cellout[][] = [];
  const columns: Array<Result | undefined> = ci < 0 ? [undefined] : [...columnItems, undefined];
  if (ci >= 0) {
    out.push([label(dataName), label('Column Labels'), ...columnItems.map(() => label(''))]);
    out.push([label('Row Labels'), ...columnItems.map((c) => label(labelOf(c))), label('Grand Total')]);
  } else {
    out.push([label('Row Labels'), label(dataName)]);
  }
  for (const row of rowItems) out.push([label(labelOf(row)), ...columns.map((c) => cellOf(row, c))]);
  out.push([label('Grand Total'), ...columns.map((c) => cellOf(undefined, c))]);
  return out;
}

/** Computes the report again from its source and writes it over the cells the last layout used. */
export function layOutPivot(wb: WorkbookState, pivot: PivotState): void {
  const sheet = wb.sheetById(pivot.sheetId);
  const cells = pivotLayout(wb, pivot);
  const width = Math.max(0, ...cells.map((line) => line.length));
  const box =
    cells.length === 0 ? null : { row: pivot.anchor.row, column: pivot.anchor.column, rowCount: cells.length, columnCount: width };
  if (box && wb.tables.some((t) => t.sheetId === sheet.id && intersect(t.box, box))) {
    throw new SimError('InvalidOperation', 'The PivotTable report would overlap a table.');
  }
  if (pivot.box) sheet.clear(pivot.box, true, true);
  pivot.box = box;
  cells.forEach((line, r) =>
    line.forEach((cell, c) => {
      const row = pivot.anchor.row + r;
      const column = pivot.anchor.column + c;
      sheet.setFormat(row, column, cell.format ?? GENERAL);
      if (cell.value === null) sheet.setContent(row, column, null);
      else if (typeof cell.value === 'number') sheet.setContent(row, column, { kind: 'Double', value: cell.value });
      else sheet.setContent(row, column, { kind: 'String', value: cell.value, quotePrefix: false });
    }),
  );
}
