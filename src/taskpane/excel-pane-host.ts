/**
 * The pane's host on Office.js: the Excel port, the stores on document settings and in very hidden sheets, and what
 * the push needs. The task pane builds it at start; the tests build the same one on the Excel simulation.
 */
import { activateTable } from '../hosts/excel/activate-table';
import { ExcelImportSheet } from '../hosts/excel/excel-import-sheet';
import { ExcelPlanSheet } from '../hosts/excel/excel-plan-sheet';
import { ExcelPushSheet } from '../hosts/excel/excel-push-sheet';
import { ExcelSharePort } from '../hosts/excel/excel-share-port';
import { ExcelWorkbookPort } from '../hosts/excel/excel-workbook-port';
import { markInputColumns } from '../hosts/excel/input-style';
import { recalculateFunctions } from '../hosts/excel/recalculate-functions';
import { showAmountsInCurrency } from '../hosts/excel/amount-cells-currency';
import { SettingsConnectionStore } from '../hosts/excel/settings-connection';
import { SettingsPullStateStore } from '../hosts/excel/settings-pull-state';
import { SheetBaselineStore } from '../hosts/excel/sheet-baseline-store';
import { SheetPushJournal } from '../hosts/excel/sheet-push-journal';
import { selectPushRow } from '../hosts/excel/select-push-row';
import { listenForUserEdits } from '../hosts/excel/user-edit-listener';
import type { WriteLimits } from '../hosts/excel/chunk-plan';
import type { PaneHost } from './state/pane-host';
import { buildAnalysis } from '../hosts/excel/analysis-sheet';
import { readRefreshOnOpen, writeRefreshOnOpen } from '../hosts/excel/refresh-on-open-setting';

export function excelPaneHost(limits: Partial<WriteLimits> = {}): PaneHost {
  return {
    port: new ExcelWorkbookPort(limits),
    pullStates: new SettingsPullStateStore(),
    baselines: new SheetBaselineStore(),
    workbookConnection: new SettingsConnectionStore(),
    activateTable: async (name) => {
      await activateTable(name);
    },
    recalculateFunctions,
    showAmountsInCurrency,
    watchUserEdits: listenForUserEdits,
    push: {
      sheet: new ExcelPushSheet(limits),
      journal: new SheetPushJournal(),
      styleInputs: (model) => markInputColumns(model),
      selectRow: selectPushRow,
    },
    share: new ExcelSharePort(),
    importSheet: new ExcelImportSheet(),
    planSheet: new ExcelPlanSheet(),
    analysis: { buildAnalysis },
    refreshOnOpen: { read: readRefreshOnOpen, write: writeRefreshOnOpen },
  };
}
