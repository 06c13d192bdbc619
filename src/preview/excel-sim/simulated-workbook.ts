/**
 * A fresh simulated workbook: its own state, stats and `run`, plus direct inspection for tests and the
 * preview (reading cells this way is not an Office.js call: no sync, no payload, no stats).
 */

import { formatAddress, parseLocalAddress, splitSheet, type CellBox } from './model/address';
import type { CellValue, Result } from './model/cell';
import { readCells, writeCells, type ReadProperty } from './model/cell-write';
import { SimClientObject } from './batch/client-object';
import { ERROR_MESSAGES, SimError } from './batch/errors';
import { CustomFunctionCalls } from './formula/custom-function-calls';
import { readCustomFunctionsMetadata } from './formula/custom-function-metadata';
import { createCustomFunctionsGlobal, CustomFunctionRegistry, type CustomFunctionsGlobal } from './formula/custom-function-registry';
import { createFormulaEngine } from './formula/engine';
import { MAX_READ_CELLS, SyncStats, WEB_PAYLOAD_LIMIT_BYTES } from './batch/payload';
import { BatchEngine } from './batch/request-context';
import type { Visibility } from './model/sheet-state';
import { DEFAULT_COLUMN_WIDTH, STYLE_DEFAULTS } from './model/style-state';
import { dataBox, tableColumnNames } from './model/table-state';
import { chartSeries, type ChartSeries } from './model/chart-state';
import type { ChartState, PivotState } from './model/types';
import { restoreWorkbook, snapshotWorkbook, type WorkbookSnapshot } from './model/workbook-snapshot';
import { cellList, checkUserEntry, type CellListView } from './model/user-entry';
import { WorkbookState } from './model/workbook-state';
import { SimRequestContext } from './proxies/request-context';

export interface SimulatedWorkbookOptions {
  /** `web` (default) enforces Excel on the web's 5 MB request/response caps; `desktop` has none. */
  platform?: 'web' | 'desktop';
  /** Initial sheets, in order; default one sheet `Sheet1`. The first is active. */
  sheets?: string[];
  /** Year used for dates typed without one (`3/4`); default: the current UTC year. */
  currentYear?: number;
  /** Document settings the workbook starts with (as if saved by an earlier session); values must be JSON-serialisable. */
  settings?: Record<string, unknown>;
  /** Cap of the whole settings store in UTF-8 JSON bytes; default 2 MB (`SETTINGS_LIMIT_BYTES`), on every platform. */
  settingsLimitBytes?: number;
  /**
   * Round-trip time charged to every `context.sync()` that sends actions, in ms (default 0: no delay). Real
   * Office.js makes each such sync a round trip to Excel (on the web, over the network); the simulation
   * otherwise answers at once, which makes many small syncs look free. Applied as an awaited timer before the
   * batch runs. A sync with nothing queued costs nothing, as in office.js (it sends no request then).
   */
  syncLatencyMs?: number;
  /**
   * `task`: every `context.sync()` that sends actions gives the thread back (a macrotask) before its batch runs, as
   * real Office.js does, whose sync is a round trip to Excel answered by an event. The preview sets it, so that a
   * chain of syncs does not become one long task of the page (the add-in's work between syncs is then measured
   * apart). Default `microtask` (a resolved promise only): tests stay fast and their order of events exact.
   */
  syncYield?: 'microtask' | 'task';
  /**
   * Custom functions: the namespace formulas call them with (default `CASHFLOW`, as the manifest says; case-
   * insensitive) and, optionally, their metadata (functions.json, parsed), for parameter counts, types and options.
   */
  customFunctions?: { namespace?: string; metadata?: unknown };
}

export interface TableSnapshot {
  name: string;
  sheet: string;
  address: string;
  showHeaders: boolean;
  columns: string[];
}

/** Where a table lies, in cell indexes (0-based), and how it is shown: for drawing it (the preview's grid). */
export interface TableLayout {
  name: string;
  sheet: string;
  /** The whole table: header row and totals row included when shown. */
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
  showHeaders: boolean;
  showTotals: boolean;
  showBandedRows: boolean;
  /** Rows of the data body (Excel's blank row of an empty table counts as none). */
  dataRowCount: number;
  /** The table's column names, left to right. */
  columnNames: string[];
}

