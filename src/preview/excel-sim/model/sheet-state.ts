/** One worksheet's cells, stored sparsely, with the operations batches apply to them. */

import { MAX_COLUMNS, MAX_ROWS, intersect, type CellBox } from './address';
import { GENERAL as GENERAL_FORMAT, type Cell, type Content, type Evaluation, type Result } from './cell';
import { contains, placeSpill, SpillState, type Spill, type SpillBlock } from './spill-state';
import { ValidationStore } from './validation-state';
import { StyleStore } from './style-state';

/** A module-local copy: the hot paths compare against it millions of times. */
const GENERAL: string = GENERAL_FORMAT;

export type Visibility = 'Visible' | 'Hidden' | 'VeryHidden';

const EMPTY: Result = Object.freeze({ kind: 'Empty' });

/**
 * What a sheet asks of the formula engine and the workbook, for its own cells: the workbook hands each sheet one (see
 * FormulaEngine in workbook-state.ts), so the model stores formulas as text and imports nothing of formula/.
 */
export interface SheetFormulas {
  /** The result of `formula` in this sheet's cell (row, column): one value, or an array that spills from it. */
  evaluate(formula: string, row: number, column: number): Evaluation;
  /** Whether a table covers a cell of the box (an array cannot spill into a table). */
  overlapsTable(box: CellBox): boolean;
  /** A formula was written into the cell (the engine may want to calculate it once the batch is done). */
  formulaWritten?(row: number, column: number, formula: string): void;
  /** Cells of the sheet moved (row/column inserts and deletes): what the engine keeps per cell position is stale. */
  cellsMoved?(): void;
  /** The formula written relative to the cell (row, column) (`formulasR1C1` read). */
  toR1C1(formula: string, row: number, column: number): string;
  /** An R1C1 formula written to the cell (row, column) in A1 form (`formulasR1C1` write). */
  fromR1C1(formula: string, row: number, column: number): string;
}

function key(row: number, column: number): number {
  return row * MAX_COLUMNS + column;
}

/**
 * A cell's content as stored: the common contents in their bare form, so a stored cell costs two array slots and
 * no object of its own. A number is `Double`, a boolean `Boolean`, a string a `String` without quote prefix;
 * every other content (errors, formulas, quote-prefixed text) is kept as its `Content` record; `undefined` is no
 * content.
 */
type StoredContent = Content | string | number | boolean | undefined;

function encode(content: Content | null): StoredContent {
  if (content === null) return undefined;
  switch (content.kind) {
    case 'Double':
      return content.value;
    case 'Boolean':
      return content.value;
    case 'String':
      return content.quotePrefix ? content : content.value;
    default:
      return content;
  }
}

function decode(stored: StoredContent): Content | null {
  switch (typeof stored) {
    case 'undefined':
      return null;
    case 'number':
      return { kind: 'Double', value: stored };
    case 'boolean':
      return { kind: 'Boolean', value: stored };
    case 'string':
      return { kind: 'String', value: stored, quotePrefix: false };
    default:
      return stored;
  }
}

/**
 * The stored cells of one sheet row, indexed by column in two parallel arrays: a column holds a cell exactly
 * when its `formats` entry is set (`General` included); `contents` holds its content (undefined: none).
 */
/**
 * A sheet's stored cells as flat parallel columns (one entry per stored cell, rows in storage order): what a
 * snapshot of the workbook keeps (see workbook-snapshot.ts). Plain data, so structured clone and JSON carry it.
 * `contents` holds a cell's content in its stored form (number, boolean, plain text, or the `Content` record of
 * errors, formulas and quote-prefixed text), null for a cell that has a format only; `formatIds` index `formats`.
 */
export interface SheetCells {
  rows: number[];
  columns: number[];
  contents: Array<Content | string | number | boolean | null>;
  formatIds: number[];
  formats: string[];
}

export interface StoredRow {
  contents: StoredContent[];
  formats: (string | undefined)[];
  size: number;
}

/**
 * Writes a plain entry (a finite number, a boolean, or text without typing rules: see `plainContent`) as the
 * content of a cell the row already stores, without allocating a record for it.
 */
