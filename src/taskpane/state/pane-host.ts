/** What the task pane needs from the workbook it runs in: the Excel host implements it on Office.js. */

import type { WorkbookConnectionStore } from '../../sync/connect';
import type { PullStateStore } from '../../sync/pull';
import type { WorkbookPort } from '../../sync/workbook-port';

export interface PaneHost {
  port: WorkbookPort;
  pullStates: PullStateStore;
  workbookConnection: WorkbookConnectionStore;
  /** Shows the sheet that holds the table (nothing happens when the table is gone). */
  activateTable(tableName: string): Promise<void>;
}