/** A cell's own colours and slant (see `SimulatedWorkbook.cellColors`); absent: the default. */
export interface CellColors {
  fill?: string;
  font?: string;
  /** `format.font.italic` (the stamp above a table is italic). */
  italic?: boolean;
  /** `format.font.bold` (a template's headings). */
  bold?: boolean;
  /** `format.indentLevel` above 0 (the plan grid's categories under their parents). */
  indent?: number;
  /** `format.wrapText` (a template page's paragraphs): the text wraps in its cell, never runs over its neighbours. */
  wrap?: boolean;
}

const NO_COLORS: Readonly<CellColors> = Object.freeze({});

export type Batch<T> = (context: SimRequestContext) => Promise<T>;

export class SimulatedWorkbook {
  readonly state: WorkbookState;
  readonly stats = new SyncStats();
  /** @internal the batch engine shared by this workbook's request contexts */
  readonly engine: BatchEngine<WorkbookState>;
  /**
   * The `CustomFunctions` global of this workbook (`associate`, `Error`, `ErrorCode`): functions associated through it
   * are what `=NAMESPACE.NAME(...)` formulas of this workbook call. `installExcelSimulation` installs it.
   */
  readonly customFunctions: CustomFunctionsGlobal;
  private readonly registry: CustomFunctionRegistry;
  private readonly calls: CustomFunctionCalls;

  constructor(options: SimulatedWorkbookOptions = {}) {
    this.registry = new CustomFunctionRegistry(options.customFunctions?.namespace);
    if (options.customFunctions?.metadata !== undefined)
      this.registry.describe(readCustomFunctionsMetadata(options.customFunctions.metadata));
    this.calls = new CustomFunctionCalls(this.registry, () => this.engine.notifyChange());
    this.customFunctions = createCustomFunctionsGlobal(this.registry);
    this.state = new WorkbookState(
      options.currentYear ?? new Date().getUTCFullYear(),
      createFormulaEngine(this.calls),
      options.settingsLimitBytes,
    );
    this.calls.attach(this.state);
    for (const [key, value] of Object.entries(options.settings ?? {})) this.state.settings.set(key, value);
    for (const name of options.sheets ?? ['Sheet1']) this.state.addSheet(name);
    const web = (options.platform ?? 'web') === 'web';
    this.engine = new BatchEngine(this.state, this.stats, {
      payloadLimitBytes: web ? WEB_PAYLOAD_LIMIT_BYTES : Infinity,
      maxReadCells: MAX_READ_CELLS,
      syncLatencyMs: checkLatency(options.syncLatencyMs ?? 0),
      syncYield: options.syncYield ?? 'microtask',
    });
    // First of the change listeners: formulas calling custom functions are calculated before views read the workbook.
    this.engine.onChange(() => this.calls.afterChange());
    this.engine.onChange(() => this.dispatchEdits());
  }

  /**
   * What a user typing into a cell does (not an API call: no sync, no stats): the input is taken by the typing rules
   * of `range.values` (0-based cell), change listeners are told and the changed events fire with `triggerSource`
   * `Unknown` (not this add-in). The preview's grid edits cells so. Throws the SimError Excel would refuse it with, or
   * a ValidationRefusal when the cell's data validation refuses the value (model/user-entry.ts): the cell keeps its value.
   */
  typeIntoCell(sheet: string, row: number, column: number, input: string): void {
    const state = this.state.sheet(sheet);
    const box = { row, column, rowCount: 1, columnCount: 1 };
    checkUserEntry(this.state, state, row, column, input);
    writeCells(state, box, 'values', [[input]], this.state.currentYear);
    this.state.events.record({ sheetId: state.id, box, triggerSource: 'Unknown' });
    this.engine.notifyChange();
  }

  /**
   * What a user pasting values does (Paste Values, Ctrl+Shift+V: the cells keep their formats and data validation,
   * which Excel does not check a paste against): the inputs taken by the typing rules of `range.values` from the
   * 0-based cell, then one changed event for the whole pasted block (`triggerSource` `Unknown`), as Excel reports a paste.
   */
  pasteValues(sheet: string, row: number, column: number, inputs: readonly (readonly string[])[]): void {
    const state = this.state.sheet(sheet);
    const box = { row, column, rowCount: inputs.length, columnCount: Math.max(0, ...inputs.map((line) => line.length)) };
    const cells = inputs.map((line) => Array.from({ length: box.columnCount }, (_, i) => line[i] ?? ''));
    writeCells(state, box, 'values', cells, this.state.currentYear);
    this.state.events.record({ sheetId: state.id, box, triggerSource: 'Unknown' });
    this.engine.notifyChange();
  }