export function storePlain(stored: StoredRow, column: number, value: number | boolean | string): void {
  stored.contents[column] = value;
}

/** Widest row storage made ahead of use (see `SheetState.newRow`). */
const PRESIZED_COLUMNS = 256;

/**
 * Cells are stored per row (a map of row index to column-indexed arrays of contents and formats), so the hot path
 * of a block write (format, then content, of each cell of a rectangle) is one small-integer map lookup per row
 * and an array store per cell, with no object per cell.
 */
export class SheetState {
  private readonly rows = new Map<number, StoredRow>();
  private count = 0;
  /** No stored row lies below this one (an upper bound: not lowered when cells are removed). */
  private lastRow = -1;
  /** No stored cell lies right of this column (an upper bound, like lastRow). */
  private lastColumn = -1;
  private evaluating = new Set<number>();
  /** The values formulas had when calculation went Manual (`freezeFormulas`); undefined while it is automatic. */
  private keptResults: Map<number, { formula: string; result: Result }> | undefined;
  /** The dynamic arrays of the sheet's formulas (spilled values are not contents: see spill-state.ts). */
  private readonly spills = new SpillState();
  /** During a block read: the anchors already evaluated for it (each is evaluated once per read, not per cell). */
  private spillReads: Set<number> | undefined;
  /** Font, fill, alignment and wrapping of the cells that have any (Range.format); moved with cells, cleared with formats. */
  readonly styles = new StyleStore();
  /** Data validation per cell (Range.dataValidation); moves with the cells like styles. */
  readonly validations = new ValidationStore();
  /** Column widths / row heights in points, only those set (Range.format.columnWidth / rowHeight). */
  readonly columnWidths = new Map<number, number>();
  readonly rowHeights = new Map<number, number>();
  /** `format.autofitColumns()` / `autofitRows()` calls, in order (columns are fitted: model/column-fit.ts; rows are recorded only). */
  readonly autofits: Array<{ kind: 'columns' | 'rows'; box: CellBox }> = [];
  /** Rows and columns frozen at the top and left of the sheet's view (`worksheet.freezePanes`); 0 and 0: none. */
  frozen: { rows: number; columns: number } = { rows: 0, columns: 0 };
  /** Row (0-based) → its outline level (`range.group('ByRows')`); rows at level 0 are absent. */
  readonly rowOutline = new Map<number, number>();
  /** The sheet's selected cells (`Range.select()`); A1 until something is selected, as in a new sheet. */
  selection: CellBox = { row: 0, column: 0, rowCount: 1, columnCount: 1 };
  /** The selection was last made by the user (the preview's grid), not by `range.select()`. */
  selectionByUser = false;

  constructor(
    readonly id: string,
    public name: string,
    /** The formula engine for this sheet's cells (made by WorkbookState.addSheet). */
    readonly formulas: SheetFormulas,
    public visibility: Visibility = 'Visible',
  ) {}

  /** Number of stored cells (cells with content or a format other than `General`). */
  get cellCount(): number {
    return this.count;
  }

  /**
   * Rows and columns that hold every stored cell (from A1): upper bounds, not lowered when cells are removed, read
   * in constant time (the preview sizes its grid with it after every change).
   */
  get extent(): { rows: number; columns: number } {
    if (this.spills.size === 0) return { rows: this.lastRow + 1, columns: this.lastColumn + 1 };
    const spilled = this.spills.extent();
    return { rows: Math.max(this.lastRow + 1, spilled.rows), columns: Math.max(this.lastColumn + 1, spilled.columns) };
  }

  /** A copy of the cell's record (changing it does not change the cell). */
  cell(row: number, column: number): Cell | undefined {
    const stored = this.rows.get(row);
    const format = stored?.formats[column];
    if (stored === undefined || format === undefined) return undefined;
    return { content: decode(stored.contents[column]), format };
  }

  /** The cell's content, or null. */
  content(row: number, column: number): Content | null {
    return decode(this.rows.get(row)?.contents[column]);
  }

  format(row: number, column: number): string {
    return this.rows.get(row)?.formats[column] ?? GENERAL;
  }

