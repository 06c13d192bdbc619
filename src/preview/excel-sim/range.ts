/** `Excel.Range`: a rectangle of one sheet, bound by its Instantiate action in the next sync (later inserts/deletes do not move it). */

import { checkInGrid, formatAddress, intersect, isUnbounded, MAX_COLUMNS, MAX_ROWS, type CellBox } from './address';
import type { Named, Supported } from './api-shape';
import type { CellValue } from './cell';
import { readCells, writeCells, type ReadProperty } from './cell-write';
import { SimClientObject, type ActionQueue, type ExecEnv } from './client-object';
import { ERROR_MESSAGES, invalidArgument, itemNotFound, SimError } from './errors';
import { SimRangeFormat } from './range-format';
import type { SheetState } from './sheet-state';
import { shiftTables } from './table-state';
import { SimWorksheet } from './worksheet';

export interface RangeBinding {
  sheetId: string;
  box: CellBox;
}

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
  | 'getEntireColumn'
  | 'getEntireRow'
  | 'clear'
  | 'delete'
  | 'insert'
  | 'load'
  | 'isNullObject';

export function sheetOf(env: ExecEnv, binding: RangeBinding): SheetState {
  return env.state.sheetById(binding.sheetId);
}

function describe(args: unknown[]): string {
  return args.map((a) => (a instanceof SimClientObject ? a.objectPath : JSON.stringify(a) ?? 'undefined')).join(',');
}

const RANGE_NAVIGATION: readonly string[] = ['worksheet', 'format'];

export class SimRange extends SimClientObject<RangeBinding> implements Supported<Excel.Range, RangeMembers>, Named<Excel.Range, 'format' | 'worksheet'> {
  protected readonly entityName = 'Range';
  protected readonly scalarNames = RANGE_PROPERTIES;
  protected override readonly navigationNames = RANGE_NAVIGATION;
  private worksheetProxy: SimWorksheet | undefined;
  private formatProxy: SimRangeFormat | undefined;

  /** `origin`: the method that made the proxy (queues its Instantiate action). */
  constructor(context: ActionQueue, objectPath: string, resolver: (env: ExecEnv) => RangeBinding | null, origin?: string) {
    super(context, objectPath, resolver, origin);
  }

  protected override navigation(name: string): SimClientObject<unknown> {
    if (name === 'worksheet') return this.worksheet;
    if (name === 'format') return this.format;
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
    this.setProperty('values', input, (env, b) => writeCells(sheetOf(env, b), b.box, 'values', input, env.state.currentYear));
  }

  get formulas(): CellValue[][] {
    return this.read('formulas');
  }
  set formulas(input: unknown) {
    this.setProperty('formulas', input, (env, b) => writeCells(sheetOf(env, b), b.box, 'formulas', input, env.state.currentYear));
  }

  /** Formulas in R1C1 notation, relative to each cell; writing a scalar fills a range the way Excel fills a column. */
  get formulasR1C1(): CellValue[][] {
    return this.read('formulasR1C1');
  }
  set formulasR1C1(input: unknown) {
    this.setProperty('formulasR1C1', input, (env, b) => writeCells(sheetOf(env, b), b.box, 'formulasR1C1', input, env.state.currentYear));
  }

  get numberFormat(): CellValue[][] {
    return this.read('numberFormat');
  }
  set numberFormat(input: unknown) {
    this.setProperty('numberFormat', input, (env, b) =>
      writeCells(sheetOf(env, b), b.box, 'numberFormat', input, env.state.currentYear),
    );
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
  get worksheet(): SimWorksheet {
    this.worksheetProxy ??= new SimWorksheet(
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
    return this.relative('getOffsetRange', [rowOffset, columnOffset], (b) => ({ ...b, row: b.row + rowOffset, column: b.column + columnOffset }));
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

  clear(applyTo?: Excel.ClearApplyTo | 'All' | 'Formats' | 'Contents' | 'Hyperlinks' | 'RemoveHyperlinks' | 'ResetContents'): void {
    const mode = applyTo ?? 'All';
    this.queue('Method', 'clear', [mode], (env, b) => {
      if (!['All', 'Formats', 'Contents'].includes(mode)) throw invalidArgument();
      sheetOf(env, b).clear(b.box, mode !== 'Formats', mode !== 'Contents');
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
    });
    return this.derive('insert', [shift], (_env, b) => ({ ...b }));
  }
}