  /**
   * What a user selecting a cell does (not an API call): the sheet's selection becomes that cell (0-based) and the
   * sheet's `onSelectionChanged` handlers are told, asynchronously. The preview's grid selects cells so.
   */
  selectCell(sheet: string, row: number, column: number): void {
    const state = this.state.sheet(sheet);
    const box = { row, column, rowCount: 1, columnCount: 1 };
    state.selection = box;
    state.selectionByUser = true;
    const handlers = this.state.selections.of(state.id);
    if (handlers.length > 0) setTimeout(() => handlers.forEach((handler) => handler(state.id, box)), 0);
  }

  /** The outline level of each grouped row (0-based row → level), as `range.group('ByRows')` left them. */
  outlineLevels(sheet: string): Map<number, number> {
    return new Map(this.state.sheet(sheet).rowOutline);
  }

  /** Whether the sheet's selection was last made by the user (`selectCell`), not by the add-in (`range.select()`). */
  selectedByUser(sheet: string): boolean {
    return this.state.sheet(sheet).selectionByUser;
  }

  /**
   * The add-in's runtime ended (the preview reloads the pane's frame): the event handlers it registered go with it, as
   * in Excel, where handlers belong to the runtime that added them. Without this a reloaded pane's old handler stays
   * registered and is called with every edit, from a frame that is gone.
   */
  forgetEventHandlers(): void {
    this.state.events.clear();
    this.state.selections.clear();
  }

  /** How many changed-event handlers are registered now (on any sheet). */
  eventHandlerCount(): number {
    return this.state.events.count();
  }

  /** Hands the recorded edits to the changed-event handlers, after the batch, as Excel sends events (asynchronously). */
  private dispatchEdits(): void {
    const deliveries = this.state.events.drain();
    if (deliveries.length === 0) return;
    setTimeout(() => {
      for (const { handler, edit } of deliveries) handler(edit);
    }, 0);
  }

  /** A new request context on this workbook (`new Excel.RequestContext()`). */
  createContext(): SimRequestContext {
    return new SimRequestContext(this.engine);
  }

  /**
   * `Excel.run`: runs the batch with a new context (or the context of `previousObjects`), requires it to
   * return a promise (`RunMustReturnPromise`), then syncs once more, as office.js does, so actions queued
   * after the last explicit sync are still applied. If the batch rejects, its pending actions are dropped.
   */
  run<T>(batch: Batch<T>): Promise<T>;
  run<T>(objectsOrOptions: unknown, batch: Batch<T>): Promise<T>;
  async run<T>(...args: unknown[]): Promise<T> {
    const batch = args[args.length - 1];
    if (typeof batch !== 'function') throw new SimError('InvalidArgument', ERROR_MESSAGES.InvalidArgument);
    const context = this.contextFor(args.length > 1 ? args[0] : undefined);
    const pending: unknown = (batch as Batch<T>)(context);
    if (!pending || typeof (pending as { then?: unknown }).then !== 'function') {
      throw new SimError('RunMustReturnPromise', ERROR_MESSAGES.RunMustReturnPromise);
    }
    const result = await (pending as Promise<T>);
    await context.sync();
    return result;
  }

  private contextFor(previous: unknown): SimRequestContext {
    const first = Array.isArray(previous) ? previous[0] : previous;
    const candidate =
      first && typeof first === 'object' && 'previousObjects' in first ? (first as { previousObjects: unknown }).previousObjects : first;
    const object = Array.isArray(candidate) ? candidate[0] : candidate;
    if (object instanceof SimRequestContext) return object;
    if (object instanceof SimClientObject && object.context instanceof SimRequestContext) return object.context;
    return this.createContext();
  }

  /**
   * Calls `listener` after every `sync()` that ran an action that may have changed the workbook (a property write
   * or a method other than a read; also when a later action of the batch failed). Synchronous and cheap: batch
   * expensive work (the preview redraws once per animation frame). Returns the removal of the listener.
   */
  onChange(listener: () => void): () => void {
    return this.engine.onChange(listener);
  }

  /** The whole workbook as plain data (structured-clone and JSON safe): see model/workbook-snapshot.ts. */
  snapshot(): WorkbookSnapshot {
    return snapshotWorkbook(this.state);
  }

  /**
   * Replaces the workbook's content with a snapshot's, in place: globals and `Excel.run` made on this workbook keep
   * working on the restored content. Change listeners are told.
   */
  restore(snapshot: WorkbookSnapshot): void {
    restoreWorkbook(this.state, snapshot);
    this.calls.reset(); // results are no content: the restored formulas call their functions again
    this.engine.notifyChange();
  }