  /**
   * A row's storage, as wide as the sheet's used columns up to `PRESIZED_COLUMNS` (at least `width`): a table's rows
   * are filled column by column (formats first), and arrays grown one column at a time would end with half their
   * slots spare. A sheet with a cell far to the right does not give every new row that width.
   */
  private newRow(width: number): StoredRow {
    const columns = Math.max(width, Math.min(this.lastColumn + 1, PRESIZED_COLUMNS));
    return { contents: new Array<StoredContent>(columns), formats: new Array<string | undefined>(columns), size: 0 };
  }

  /** The stored cells of a row (for the block-write loop; undefined when the row has none). */
  storedRow(row: number): StoredRow | undefined {
    return this.rows.get(row);
  }

  private insert(row: number, column: number, content: StoredContent, format: string): void {
    let stored = this.rows.get(row);
    if (stored === undefined) {
      stored = this.newRow(column + 1);
      this.rows.set(row, stored);
      if (row > this.lastRow) this.lastRow = row;
    }
    if (stored.formats[column] === undefined) {
      stored.size += 1;
      this.count += 1;
      if (column > this.lastColumn) this.lastColumn = column;
    }
    stored.formats[column] = format;
    stored.contents[column] = content;
  }

  private remove(row: number, column: number): void {
    const stored = this.rows.get(row);
    if (stored === undefined || stored.formats[column] === undefined) return;
    stored.formats[column] = undefined;
    stored.contents[column] = undefined;
    stored.size -= 1;
    this.count -= 1;
    if (stored.size === 0) this.rows.delete(row);
  }

  private put(row: number, column: number, content: StoredContent, format: string): void {
    if (content === undefined && format === GENERAL) this.remove(row, column);
    else this.insert(row, column, content, format);
  }

  setContent(row: number, column: number, content: Content | null): void {
    if (content?.kind === 'Formula') this.formulas.formulaWritten?.(row, column, content.formula);
    const stored = this.rows.get(row);
    const format = stored?.formats[column];
    if (stored === undefined || format === undefined) {
      if (content !== null) this.insert(row, column, encode(content), GENERAL);
      return;
    }
    stored.contents[column] = encode(content);
    if (content === null && format === GENERAL) this.remove(row, column);
  }

  setFormat(row: number, column: number, format: string): void {
    const stored = this.rows.get(row);
    if (stored === undefined || stored.formats[column] === undefined) {
      if (format !== GENERAL) this.insert(row, column, undefined, format);
      return;
    }
    stored.formats[column] = format;
    if (format === GENERAL && stored.contents[column] === undefined) this.remove(row, column);
  }

  /** Sets one format on every cell of the box (a scalar `numberFormat` write): one row lookup per row. */
  fillFormat(box: CellBox, format: string): void {
    const end = box.column + box.columnCount;
    for (let row = box.row; row < box.row + box.rowCount; row += 1) {
      let stored = this.rows.get(row);
      if (stored === undefined) {
        if (format === GENERAL) continue;
        stored = this.newRow(end);
        this.rows.set(row, stored);
        if (row > this.lastRow) this.lastRow = row;
      }
      if (format !== GENERAL && end - 1 > this.lastColumn) this.lastColumn = end - 1;
      const formats = stored.formats;
      for (let column = box.column; column < end; column += 1) {
        if (formats[column] !== undefined) {
          formats[column] = format;
          if (format === GENERAL && stored.contents[column] === undefined) this.remove(row, column);
        } else if (format !== GENERAL) {
          formats[column] = format;
          stored.contents[column] = undefined;
          stored.size += 1;
          this.count += 1;
        }
      }
    }
  }

  /** Every stored cell, row by row (rows in storage order), columns ascending. */
  private forEachCell(fn: (row: number, column: number, content: StoredContent, format: string) => void): void {
    for (const [r, stored] of this.rows) {
      const formats = stored.formats;
      for (let c = 0; c < formats.length; c += 1) {
        const format = formats[c];
        if (format !== undefined) fn(r, c, stored.contents[c], format);
      }
    }
  }

  /** Every stored cell, as flat columns (a snapshot: later changes of the sheet do not reach it). */
  exportCells(): SheetCells {
    const slices = this.exportCellsInSlices(Infinity);
    let step = slices.next();
    while (!step.done) step = slices.next();
    return step.value;
  }

