/** What the task pane needs from the workbook it runs in: the Excel host implements it on Office.js. */

import type { WorkbookConnectionStore } from '../../sync/connect';
import type { PullStateStore } from '../../sync/pull';
import type { BaselineStore, PushJournal, PushSheet, RowRef } from '../../sync/push';
import type { TableModel } from '../../sync/tables';
import type { SharePort } from '../../sync/share';
import type { ImportSheet } from '../../sync/import';
import type { PlanSheetPort } from '../../sync/plan-grid';
import type { WorkbookPort } from '../../sync/workbook-port';
import type { EditReach } from './read-only-notice';
import type { AnalysisPort } from '../../sync/analysis/analysis-port';

export interface PaneHost {
  port: WorkbookPort;
  pullStates: PullStateStore;
  /** Where pulls of pushable tables keep what they pulled (the push compares the sheet with it). */
  baselines?: BaselineStore;
  workbookConnection: WorkbookConnectionStore;
  /** Shows the sheet that holds the table (nothing happens when the table is gone). */
  activateTable(tableName: string): Promise<void>;
  /** Shows the amounts of the workbook's laid-out sheets (the template's Overview) in the company currency. */
  showAmountsInCurrency?(currency: string): Promise<number>;
  /** Has Excel call the CASHFLOW functions again (after their cache was emptied). */
  recalculateFunctions?(): Promise<void>;
  /**
   * Registers a listener for the user's edits (the worksheet's changed event, not the add-in's own writes), told
   * the tables each edit reached; resolves with its removal. Absent: changes are checked when the Changes tab opens.
   */
  watchUserEdits?(onEdit: (edit: EditReach) => void): Promise<() => Promise<void>>;
  /** What the push needs (absent: the pane offers no Changes view). */
  push?: PushHost;
  /** The check before sharing, emptying the data tables, the auto-open setting (absent: no Share section). */
  share?: SharePort;
  /** The Import table of the bank-statement import (absent: the pane offers no import). */
  importSheet?: ImportSheet;
  /** The planning grid's sheet (absent: the pane offers no Plan grid). Needs `baselines` and `push.journal` too. */
  planSheet?: PlanSheetPort;
  /** The workbook's "Refresh on open" opt-in, a document setting (absent: not offered). */
  refreshOnOpen?: { read(): Promise<boolean>; write(on: boolean): Promise<void> };
  /** The Analysis sheet: PivotTable of actuals and balance chart (absent: the pane offers no Analyse). */
  analysis?: AnalysisPort;
}

export interface PushHost {
  sheet: PushSheet;
  journal: PushJournal;
  /** Selects a row of a pushable table in the sheet (activating it); false when the table no longer holds it. */
  selectRow?<R>(model: TableModel<R>, ref: RowRef): Promise<boolean>;
  /** Shows the editable columns apart (the input style), after a pull of a pushable table. */
  styleInputs?<R>(model: TableModel<R>): Promise<void>;
}
