/** `Excel.Workbook`: the root proxy of a request context. */

import type { Named, Supported } from './api-shape';
import type { ActionQueue } from './types';
import { SimRange } from './range';
import { SimApplication } from './application';
import { SimSettingCollection } from './settings';
import { SimTableCollection } from './table-collection';
import { SimWorksheetCollection } from './worksheet';
import { SimPivotTableCollection } from './pivot-table';

/** Its navigation properties are made on first access (queuing their Instantiate action) and cached. */
export class SimWorkbook
  implements Named<Excel.Workbook, 'worksheets' | 'tables' | 'application' | 'settings'>, Supported<Excel.Workbook, 'getSelectedRange'>
{
  private worksheetsProxy: SimWorksheetCollection | undefined;
  private tablesProxy: SimTableCollection | undefined;
  private applicationProxy: SimApplication | undefined;
  private settingsProxy: SimSettingCollection | undefined;
  private pivotTablesProxy: SimPivotTableCollection | undefined;

  constructor(private readonly context: ActionQueue) {}

  get worksheets(): SimWorksheetCollection {
    this.worksheetsProxy ??= new SimWorksheetCollection(this.context, 'workbook.worksheets', 'Workbook.worksheets');
    return this.worksheetsProxy;
  }
  get tables(): SimTableCollection {
    this.tablesProxy ??= new SimTableCollection(this.context, 'workbook.tables', () => true, 'Workbook.tables');
    return this.tablesProxy;
  }
  /** ExcelApi 1.8: every sheet's PivotTables. */
  get pivotTables(): SimPivotTableCollection {
    this.pivotTablesProxy ??= new SimPivotTableCollection(this.context, 'workbook.pivotTables', () => true, 'Workbook.pivotTables');
    return this.pivotTablesProxy;
  }
  get application(): SimApplication {
    this.applicationProxy ??= new SimApplication(this.context, 'workbook.application', 'Workbook.application');
    return this.applicationProxy;
  }
  /** The selection of the active sheet (A1 unless `Range.select()` chose other cells), bound at the next sync. */
  getSelectedRange(): SimRange {
    return new SimRange(
      this.context,
      'workbook.getSelectedRange()',
      (env) => {
        const sheet = env.state.sheetById(env.state.activeSheetId);
        return { sheetId: sheet.id, box: { ...sheet.selection } };
      },
      'Workbook.getSelectedRange',
    );
  }

  get settings(): SimSettingCollection {
    this.settingsProxy ??= new SimSettingCollection(this.context, 'workbook.settings', 'Workbook.settings');
    return this.settingsProxy;
  }
}