  /**
   * `exportCells` in steps of at most `sliceCells` cells: the generator pauses (yields the number of cells exported
   * so far) after each full slice and returns the cells at the end, so a caller can give the main thread back
   * between slices (2M cells take ~0.5 s in one go). The sheet must not change between steps: a caller that sees
   * a change must drop the result (the rows map is walked live; the cells would mix two states).
   */
  *exportCellsInSlices(sliceCells: number): Generator<number, SheetCells, void> {
    const cells: SheetCells = { rows: [], columns: [], contents: [], formatIds: [], formats: [] };
    const formatIds = new Map<string, number>();
    let inSlice = 0;
    for (const [row, stored] of this.rows) {
      const { formats, contents } = stored;
      for (let column = 0; column < formats.length; column += 1) {
        const format = formats[column];
        if (format === undefined) continue;
        let id = formatIds.get(format);
        if (id === undefined) {
          id = cells.formats.length;
          formatIds.set(format, id);
          cells.formats.push(format);
        }
        const content = contents[column];
        cells.rows.push(row);
        cells.columns.push(column);
        cells.contents.push(content === undefined ? null : typeof content === 'object' ? { ...content } : content);
        cells.formatIds.push(id);
        inSlice += 1;
        if (inSlice >= sliceCells) {
          inSlice = 0;
          yield cells.rows.length;
        }
      }
    }
    return cells;
  }

  /** Stores the exported cells (into an empty sheet: cells it already has at those positions are replaced). */
  importCells(cells: SheetCells): void {
    for (let i = 0; i < cells.rows.length; i += 1) {
      const content = cells.contents[i];
      const format = cells.formats[cells.formatIds[i] ?? -1] ?? GENERAL;
      this.put(
        cells.rows[i] ?? 0,
        cells.columns[i] ?? 0,
        content === null || content === undefined ? undefined : typeof content === 'object' ? { ...content } : content,
        format,
      );
    }
  }

  /**
   * The cell's current result; formulas are evaluated now (a circular reference gives 0, as Excel shows). A formula
   * giving an array spills (its cell shows the first value, or `#SPILL!`); an empty cell inside a spilling array reads
   * the array's value there.
   */
  result(row: number, column: number): Result {
    const content = this.content(row, column);
    if (!content) {
      if (this.spills.size === 0) return EMPTY;
      this.spills.forget(row, column);
      return this.spilledInto(row, column);
    }
    if (content.kind !== 'Formula') {
      if (this.spills.size !== 0) this.spills.forget(row, column);
      return content;
    }
    const k = key(row, column);
    const kept = this.keptResults?.get(k);
    if (kept !== undefined && kept.formula === content.formula) return kept.result;
    if (this.evaluating.has(k)) return { kind: 'Double', value: 0 };
    this.evaluating.add(k);
    let evaluation: Evaluation;
    try {
      evaluation = this.formulas.evaluate(content.formula, row, column);
    } finally {
      this.evaluating.delete(k);
    }
    if (evaluation.kind !== 'Array') {
      if (this.spills.size !== 0) this.spills.forget(row, column);
      return evaluation;
    }
    const spill = placeSpill(
      row,
      column,
      evaluation.rows,
      (box) => this.holdsContent(box, row, column),
      (box) => this.formulas.overlapsTable(box),
      this.spills.all(),
    );
    this.spills.set(spill);
    this.spillReads?.add(k);
    return spill.blocked === undefined ? (evaluation.rows[0]?.[0] ?? EMPTY) : { kind: 'Error', value: '#SPILL!' };
  }

  /** Whether a cell of the box other than (row, column) holds content (a spill there is blocked). */
  private holdsContent(box: CellBox, row: number, column: number): boolean {
    for (let r = box.row; r < box.row + box.rowCount; r += 1) {
      const contents = this.rows.get(r)?.contents;
      if (contents === undefined) continue;
      for (let c = box.column; c < box.column + box.columnCount; c += 1) {
        if (contents[c] !== undefined && (r !== row || c !== column)) return true;
      }
    }
    return false;
  }