  // ---- custom functions (Excel's side: see formula/custom-function-calls.ts) ----

  /** The namespace formulas call this workbook's custom functions with (upper case). */
  get customFunctionsNamespace(): string {
    return this.registry.namespace;
  }

  /** Takes the functions' metadata (functions.json, parsed): names, parameters, options. TypeError if malformed. */
  describeCustomFunctions(metadata: unknown): void {
    this.registry.describe(readCustomFunctionsMetadata(metadata));
  }

  /** Resolves once no custom function call is pending and every result has landed (cells show it, listeners told). */
  customFunctionsSettled(): Promise<void> {
    return this.calls.settled();
  }

  /**
   * Calls every custom function of every formula again (what `application.calculate('Full')` does to them), now;
   * cells show `#BUSY!` until the new results land. Change listeners are told.
   */
  recalculateCustomFunctions(): void {
    this.calls.recalculate('Full');
    this.engine.notifyChange();
  }

  /**
   * The message of the error a cell shows (0-based; evaluated now): a `CustomFunctions.Error`'s message (`#VALUE!` and
   * `#N/A` only), or why an array cannot spill (`#SPILL!`); undefined for other cells and errors without one.
   */
  cellErrorMessage(sheet: string, row: number, column: number): string | undefined {
    const state = this.state.sheet(sheet);
    return state.spillBlock(row, column) ?? this.calls.errorMessage(state, row, column);
  }

  // ---- inspection (no Office.js semantics) ----

  /** A cell's data validation as a user meets it (0-based): its list's items and its prompt; undefined: none. */
  cellList(sheet: string, row: number, column: number): CellListView | undefined {
    return cellList(this.state, this.state.sheet(sheet), row, column);
  }

  /** The name of the active sheet. */
  activeSheetName(): string {
    return this.state.sheetById(this.state.activeSheetId).name;
  }

  /** The sheet's selected cells (0-based box), as `range.select()` last left them (A1 until then). */
  selection(sheet: string): { row: number; column: number; rowCount: number; columnCount: number } {
    return { ...this.state.sheet(sheet).selection };
  }

  /**
   * One cell's current result (formulas evaluated now), number format (a cell an array spills into: the anchor's,
   * unless it has its own) and formula (if it holds one); 0-based.
   */
  cell(sheet: string, row: number, column: number): { result: Result; format: string; formula?: string } {
    const state = this.state.sheet(sheet);
    const content = state.content(row, column);
    const cell = state.readingBlock(() => ({ result: state.result(row, column), format: state.displayFormat(row, column) }));
    return content?.kind === 'Formula' ? { ...cell, formula: content.formula } : cell;
  }

  /**
   * The fill and font colours set on one cell (`format.fill.color`, `format.font.color`; 0-based), as `#RRGGBB`, or
   * undefined where the cell has the default (no fill, automatic font colour), and `italic` when it is set. One map lookup: the grid asks it for
   * every visible cell on every redraw, so no Excel.run, no sync, no copy of the sheet's styles.
   */
  cellColors(sheet: string, row: number, column: number): Readonly<CellColors> {
    const style = this.state.sheet(sheet).styles.get(row, column);
    if (style === undefined) return NO_COLORS;
    const colors: CellColors = {};
    if (style.fill !== undefined && style.fill !== STYLE_DEFAULTS.fill) colors.fill = style.fill;
    if (style.fontColor !== undefined && style.fontColor !== STYLE_DEFAULTS.fontColor) colors.font = style.fontColor;
    if (style.italic === true) colors.italic = true;
    if (style.bold === true) colors.bold = true;
    if (style.indentLevel !== undefined && style.indentLevel > 0) colors.indent = style.indentLevel;
    if (style.wrapText === true) colors.wrap = true;
    return colors;
  }

  /** The heights (points) set on rows of a sheet (`format.rowHeight`, or a file's row heights), by 0-based row. */
  rowHeights(sheet: string): ReadonlyMap<number, number> {
    return this.state.sheet(sheet).rowHeights;
  }

  /** Rows and columns (from A1) that hold every stored cell of the sheet: upper bounds, read in constant time. */
  extent(sheet: string): { rows: number; columns: number } {
    return this.state.sheet(sheet).extent;
  }

