/**
 * The share port: what the check before sharing and "Empty the data tables" ask of a workbook host, beside the
 * workbook port (`../workbook-port.ts`). The Excel host implements it on the Office JavaScript API (`src/hosts/excel/excel-share-port.ts`);
 * another host (a workbook file) can implement it later. Plain data in and out; no Office here.
 */

import type { StoredGrid } from '../plan-grid/grid-placeholder';
import type { SheetLayout } from '../workbook-layout/sheet-layout';

/** One of the add-in's tables as the workbook holds it now. */
export interface SharedTable {
  tableName: string;
  sheetName: string;
  /** Data rows holding anything (a table's one blank row counts as none). */
  rows: number;
}

/** A document setting of the add-in: its key and its value as the JSON text the file keeps. */
export interface StoredSetting {
  key: string;
  json: string;
}

/** What the add-in keeps in very hidden sheets: the push baselines, the push journal, the in-cell lists' items (the categories). */
export type HiddenSheetPurpose = 'baseline' | 'journal' | 'lists';

export interface HiddenSheetSize {
  name: string;
  purpose: HiddenSheetPurpose;
  /** Rows and columns of its used range (from A1). */
  rows: number;
  columns: number;
  /** Cells holding anything. */
  cells: number;
  /** UTF-8 bytes of the cells' text: about what the sheet adds to the file before compression. */
  bytes: number;
}

/** What emptying a table did. */
export interface EmptiedTable {
  tableName: string;
  /** Data rows it held before (blank ones included). */
  rowsRemoved: number;
  /** Cells of the user's columns kept because they hold a formula (a calculated column). */
  formulasKept: number;
}

/**
 * What else the add-in wrote that holds the company's data besides its tables: the Import table (pasted bank
 * statements, and in its Account column's in-cell list and prompt the offline accounts' names) and the Analysis
 * sheet (the balance forecast's figures and a PivotTable over the transactions, whose cache keeps them).
 */
export type AddinExtra = { kind: 'importTable'; sheetName: string; rows: number } | { kind: 'analysisSheet'; sheetName: string };

export interface SharePort {
  /** The named tables the workbook holds (a missing one is left out), in the order asked. */
  tables(names: readonly string[]): Promise<SharedTable[]>;
  /** Every document setting of the add-in. */
  settings(): Promise<StoredSetting[]>;
  /**
   * The add-in's very hidden sheets that exist, each read whole in blocks: every block's non-empty cell texts go to
   * `visit` (the check scans them for secrets), and the sheet's size is answered.
   */
  hiddenSheets(visit: (sheet: HiddenSheetPurpose, texts: readonly string[]) => void): Promise<HiddenSheetSize[]>;
  /**
   * Every other sheet's cells (visible and hidden ones: what a user typed or pasted anywhere), each sheet read in
   * blocks, its non-empty cell texts to `visit` for the secret scan. Optional: a host that cannot read them leaves it out.
   */
  sheetCells?(visit: (sheet: string, texts: readonly string[]) => void): Promise<void>;
  /** The document setting that opens the pane with the document (src/hosts/office-settings.ts): true only when it holds true. */
  readAutoOpen(): Promise<boolean>;
  writeAutoOpen(on: boolean): Promise<void>;
  /**
   * Turns the table into an empty one: one blank data row with the formats, widths and in-cell lists it had; the
   * header (the user's columns' too) stays. `pulledHeaders` are cleared; in the user's columns only formulas stay.
   * `listHeaders` lose their in-cell list: it picks from the lists sheet, which emptying removes (the next Load sets
   * both again). Undefined when the workbook has no such table.
   */
  emptyTable(tableName: string, pulledHeaders: readonly string[], listHeaders: readonly string[]): Promise<EmptiedTable | undefined>;
  /** Empties the cell above the table's header when it holds exactly `stamp` (anything else is the user's). */
  clearStamp(tableName: string, stamp: string): Promise<boolean>;
  /** Deletes the add-in's very hidden sheets (baselines, journal, lists); answers the names deleted. */
  removeHiddenSheets(): Promise<string[]>;
  /**
   * Optional (#31): gives a planning grid's sheet back, its layout setting removed: with `page`, the sheet becomes the
   * template's page (its cells, and the setting that lets the next Build grid replace it); without, the sheet (the
   * grid's alone) is deleted. A sheet already gone is no failure (the template's page comes back on a new sheet).
   */
  resetPlanGrid?(grid: StoredGrid, page: GridPage | undefined): Promise<void>;
  /** Optional: the Import table and the Analysis sheet, those the workbook holds. */
  extras?(): Promise<AddinExtra[]>;
  /**
   * Optional: removes one (emptying): the Import table with its rows and its account list (Import a bank statement…
   * adds it again), the Analysis sheet with its chart and PivotTable (Analyse builds it again). Gone already: no failure.
   */
  removeExtra?(kind: AddinExtra['kind']): Promise<void>;
}

/** The template's Plan page and the setting that names it (src/sync/plan-grid/grid-placeholder.ts). */
export interface GridPage {
  layout: SheetLayout;
  setting: string;
}