  /** The anchor's entry after evaluating the anchor again (once per block read); undefined while it is evaluated. */
  private refreshed(spill: Spill): Spill | undefined {
    const k = key(spill.row, spill.column);
    if (this.evaluating.has(k)) return undefined; // the anchor's own formula reads this cell: circular
    if (this.spillReads?.has(k) !== true) {
      this.spillReads?.add(k);
      this.result(spill.row, spill.column);
    }
    return this.spills.get(spill.row, spill.column);
  }

  /** The spilling array over an empty cell: the entry, evaluated now. */
  private spillOver(row: number, column: number): Spill | undefined {
    for (const candidate of this.spills.covering(row, column)) {
      const spill = this.refreshed(candidate);
      if (spill !== undefined && spill.blocked === undefined && contains(spill.box, row, column)) return spill;
    }
    return undefined;
  }

  private spilledInto(row: number, column: number): Result {
    const spill = this.spillOver(row, column);
    return spill === undefined ? EMPTY : (spill.rows[row - spill.row]?.[column - spill.column] ?? EMPTY);
  }

  /**
   * Runs a read of many cells (a block read): within it each anchor of a spilling array is evaluated once, not once
   * per cell it covers.
   */
  readingBlock<T>(read: () => T): T {
    if (this.spills.size === 0 || this.spillReads !== undefined) return read();
    this.spillReads = new Set();
    try {
      return read();
    } finally {
      this.spillReads = undefined;
    }
  }

  /** Whether a formula of the sheet gave an array (spilling or blocked) when last evaluated. */
  get hasSpills(): boolean {
    return this.spills.size !== 0;
  }

  /** The cells an anchor's array spills into (anchor included), evaluated now; undefined when it does not spill. */
  spillRange(row: number, column: number): CellBox | undefined {
    const content = this.content(row, column);
    if (content?.kind !== 'Formula') return undefined;
    this.result(row, column);
    const spill = this.spills.get(row, column);
    return spill !== undefined && spill.blocked === undefined ? { ...spill.box } : undefined;
  }

  /** The anchor whose array spills into the cell (the cell itself for an anchor), evaluated now. */
  spillParent(row: number, column: number): { row: number; column: number } | undefined {
    if (this.spillRange(row, column) !== undefined) return { row, column };
    if (this.spills.size === 0 || this.content(row, column) !== null) return undefined;
    const spill = this.spillOver(row, column);
    return spill === undefined ? undefined : { row: spill.row, column: spill.column };
  }

  /** Why the array of the anchor cannot spill (its `#SPILL!`), evaluated now; undefined when it is no blocked anchor. */
  spillBlock(row: number, column: number): SpillBlock | undefined {
    if (this.spills.size === 0 || this.result(row, column).kind !== 'Error') return undefined;
    return this.spills.get(row, column)?.blocked;
  }

  /**
   * The number format a cell is shown with: its own; a cell an array spills into that has General shows with the
   * anchor's format.
   */
  displayFormat(row: number, column: number): string {
    const own = this.format(row, column);
    if (own !== GENERAL || this.spills.size === 0 || this.content(row, column) !== null) return own;
    const spill = this.spillOver(row, column);
    return spill === undefined ? own : this.format(spill.row, spill.column);
  }

  /**
   * Manual calculation (`WorkbookState.calculationMode`): every formula's value now is kept and read instead of
   * working the formula out again, while the cell holds that formula; a spilling formula is left live.
   */
  freezeFormulas(): void {
    const kept = new Map<number, { formula: string; result: Result }>();
    this.forEachFormula((row, column, formula) => {
      const result = this.result(row, column);
      if (this.spills.get(row, column) === undefined) kept.set(key(row, column), { formula, result });
    });
    this.keptResults = kept;
  }

  /** Back to working formulas out when read. */
  thawFormulas(): void {
    this.keptResults = undefined;
  }

  /** Calls `fn` for every formula of the sheet (order unspecified). */
  forEachFormula(fn: (row: number, column: number, formula: string) => void): void {
    this.forEachCell((r, c, content) => {
      if (typeof content === 'object' && content.kind === 'Formula') fn(r, c, content.formula);
    });
  }