  /** Every table's position and display properties (see TableLayout). */
  tableLayouts(): TableLayout[] {
    return this.state.tables.map((t) => ({
      name: t.name,
      sheet: this.state.sheetById(t.sheetId).name,
      ...t.box,
      showHeaders: t.showHeaders,
      showTotals: t.showTotals,
      showBandedRows: t.showBandedRows,
      dataRowCount: t.emptyBody ? 0 : dataBox(t).rowCount,
      columnNames: [...t.columnNames],
    }));
  }

  /** The PivotTables of the workbook (or of one sheet), as plain data. */
  pivots(sheet?: string): PivotState[] {
    const id = sheet === undefined ? undefined : this.state.sheet(sheet).id;
    return this.state.pivots.filter((p) => id === undefined || p.sheetId === id).map((p) => structuredClone(p));
  }

  /** The charts of a sheet, as plain data (what the preview lists and draws). */
  charts(sheet: string): ChartState[] {
    const id = this.state.sheet(sheet).id;
    return this.state.charts.filter((c) => c.sheetId === id).map((c) => structuredClone(c));
  }

  /** The series a chart reads from its source (model/chart-state.ts). */
  chartSeries(sheet: string, name: string): ChartSeries[] {
    const id = this.state.sheet(sheet).id;
    const chart = this.state.charts.find((c) => c.sheetId === id && c.name === name);
    if (!chart) throw new SimError('ItemNotFound', ERROR_MESSAGES.ItemNotFound);
    return chartSeries(this.state, chart);
  }

  sheetNames(): string[] {
    return this.state.sheets.map((s) => s.name);
  }

  visibility(sheet: string): Visibility {
    return this.state.sheet(sheet).visibility;
  }

  private block(sheetName: string, address: string | undefined, property: ReadProperty): CellValue[][] {
    const sheet = this.state.sheet(sheetName);
    let box: CellBox | null;
    if (address === undefined) box = sheet.usedBox(false);
    else box = parseLocalAddress(splitSheet(address).local);
    return box ? readCells(sheet, box, property) : [];
  }

  /** Cell values of `address` (default: the used range) of a sheet. */
  values(sheet: string, address?: string): CellValue[][] {
    return this.block(sheet, address, 'values');
  }
  formulas(sheet: string, address?: string): CellValue[][] {
    return this.block(sheet, address, 'formulas');
  }
  numberFormats(sheet: string, address?: string): string[][] {
    return this.block(sheet, address, 'numberFormat') as string[][];
  }
  valueTypes(sheet: string, address?: string): string[][] {
    return this.block(sheet, address, 'valueTypes') as string[][];
  }
  text(sheet: string, address?: string): string[][] {
    return this.block(sheet, address, 'text') as string[][];
  }

  /** `format.autofitColumns()` / `autofitRows()` calls on a sheet, in order (columns are fitted, rows are not). */
  autofits(sheet: string): Array<{ kind: 'columns' | 'rows'; address: string }> {
    const state = this.state.sheet(sheet);
    return state.autofits.map((a) => ({ kind: a.kind, address: formatAddress(state.name, a.box) }));
  }

  /** Column widths in points, left to right over `columns` columns from A (48 where none was set). */
  columnWidths(sheet: string, columns: number): number[] {
    const widths = this.state.sheet(sheet).columnWidths;
    return Array.from({ length: columns }, (_, c) => widths.get(c) ?? DEFAULT_COLUMN_WIDTH);
  }

  /** Rows and columns frozen at the top left of the sheet's view (`worksheet.freezePanes`). */
  frozen(sheet: string): { rows: number; columns: number } {
    return { ...this.state.sheet(sheet).frozen };
  }

  /** The document settings, parsed (Dates revived). */
  settings(): Record<string, unknown> {
    return this.state.settings.toObject();
  }

  /** Size of the settings store as the cap measures it (UTF-8 bytes of `{"key":value,...}`). */
  settingsBytes(): number {
    return this.state.settings.bytes();
  }

  tables(): TableSnapshot[] {
    return this.state.tables.map((t) => {
      const sheet = this.state.sheetById(t.sheetId);
      return {
        name: t.name,
        sheet: sheet.name,
        address: formatAddress(sheet.name, t.box),
        showHeaders: t.showHeaders,
        columns: tableColumnNames(this.state, t),
      };
    });
  }
}

function checkLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`syncLatencyMs must be a finite number >= 0, got ${ms}`);
  return ms;
}

export function createSimulatedWorkbook(options?: SimulatedWorkbookOptions): SimulatedWorkbook {
  return new SimulatedWorkbook(options);
}
