/** `Excel.Range`: a rectangle of one sheet, bound by its Instantiate action in the next sync (later inserts/deletes do not move it). */

import {
  checkInGrid,
  formatAddress,
  intersect,
  isUnbounded,
  MAX_COLUMNS,
  MAX_ROWS,
  parseLocalAddress,
  splitSheet,
  type CellBox,
} from '../model/address';
import type { Named, Supported } from './api-shape';
import type { RangeBinding } from './bindings';
import type { CellValue } from '../model/cell';
import { readCells, writeCells, type ReadProperty } from '../model/cell-write';
import { SimClientObject } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { AnyProxy, ExecEnv } from './types';
import { ERROR_MESSAGES, invalidArgument, invalidOperation, itemNotFound, SimError } from '../batch/errors';
import { SimDataValidation } from './data-validation';
import { SimRangeFormat } from './range-format';
import type { SheetState } from '../model/sheet-state';
import { shiftFrozen } from '../model/frozen-shift';
import { shiftTables } from '../model/table-state';
import { makeWorksheetProxy, type WorksheetProxy } from './worksheet-proxy';

const RANGE_PROPERTIES = [
  'address',
  'addressLocal',
  'cellCount',
  'columnCount',
  'columnIndex',
  'formulas',
  'formulasR1C1',
  'numberFormat',
  'rowCount',
  'rowIndex',
  'text',
  'values',
  'valueTypes',
] as const;

const CELL_PROPERTIES: readonly string[] = ['formulas', 'formulasR1C1', 'numberFormat', 'text', 'values', 'valueTypes'];

type RangeMembers =
  | 'values'
  | 'formulas'
  | 'formulasR1C1'
  | 'numberFormat'
  | 'text'
  | 'valueTypes'
  | 'address'
  | 'addressLocal'
  | 'rowCount'
  | 'columnCount'
  | 'cellCount'
  | 'rowIndex'
  | 'columnIndex'
  | 'getCell'
  | 'getResizedRange'
  | 'getOffsetRange'
  | 'getAbsoluteResizedRange'
  | 'getUsedRange'
  | 'getUsedRangeOrNullObject'
  | 'getRow'
  | 'getColumn'
  | 'getLastRow'
  | 'getLastColumn'
  | 'getLastCell'
  | 'getRowsAbove'
  | 'getRowsBelow'
  | 'getColumnsBefore'
  | 'getColumnsAfter'
  | 'getBoundingRect'
  | 'getIntersection'
  | 'getIntersectionOrNullObject'
  | 'getEntireColumn'
  | 'getEntireRow'
  | 'clear'
  | 'select'
  | 'group'
  | 'ungroup'
  | 'delete'
  | 'insert'
  | 'getSpillingToRange'
  | 'getSpillingToRangeOrNullObject'
  | 'getSpillParent'
  | 'getSpillParentOrNullObject'
  | 'load'
  | 'isNullObject';

/** Excel's outline: at most 8 levels of groups. */
const MAX_OUTLINE_LEVELS = 8;

/** A change of the range's contents by this add-in, for the changed events (proxies/worksheet-changed-events.ts). */
function recordEdit(env: ExecEnv, binding: RangeBinding): void {
  env.state.events.record({ sheetId: binding.sheetId, box: { ...binding.box }, triggerSource: 'ThisLocalAddin' });
}

export function sheetOf(env: ExecEnv, binding: RangeBinding): SheetState {
  return env.state.sheetById(binding.sheetId);
}

/**
 * The rectangle of `another` (a Range of the same request context, or an address, optionally naming this
 * range's sheet) for getBoundingRect/getIntersection. Another sheet, or a null Range, → InvalidArgument.
 */
function otherBox(env: ExecEnv, b: RangeBinding, another: unknown, context: unknown): CellBox {
  if (another instanceof SimClientObject) {
    if (another.context !== context) throw new SimError('InvalidRequestContext', ERROR_MESSAGES.InvalidRequestContext);
    const other = (another as SimRange).bindIn(env);
    if (other === null || other.sheetId !== b.sheetId) throw invalidArgument();
    return other.box;
  }
  if (typeof another !== 'string' || another === '') throw invalidArgument();
  const { sheet, local } = splitSheet(another);
  if (sheet !== undefined && sheet.toLowerCase() !== sheetOf(env, b).name.toLowerCase()) throw invalidArgument();
  return parseLocalAddress(local);
}