  /**
   * Every non-empty result in the box: walks the box, or the stored cells when the box is larger; then the cells
   * of the box that spilling arrays cover.
   */
  forEachResult(box: CellBox, fn: (result: Result, row: number, column: number) => void): void {
    this.readingBlock(() => {
      this.forEachStoredResult(box, fn);
      if (this.spills.size !== 0) this.forEachSpilledResult(box, fn);
    });
  }

  private forEachStoredResult(box: CellBox, fn: (result: Result, row: number, column: number) => void): void {
    const emit = (r: number, c: number): void => {
      const result = this.result(r, c);
      if (result.kind !== 'Empty') fn(result, r, c);
    };
    if (box.rowCount * box.columnCount <= this.count) {
      for (let r = box.row; r < box.row + box.rowCount; r += 1) {
        const contents = this.rows.get(r)?.contents;
        if (contents === undefined) continue;
        for (let c = box.column; c < box.column + box.columnCount; c += 1) if (contents[c] !== undefined) emit(r, c);
      }
      return;
    }
    const inBox: [number, number][] = [];
    this.forEachCell((r, c, content) => {
      if (content !== undefined && r >= box.row && r < box.row + box.rowCount && c >= box.column && c < box.column + box.columnCount)
        inBox.push([r, c]);
    });
    for (const [r, c] of inBox) emit(r, c);
  }

  private forEachSpilledResult(box: CellBox, fn: (result: Result, row: number, column: number) => void): void {
    for (const candidate of this.spills.intersecting(box)) {
      const spill = this.refreshed(candidate);
      const part = spill === undefined || spill.blocked !== undefined ? null : intersect(spill.box, box);
      if (spill === undefined || part === null) continue;
      for (let r = part.row; r < part.row + part.rowCount; r += 1) {
        for (let c = part.column; c < part.column + part.columnCount; c += 1) {
          if (r === spill.row && c === spill.column) continue; // the anchor is a stored cell
          const result = spill.rows[r - spill.row]?.[c - spill.column];
          if (result !== undefined && result.kind !== 'Empty') fn(result, r, c);
        }
      }
    }
  }

  /** Bounding box of cells with content or spilled values (and, unless valuesOnly, with a non-General format). */
  usedBox(valuesOnly: boolean): CellBox | null {
    let minR = Infinity;
    let minC = Infinity;
    let maxR = -1;
    let maxC = -1;
    this.forEachCell((r, c, content) => {
      if (valuesOnly && content === undefined) return;
      minR = Math.min(minR, r);
      minC = Math.min(minC, c);
      maxR = Math.max(maxR, r);
      maxC = Math.max(maxC, c);
    });
    for (const spill of this.spills.all()) {
      if (spill.blocked !== undefined) continue;
      minR = Math.min(minR, spill.box.row);
      minC = Math.min(minC, spill.box.column);
      maxR = Math.max(maxR, spill.box.row + spill.box.rowCount - 1);
      maxC = Math.max(maxC, spill.box.column + spill.box.columnCount - 1);
    }
    if (maxR < 0) return null;
    return { row: minR, column: minC, rowCount: maxR - minR + 1, columnCount: maxC - minC + 1 };
  }

  clear(box: CellBox, contents: boolean, formats: boolean): void {
    const hits: [number, number, StoredContent, string][] = [];
    this.forEachCell((r, c, content, format) => {
      if (r < box.row || r >= box.row + box.rowCount || c < box.column || c >= box.column + box.columnCount) return;
      hits.push([r, c, content, format]);
    });
    for (const [r, c, content, format] of hits) this.put(r, c, contents ? undefined : content, formats ? GENERAL : format);
    if (formats) this.styles.clear(box);
    // Clearing everything (Range.clear('All'), a table's delete) removes validation too, as Excel's Clear All does
    // (assumption); clearing contents or formats alone keeps it.
    if (contents && formats) this.validations.clear(box);
  }

