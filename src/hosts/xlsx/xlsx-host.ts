/**
 * "The xlsx host" over one workbook file in memory (`XlsxDocument`), what a caller (the workbook command, the preview's
 * Open and Download) needs to pull, push and undo on a file as the pane does in Excel: the workbook port, the pull
 * state and the connection in the document's settings, the baselines and the journal in very hidden sheets, the push
 * sheet and the input style a pull of a pushable table gives its editable columns. Save the file with
 * `saveWorkbook(doc.workbook)` (the settings go into its web-extension part with it).
 */

import type { WorkbookConnectionStore } from '../../sync/connect/workbook-connection';
import type { PullStateStore } from '../../sync/pull/pull-state';
import type { BaselineStore } from '../../sync/push/baseline';
import type { PushJournal, PushSheet } from '../../sync/push/push-port';
import type { TableModel } from '../../sync/tables/table-model';
import type { WorkbookPort } from '../../sync/workbook-port';
import { XlsxBaselineStore } from './xlsx-baseline-store';
import { XlsxConnectionStore } from './xlsx-connection-store';
import type { XlsxDocument } from './xlsx-document';
import { XlsxPullStateStore } from './xlsx-pull-state';
import { XlsxPushJournal } from './xlsx-push-journal';
import { markXlsxInputColumns, XlsxPushSheet } from './xlsx-push-sheet';
import { XlsxWorkbookPort, type XlsxPortOptions } from './xlsx-workbook-port';

export interface XlsxHost {
  doc: XlsxDocument;
  port: WorkbookPort;
  pullStates: PullStateStore;
  baselines: BaselineStore;
  workbookConnection: WorkbookConnectionStore;
  push: {
    sheet: PushSheet;
    journal: PushJournal;
    /** Shows the editable columns apart (the input style), after a pull of a pushable table. */
    styleInputs<R>(model: TableModel<R>): Promise<void>;
  };
}

export function xlsxHost(doc: XlsxDocument, options: XlsxPortOptions = {}): XlsxHost {
  const { workbook } = doc;
  return {
    doc,
    port: new XlsxWorkbookPort(workbook, options),
    pullStates: new XlsxPullStateStore(doc),
    baselines: new XlsxBaselineStore(workbook, options.bigTableRows),
    workbookConnection: new XlsxConnectionStore(doc),
    push: {
      sheet: new XlsxPushSheet(workbook),
      journal: new XlsxPushJournal(workbook),
      styleInputs: (model) => Promise.resolve().then(() => markXlsxInputColumns(workbook, model)),
    },
  };
}