/**
 * `getRowsAbove`/`getRowsBelow`/`getColumnsBefore`/`getColumnsAfter` along one axis: `count` (default 1) lines
 * outside the range on that side, or, negative, `-count` lines inside it on that side (the reference's "use a
 * negative number to create a range within the current range"). 0 or a non-integer → InvalidArgument.
 */
function beside(start: number, length: number, count: number | undefined, after: boolean): { start: number; length: number } {
  const n = count ?? 1;
  if (!Number.isInteger(n) || n === 0) throw invalidArgument();
  if (n > 0) return after ? { start: start + length, length: n } : { start: start - n, length: n };
  if (-n > length) throw invalidArgument();
  return after ? { start: start + length + n, length: -n } : { start, length: -n };
}

function describe(args: unknown[]): string {
  return args.map((a) => (a instanceof SimClientObject ? a.objectPath : (JSON.stringify(a) ?? 'undefined'))).join(',');
}

const RANGE_NAVIGATION: readonly string[] = ['worksheet', 'format', 'dataValidation'];

function single(b: RangeBinding): boolean {
  return b.box.rowCount === 1 && b.box.columnCount === 1;
}

function parentBox(sheet: SheetState, row: number, column: number): CellBox | undefined {
  const anchor = sheet.spillParent(row, column);
  return anchor === undefined ? undefined : { ...anchor, rowCount: 1, columnCount: 1 };
}