  /**
   * Moves cells of the column band [column, column+columnCount) at or below `fromRow` by `delta` rows
   * (insert: delta > 0; delete: delta < 0, the deleted rows' cells are dropped).
   */
  shiftRows(fromRow: number, delta: number, column: number, columnCount: number): void {
    this.moved();
    if (delta < 0) {
      this.deleteRows(
        Array.from({ length: -delta }, (_, i) => fromRow + i),
        column,
        columnCount,
      );
      return;
    }
    const to = (r: number, c: number): [number, number] | null | undefined =>
      r >= fromRow && c >= column && c < column + columnCount ? (r + delta < MAX_ROWS ? [r + delta, c] : null) : undefined;
    this.styles.relocate(to);
    this.validations.relocate(to);
    if (fromRow > this.lastRow) return; // nothing at or below: e.g. rows added at the end of a table
    this.shift(
      delta,
      (r, c) => r >= fromRow && c >= column && c < column + columnCount,
      (r) => r < fromRow - delta,
      'row',
    );
  }

  /** Same as shiftRows, for the row band [row, row+rowCount) at or right of `fromColumn`. */
  shiftColumns(fromColumn: number, delta: number, row: number, rowCount: number): void {
    this.moved();
    const to = (r: number, c: number): [number, number] | null | undefined => {
      if (c < fromColumn || r < row || r >= row + rowCount) return undefined;
      if (delta < 0 && c < fromColumn - delta) return null;
      return c + delta < MAX_COLUMNS ? [r, c + delta] : null;
    };
    this.styles.relocate(to);
    this.validations.relocate(to);
    this.shift(
      delta,
      (r, c) => c >= fromColumn && r >= row && r < row + rowCount,
      (_r, c) => c < fromColumn - delta,
      'column',
    );
  }

  /**
   * Deletes the given rows (absolute, any order, duplicates ignored) of the column band [column,
   * column+columnCount): their cells are dropped and every cell of the band below moves up by the number of
   * deleted rows above it. One pass over the sheet's cells, whatever the number of rows.
   */
  deleteRows(rows: readonly number[], column: number, columnCount: number): void {
    const sorted = [...new Set(rows)].sort((a, b) => a - b);
    const first = sorted[0];
    if (first === undefined) return;
    this.moved();
    const to = (r: number, c: number): [number, number] | null | undefined => {
      if (r < first || c < column || c >= column + columnCount) return undefined;
      const above = countAtOrBelow(sorted, r);
      return sorted[above - 1] === r ? null : [r - above, c];
    };
    this.styles.relocate(to);
    this.validations.relocate(to);
    if (first > this.lastRow) return;
    const moved: [number, number, StoredContent, string][] = [];
    const dropped: [number, number][] = [];
    this.forEachCell((r, c, content, format) => {
      if (r < first || c < column || c >= column + columnCount) return;
      dropped.push([r, c]);
      const above = countAtOrBelow(sorted, r);
      if (sorted[above - 1] === r) return;
      moved.push([r - above, c, content, format]);
    });
    for (const [r, c] of dropped) this.remove(r, c);
    for (const [r, c, content, format] of moved) this.insert(r, c, content, format);
  }

  /**
   * Cells are about to move: the spill entries (kept by anchor position) are dropped, the anchors spill again when
   * next evaluated; the engine is told.
   */
  private moved(): void {
    this.spills.clear();
    this.formulas.cellsMoved?.();
  }

  private shift(
    delta: number,
    inBand: (r: number, c: number) => boolean,
    deleted: (r: number, c: number) => boolean,
    axis: 'row' | 'column',
  ): void {
    const moved: [number, number, StoredContent, string][] = [];
    const dropped: [number, number][] = [];
    this.forEachCell((r, c, content, format) => {
      if (!inBand(r, c)) return;
      dropped.push([r, c]);
      if (delta < 0 && deleted(r, c)) return;
      const nr = axis === 'row' ? r + delta : r;
      const nc = axis === 'row' ? c : c + delta;
      if (nr < 0 || nc < 0 || nr >= MAX_ROWS || nc >= MAX_COLUMNS) return;
      moved.push([nr, nc, content, format]);
    });
    for (const [r, c] of dropped) this.remove(r, c);
    for (const [r, c, content, format] of moved) this.insert(r, c, content, format);
  }
}

/** How many entries of the ascending array are <= value (binary search). */
function countAtOrBelow(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
