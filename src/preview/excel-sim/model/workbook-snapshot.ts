/**
 * A snapshot of the whole workbook model (sheets with their cells, number formats, styles, validation, sizes and selection,
 * tables, document settings, the active sheet, the calculation mode) as plain data, and its restore. The preview
 * keeps the workbook across reloads with it (structured clone into IndexedDB); JSON carries it too. A restored
 * workbook is the same model: further batches run on it as on the original.
 */

import type { CellBox } from './address';
import type { SheetCells, SheetState, Visibility } from './sheet-state';
import type { CellStyle } from './style-state';
import type { CellValidation } from './validation-state';
import type { ChartState, PivotState, TableState } from './types';
import type { CalculationModeValue, WorkbookState } from './workbook-state';

export const SNAPSHOT_VERSION = 1;

export interface SheetSnapshot {
  id: string;
  name: string;
  visibility: Visibility;
  cells: SheetCells;
  styles: Array<[number, number, CellStyle]>;
  columnWidths: Array<[number, number]>;
  rowHeights: Array<[number, number]>;
  selection: CellBox;
  /** Frozen rows and columns (absent in snapshots saved before freeze panes were modelled: none). */
  frozen?: { rows: number; columns: number };
  /** Data validation: each distinct record once, cells as [row, column, record index] (absent in older snapshots: none). */
  validations?: { records: CellValidation[]; cells: Array<[number, number, number]> };
}

export interface WorkbookSnapshot {
  version: typeof SNAPSHOT_VERSION;
  sheets: SheetSnapshot[];
  tables: TableState[];
  activeSheetId: string;
  calculationMode: CalculationModeValue;
  /** Document settings as [key, JSON text], the form the settings store keeps. */
  settings: Array<[string, string]>;
  /** The model's id counter (see WorkbookState.idCounter). */
  idCounter: number;
  /** PivotTables and charts (absent in snapshots saved before they were modelled: none). */
  pivots?: PivotState[];
  charts?: ChartState[];
}

function copyTable(table: TableState): TableState {
  return { ...table, box: { ...table.box }, columnNames: [...table.columnNames], columnIds: [...table.columnIds] };
}

/** The sheet's validations with each shared record stored once (a list over 100,000 rows is one record). */
function validationsOf(sheet: SheetState): NonNullable<SheetSnapshot['validations']> {
  const records: CellValidation[] = [];
  const index = new Map<CellValidation, number>();
  const cells = sheet.validations.entries().map(([row, column, record]): [number, number, number] => {
    let i = index.get(record);
    if (i === undefined) {
      i = records.length;
      records.push(structuredClone(record));
      index.set(record, i);
    }
    return [row, column, i];
  });
  return { records, cells };
}

function sheetSnapshot(sheet: SheetState, cells: SheetCells): SheetSnapshot {
  return {
    id: sheet.id,
    name: sheet.name,
    visibility: sheet.visibility,
    cells,
    styles: sheet.styles.entries(),
    columnWidths: [...sheet.columnWidths],
    rowHeights: [...sheet.rowHeights],
    selection: { ...sheet.selection },
    frozen: { ...sheet.frozen },
    validations: validationsOf(sheet),
  };
}

/**
 * The snapshot of the state with the cells already exported, sheet by sheet in order. A sliced export has cells for
 * every sheet (adding one is a change, which makes it give up), so the fallback export never runs there.
 */
function assemble(state: WorkbookState, cells: SheetCells[]): WorkbookSnapshot {
  return {
    version: SNAPSHOT_VERSION,
    sheets: state.sheets.map((sheet, index) => sheetSnapshot(sheet, cells[index] ?? sheet.exportCells())),
    tables: state.tables.map(copyTable),
    activeSheetId: state.activeSheetId,
    calculationMode: state.calculationMode,
    settings: state.settings.entriesJson(),
    idCounter: state.idCounter,
    pivots: state.pivots.map((p) => structuredClone(p)),
    charts: state.charts.map((c) => structuredClone(c)),
  };
}