export class SimRange
  extends SimClientObject<RangeBinding, WorkbookState>
  implements Supported<Excel.Range, RangeMembers>, Named<Excel.Range, 'format' | 'worksheet' | 'dataValidation'>
{
  protected readonly entityName = 'Range';
  protected readonly scalarNames = RANGE_PROPERTIES;
  protected override readonly navigationNames = RANGE_NAVIGATION;
  private worksheetProxy: WorksheetProxy | undefined;
  private formatProxy: SimRangeFormat | undefined;
  private validationProxy: SimDataValidation | undefined;

  protected override navigation(name: string): AnyProxy {
    if (name === 'worksheet') return this.worksheet;
    if (name === 'format') return this.format;
    if (name === 'dataValidation') return this.dataValidation;
    return super.navigation(name);
  }

  /** A range derived from this one (bound by its Instantiate action, in the next sync). */
  private derive(name: string, args: unknown[], make: (env: ExecEnv, b: RangeBinding) => RangeBinding | null): SimRange {
    return new SimRange(
      this.context,
      `${this.objectPath}.${name}(${describe(args)})`,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : make(env, b);
      },
      `Range.${name}`,
    );
  }

  private relative(name: string, args: unknown[], box: (b: CellBox) => CellBox): SimRange {
    return this.derive(name, args, (_env, b) => {
      const next = box(b.box);
      if (![next.row, next.column, next.rowCount, next.columnCount].every(Number.isInteger)) throw invalidArgument();
      checkInGrid(next);
      return { sheetId: b.sheetId, box: next };
    });
  }

  protected readProperties(env: ExecEnv, b: RangeBinding, select: readonly string[]): Record<string, unknown> {
    const sheet = sheetOf(env, b);
    const cells = b.box.rowCount * b.box.columnCount;
    // Entire rows/columns: cell-level properties come back null (and so are not limited by the cell cap).
    const unbounded = isUnbounded(b.box);
    if (!unbounded && cells > env.maxReadCells && select.some((name) => CELL_PROPERTIES.includes(name))) {
      throw new SimError('RangeExceedsLimit', ERROR_MESSAGES.RangeExceedsLimit);
    }
    const out: Record<string, unknown> = {};
    for (const name of select) {
      if (CELL_PROPERTIES.includes(name)) out[name] = unbounded ? null : readCells(sheet, b.box, name as ReadProperty);
      else if (name === 'address') out[name] = formatAddress(sheet.name, b.box);
      else if (name === 'addressLocal') out[name] = formatAddress(sheet.name, b.box);
      else if (name === 'cellCount') out[name] = cells;
      else if (name === 'rowCount') out[name] = b.box.rowCount;
      else if (name === 'columnCount') out[name] = b.box.columnCount;
      else if (name === 'rowIndex') out[name] = b.box.row;
      else if (name === 'columnIndex') out[name] = b.box.column;
    }
    return out;
  }

  get values(): CellValue[][] {
    return this.read('values');
  }
  set values(input: unknown) {
    this.setProperty('values', input, (env, b) => {
      writeCells(sheetOf(env, b), b.box, 'values', input, env.state.currentYear);
      recordEdit(env, b);
    });
  }

  get formulas(): CellValue[][] {
    return this.read('formulas');
  }
  set formulas(input: unknown) {
    this.setProperty('formulas', input, (env, b) => {
      writeCells(sheetOf(env, b), b.box, 'formulas', input, env.state.currentYear);
      recordEdit(env, b);
    });
  }

  /** Formulas in R1C1 notation, relative to each cell; writing a scalar fills a range the way Excel fills a column. */
  get formulasR1C1(): CellValue[][] {
    return this.read('formulasR1C1');
  }
  set formulasR1C1(input: unknown) {
    this.setProperty('formulasR1C1', input, (env, b) => {
      writeCells(sheetOf(env, b), b.box, 'formulasR1C1', input, env.state.currentYear);
      recordEdit(env, b);
    });
  }

  get numberFormat(): CellValue[][] {
    return this.read('numberFormat');
  }
  set numberFormat(input: unknown) {
    this.setProperty('numberFormat', input, (env, b) => writeCells(sheetOf(env, b), b.box, 'numberFormat', input, env.state.currentYear));
  }

  get text(): string[][] {
    return this.read('text');
  }
  get valueTypes(): Excel.RangeValueType[][] {
    return this.read('valueTypes');
  }
  get address(): string {
    return this.read('address');
  }
  get addressLocal(): string {
    return this.read('addressLocal');
  }
  get rowCount(): number {
    return this.read('rowCount');
  }
  get columnCount(): number {
    return this.read('columnCount');
  }
  get cellCount(): number {
    return this.read('cellCount');
  }
  get rowIndex(): number {
    return this.read('rowIndex');
  }
  get columnIndex(): number {
    return this.read('columnIndex');
  }

  /** Navigation property: the same proxy on every access. */
  get worksheet(): WorksheetProxy {
    this.worksheetProxy ??= makeWorksheetProxy(
      this.context,
      `${this.objectPath}.worksheet`,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : { sheetId: b.sheetId };
      },
      'Range.worksheet',
    );
    return this.worksheetProxy;
  }

  /** Navigation property (font, fill, alignment, widths; see range-format.ts): the same proxy on every access. */
  get format(): SimRangeFormat {
    this.formatProxy ??= new SimRangeFormat(this.context, `${this.objectPath}.format`, (env) => this.bindIn(env), 'Range.format');
    return this.formatProxy;
  }

  /** Navigation property (ExcelApi 1.8; see data-validation.ts): the same proxy on every access. */
  get dataValidation(): SimDataValidation {
    this.validationProxy ??= new SimDataValidation(
      this.context,
      `${this.objectPath}.dataValidation`,
      (env) => this.bindIn(env),
      'Range.dataValidation',
    );
    return this.validationProxy;
  }

  getCell(row: number, column: number): SimRange {
    return this.relative('getCell', [row, column], (b) => ({ row: b.row + row, column: b.column + column, rowCount: 1, columnCount: 1 }));
  }

  getRow(row: number): SimRange {
    return this.relative('getRow', [row], (b) => ({ ...b, row: b.row + row, rowCount: 1 }));
  }

  getColumn(column: number): SimRange {
    return this.relative('getColumn', [column], (b) => ({ ...b, column: b.column + column, columnCount: 1 }));
  }

  getLastRow(): SimRange {
    return this.relative('getLastRow', [], (b) => ({ ...b, row: b.row + b.rowCount - 1, rowCount: 1 }));
  }

  /** The last column within the range (`B2:D5` → `D2:D5`). */
  getLastColumn(): SimRange {
    return this.relative('getLastColumn', [], (b) => ({ ...b, column: b.column + b.columnCount - 1, columnCount: 1 }));
  }

  /** The last cell within the range (`B2:D5` → `D5`). */
  getLastCell(): SimRange {
    return this.relative('getLastCell', [], (b) => ({
      row: b.row + b.rowCount - 1,
      column: b.column + b.columnCount - 1,
      rowCount: 1,
      columnCount: 1,
    }));
  }

  /** ExcelApi 1.2: `count` rows above (negative: the first `-count` rows of this range). Off the grid → InvalidArgument. */
  getRowsAbove(count?: number): SimRange {
    return this.relative('getRowsAbove', [count], (b) => {
      const rows = beside(b.row, b.rowCount, count, false);
      return { ...b, row: rows.start, rowCount: rows.length };
    });
  }

  /** ExcelApi 1.2: `count` rows below (negative: the last `-count` rows of this range). */
  getRowsBelow(count?: number): SimRange {
    return this.relative('getRowsBelow', [count], (b) => {
      const rows = beside(b.row, b.rowCount, count, true);
      return { ...b, row: rows.start, rowCount: rows.length };
    });
  }

  /** ExcelApi 1.2: `count` columns to the left (negative: the first `-count` columns of this range). */
  getColumnsBefore(count?: number): SimRange {
    return this.relative('getColumnsBefore', [count], (b) => {
      const columns = beside(b.column, b.columnCount, count, false);
      return { ...b, column: columns.start, columnCount: columns.length };
    });
  }

  /** ExcelApi 1.2: `count` columns to the right (negative: the last `-count` columns of this range). */
  getColumnsAfter(count?: number): SimRange {
    return this.relative('getColumnsAfter', [count], (b) => {
      const columns = beside(b.column, b.columnCount, count, true);
      return { ...b, column: columns.start, columnCount: columns.length };
    });
  }

  /** The smallest range containing this one and `anotherRange` (same sheet; `B2:C5` and `D10:E15` → `B2:E15`). */
  getBoundingRect(anotherRange: SimRange | Excel.Range | string): SimRange {
    return this.derive('getBoundingRect', [anotherRange], (env, b) => {
      const o = otherBox(env, b, anotherRange, this.context);
      const row = Math.min(b.box.row, o.row);
      const column = Math.min(b.box.column, o.column);
      const rowCount = Math.max(b.box.row + b.box.rowCount, o.row + o.rowCount) - row;
      const columnCount = Math.max(b.box.column + b.box.columnCount, o.column + o.columnCount) - column;
      return { sheetId: b.sheetId, box: { row, column, rowCount, columnCount } };
    });
  }

  /** The rectangular intersection with `anotherRange`; none → ItemNotFound (the OrNullObject variant gives a null object). */
  getIntersection(anotherRange: SimRange | Excel.Range | string): SimRange {
    return this.derive('getIntersection', [anotherRange], (env, b) => {
      const part = intersect(b.box, otherBox(env, b, anotherRange, this.context));
      if (!part) throw itemNotFound();
      return { sheetId: b.sheetId, box: part };
    });
  }

  getIntersectionOrNullObject(anotherRange: SimRange | Excel.Range | string): SimRange {
    return this.derive('getIntersectionOrNullObject', [anotherRange], (env, b) => {
      const part = intersect(b.box, otherBox(env, b, anotherRange, this.context));
      return part ? { sheetId: b.sheetId, box: part } : null;
    });
  }

  /** ExcelApi 1.1: the entire columns of this range (address `A:B`). */
  getEntireColumn(): SimRange {
    return this.relative('getEntireColumn', [], (b) => ({ ...b, row: 0, rowCount: MAX_ROWS }));
  }

  /** ExcelApi 1.1: the entire rows of this range (address `2:3`). */
  getEntireRow(): SimRange {
    return this.relative('getEntireRow', [], (b) => ({ ...b, column: 0, columnCount: MAX_COLUMNS }));
  }

  getResizedRange(deltaRows: number, deltaColumns: number): SimRange {
    return this.relative('getResizedRange', [deltaRows, deltaColumns], (b) => ({
      ...b,
      rowCount: b.rowCount + deltaRows,
      columnCount: b.columnCount + deltaColumns,
    }));
  }

  getOffsetRange(rowOffset: number, columnOffset: number): SimRange {
    return this.relative('getOffsetRange', [rowOffset, columnOffset], (b) => ({
      ...b,
      row: b.row + rowOffset,
      column: b.column + columnOffset,
    }));
  }

  getAbsoluteResizedRange(numRows: number, numColumns: number): SimRange {
    return this.relative('getAbsoluteResizedRange', [numRows, numColumns], (b) => ({ ...b, rowCount: numRows, columnCount: numColumns }));
  }

  /** The used part of this range; ItemNotFound when it has none (Office.js's documented behaviour). */
  getUsedRange(valuesOnly?: boolean): SimRange {
    return this.derive('getUsedRange', [valuesOnly], (env, b) => {
      const used = this.usedPart(env, b, valuesOnly === true);
      if (!used) throw itemNotFound();
      return used;
    });
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): SimRange {
    return this.derive('getUsedRangeOrNullObject', [valuesOnly], (env, b) => this.usedPart(env, b, valuesOnly === true));
  }

  private usedPart(env: ExecEnv, b: RangeBinding, valuesOnly: boolean): RangeBinding | null {
    const used = sheetOf(env, b).usedBox(valuesOnly);
    const part = used && intersect(used, b.box);
    return part ? { sheetId: b.sheetId, box: part } : null;
  }

  /**
   * ExcelApi 1.12: the cells the array of this anchor cell spills into (anchor included). Called on more than one cell
   * → InvalidArgument; on a cell that is no spilling anchor → ItemNotFound (assumptions: the reference says "fails").
   */
  getSpillingToRange(): SimRange {
    return this.derive('getSpillingToRange', [], (env, b) => {
      const box = this.spillPart(env, b, (sheet, row, column) => sheet.spillRange(row, column));
      if (box === undefined) throw itemNotFound();
      return { sheetId: b.sheetId, box };
    });
  }

  /** ExcelApi 1.12: getSpillingToRange, or a null object (also for more than one cell, as the reference says). */
  getSpillingToRangeOrNullObject(): SimRange {
    return this.derive('getSpillingToRangeOrNullObject', [], (env, b) => {
      const box = single(b) ? sheetOf(env, b).spillRange(b.box.row, b.box.column) : undefined;
      return box === undefined ? null : { sheetId: b.sheetId, box };
    });
  }

  /** ExcelApi 1.12: the anchor cell whose array spills into this cell (an anchor is its own parent); errors as getSpillingToRange. */
  getSpillParent(): SimRange {
    return this.derive('getSpillParent', [], (env, b) => {
      const box = this.spillPart(env, b, (sheet, row, column) => parentBox(sheet, row, column));
      if (box === undefined) throw itemNotFound();
      return { sheetId: b.sheetId, box };
    });
  }

  getSpillParentOrNullObject(): SimRange {
    return this.derive('getSpillParentOrNullObject', [], (env, b) => {
      const box = single(b) ? parentBox(sheetOf(env, b), b.box.row, b.box.column) : undefined;
      return box === undefined ? null : { sheetId: b.sheetId, box };
    });
  }

  private spillPart(
    env: ExecEnv,
    b: RangeBinding,
    find: (sheet: SheetState, row: number, column: number) => CellBox | undefined,
  ): CellBox | undefined {
    if (!single(b)) throw invalidArgument();
    return find(sheetOf(env, b), b.box.row, b.box.column);
  }

  /**
   * `group('ByRows')` (ExcelApi 1.10): the range's rows one outline level deeper (Excel's limit: 8 levels; deeper:
   * InvalidOperation). Only the levels are modelled (`SimulatedWorkbook.outlineLevels`), not collapsing them;
   * `ByColumns` is not modelled (InvalidArgument).
   */
  group(groupOption: Excel.GroupOption | 'ByRows' | 'ByColumns'): void {
    this.queue('Method', 'group', [groupOption], (env, b) => {
      if (groupOption !== 'ByRows') throw invalidArgument('groupOption');
      const outline = sheetOf(env, b).rowOutline;
      for (let r = b.box.row; r < b.box.row + b.box.rowCount; r += 1)
        if ((outline.get(r) ?? 0) >= MAX_OUTLINE_LEVELS) throw invalidOperation('outline levels');
      for (let r = b.box.row; r < b.box.row + b.box.rowCount; r += 1) outline.set(r, (outline.get(r) ?? 0) + 1);
    });
  }

  /** `ungroup('ByRows')` (ExcelApi 1.10): the range's grouped rows one level up; rows not grouped stay as they are. */
  ungroup(groupOption: Excel.GroupOption | 'ByRows' | 'ByColumns'): void {
    this.queue('Method', 'ungroup', [groupOption], (env, b) => {
      if (groupOption !== 'ByRows') throw invalidArgument('groupOption');
      const outline = sheetOf(env, b).rowOutline;
      for (let r = b.box.row; r < b.box.row + b.box.rowCount; r += 1) {
        const level = outline.get(r) ?? 0;
        if (level <= 1) outline.delete(r);
        else outline.set(r, level - 1);
      }
    });
  }

  /** Selects the cells and activates their sheet (a hidden sheet cannot be activated: InvalidOperation). */
  select(): void {
    this.queue('Method', 'select', [], (env, b) => {
      const sheet = sheetOf(env, b);
      env.state.activate(sheet);
      sheet.selection = { ...b.box };
      sheet.selectionByUser = false;
    });
  }

  clear(applyTo?: Excel.ClearApplyTo | 'All' | 'Formats' | 'Contents' | 'Hyperlinks' | 'RemoveHyperlinks' | 'ResetContents'): void {
    const mode = applyTo ?? 'All';
    this.queue('Method', 'clear', [mode], (env, b) => {
      if (!['All', 'Formats', 'Contents'].includes(mode)) throw invalidArgument();
      sheetOf(env, b).clear(b.box, mode !== 'Formats', mode !== 'Contents');
      if (mode !== 'Formats') recordEdit(env, b);
    });
  }

  /** Deletes the cells, shifting the rest up or left; tables reached by the shift move or shrink (see shiftTables). */
  delete(shift: Excel.DeleteShiftDirection | 'Up' | 'Left'): void {
    this.queue('Method', 'delete', [shift], (env, b) => {
      const sheet = sheetOf(env, b);
      if (shift !== 'Up' && shift !== 'Left') throw invalidArgument();
      const tables = shiftTables(env.state, sheet.id, b.box, shift === 'Up' ? 'rows' : 'columns', false);
      if (shift === 'Up') sheet.shiftRows(b.box.row, -b.box.rowCount, b.box.column, b.box.columnCount);
      else sheet.shiftColumns(b.box.column, -b.box.columnCount, b.box.row, b.box.rowCount);
      tables();
      shiftFrozen(sheet, b.box, shift === 'Up' ? 'rows' : 'columns', false);
    });
  }

  /**
   * Inserts cells of this range's size, shifting the others down or right (tables reached move or grow); returns
   * the new (empty) range.
   */
  insert(shift: Excel.InsertShiftDirection | 'Down' | 'Right'): SimRange {
    this.queue('Method', 'insert', [shift], (env, b) => {
      const sheet = sheetOf(env, b);
      if (shift !== 'Down' && shift !== 'Right') throw invalidArgument();
      const tables = shiftTables(env.state, sheet.id, b.box, shift === 'Down' ? 'rows' : 'columns', true);
      if (shift === 'Down') sheet.shiftRows(b.box.row, b.box.rowCount, b.box.column, b.box.columnCount);
      else sheet.shiftColumns(b.box.column, b.box.columnCount, b.box.row, b.box.rowCount);
      tables();
      shiftFrozen(sheet, b.box, shift === 'Down' ? 'rows' : 'columns', true);
    });
    return this.derive('insert', [shift], (_env, b) => ({ ...b }));
  }
}
