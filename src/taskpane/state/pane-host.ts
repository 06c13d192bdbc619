/** What the task pane needs from the workbook it runs in: the Excel host implements it on Office.js. */

import type { WorkbookConnectionStore } from '../../sync/connect';
import type { PullStateStore } from '../../sync/pull';
import type { BaselineStore } from '../../sync/push';
import type { WorkbookPort } from '../../sync/workbook-port';

export interface PaneHost {
  port: WorkbookPort;
  pullStates: PullStateStore;
  /** Where pulls of pushable tables keep what they pulled (the push compares the sheet with it). */
  baselines?: BaselineStore;
  workbookConnection: WorkbookConnectionStore;
  /** Shows the sheet that holds the table (nothing happens when the table is gone). */
  activateTable(tableName: string): Promise<void>;
}