export function snapshotWorkbook(state: WorkbookState): WorkbookSnapshot {
  return assemble(
    state,
    state.sheets.map((sheet) => sheet.exportCells()),
  );
}

export interface SlicedSnapshotOptions {
  /** Most cells exported between two pauses. */
  sliceCells: number;
  /** Gives the main thread back (a macrotask: `scheduler.yield()` or `setTimeout(0)`). */
  pause: () => Promise<void>;
  /** Whether the workbook changed since the export began (checked after every pause). */
  changed: () => boolean;
}

/**
 * `snapshotWorkbook` exported a slice of cells at a time with a pause between slices, so a large workbook never
 * blocks the page for long. Undefined when the workbook changed during the export: the cells already exported and
 * the rest would be two different states, so the caller must try again later. Everything but the cells is small
 * and is taken in the same task as the last check, from the same state as the cells.
 */
export async function snapshotWorkbookInSlices(
  state: WorkbookState,
  options: SlicedSnapshotOptions,
): Promise<WorkbookSnapshot | undefined> {
  const cells: SheetCells[] = [];
  for (const sheet of [...state.sheets]) {
    const slices = sheet.exportCellsInSlices(options.sliceCells);
    for (;;) {
      const step = slices.next();
      if (step.done) {
        cells.push(step.value);
        break;
      }
      await options.pause();
      if (options.changed()) return undefined;
    }
  }
  if (options.changed()) return undefined;
  return assemble(state, cells);
}

/** Whether a value read back from storage has the snapshot's shape (its version and top-level fields). */
export function isWorkbookSnapshot(value: unknown): value is WorkbookSnapshot {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof WorkbookSnapshot, unknown>>;
  return (
    v.version === SNAPSHOT_VERSION &&
    Array.isArray(v.sheets) &&
    v.sheets.length > 0 &&
    Array.isArray(v.tables) &&
    Array.isArray(v.settings) &&
    typeof v.activeSheetId === 'string' &&
    typeof v.idCounter === 'number'
  );
}

/** Replaces the whole model with the snapshot's content, in place (proxies and globals made on it keep working). */
export function restoreWorkbook(state: WorkbookState, snapshot: WorkbookSnapshot): void {
  if (!isWorkbookSnapshot(snapshot)) throw new TypeError('Not a workbook snapshot (or one of another version).');
  state.sheets.length = 0;
  state.tables.length = 0;
  state.pivots.length = 0;
  state.charts.length = 0;
  for (const saved of snapshot.sheets) {
    const sheet = state.restoreSheet(saved.id, saved.name, saved.visibility);
    sheet.importCells(saved.cells);
    for (const [row, column, style] of saved.styles) sheet.styles.put(row, column, style);
    for (const [column, width] of saved.columnWidths) sheet.columnWidths.set(column, width);
    for (const [row, height] of saved.rowHeights) sheet.rowHeights.set(row, height);
    sheet.selection = { ...saved.selection };
    sheet.frozen = saved.frozen === undefined ? { rows: 0, columns: 0 } : { ...saved.frozen };
    const records = saved.validations?.records.map((record) => structuredClone(record)) ?? [];
    for (const [row, column, i] of saved.validations?.cells ?? []) {
      const record = records[i];
      if (record !== undefined) sheet.validations.put(row, column, record);
    }
  }
  for (const table of snapshot.tables) state.tables.push(copyTable(table));
  for (const pivot of snapshot.pivots ?? []) state.pivots.push(structuredClone(pivot));
  for (const chart of snapshot.charts ?? []) state.charts.push(structuredClone(chart));
  const active = state.sheets.find((s) => s.id === snapshot.activeSheetId && s.visibility === 'Visible');
  state.activeSheetId = (active ?? state.sheets.find((s) => s.visibility === 'Visible') ?? state.sheets[0])?.id ?? '';
  state.calculationMode = snapshot.calculationMode;
  state.settings.replaceAllJson(snapshot.settings);
  state.idCounter = snapshot.idCounter;
}
