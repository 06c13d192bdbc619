/**
 * `window.cashflowPreview`: what the preview page exposes on its top window, for the pane's bridge (the simulation's
 * globals) and for browser tests (reading the grid, resetting, waiting for the workbook to be saved).
 */

import type { CellColors, ExcelSimulationGlobals, SimulatedWorkbook } from './excel-sim';
import type { SaveWork } from './workbook-autosave';

export interface CashflowPreview {
  /** `Excel`, `OfficeExtension` and `CustomFunctions` of the simulation: the bridge makes them the pane's globals. */
  globals: ExcelSimulationGlobals;
  workbook: SimulatedWorkbook;
  /** Exactly the text the grid draws for a cell (row and column 0-based; '' for an unknown sheet). */
  cellText(sheetName: string, row: number, col: number): string;
  /** The fill and font colour the grid draws a cell with (the simulation's own; {} for the defaults or an unknown sheet). */
  cellColors(sheetName: string, row: number, col: number): Readonly<CellColors>;
  /** Data rows of a table (undefined when there is no table of that name). */
  tableRowCount(tableName: string): number | undefined;
  /** Empties the workbook (a fresh one, saved) and reloads the pane; the pane's localStorage is kept. */
  reset(): Promise<void>;
  /** Resolves when the last change of the workbook is saved in the browser (rejects when saving failed). */
  saved(): Promise<void>;
  /**
   * The stretches of saving the workbook on the page's thread so far (the simulated Excel's file save, which real
   * Excel does in its own process): the pane benchmark counts them apart from the pane's own work.
   */
  saveWork(): readonly SaveWork[];
}

declare global {
  interface Window {
    cashflowPreview?: CashflowPreview;
  }
}
