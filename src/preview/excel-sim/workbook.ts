/** `Excel.Workbook`: the root proxy of a request context. */

import type { Named } from './api-shape';
import type { ActionQueue } from './client-object';
import { SimApplication } from './application';
import { SimSettingCollection } from './settings';
import { SimTableCollection } from './table-collection';
import { SimWorksheetCollection } from './worksheet';

export class SimWorkbook implements Named<Excel.Workbook, 'worksheets' | 'tables' | 'application' | 'settings'> {
  readonly worksheets: SimWorksheetCollection;
  readonly tables: SimTableCollection;
  readonly application: SimApplication;
  readonly settings: SimSettingCollection;

  constructor(context: ActionQueue) {
    this.worksheets = new SimWorksheetCollection(context, 'workbook.worksheets');
    this.tables = new SimTableCollection(context, 'workbook.tables', () => true);
    this.application = new SimApplication(context, 'workbook.application');
    this.settings = new SimSettingCollection(context, 'workbook.settings');
  }
}
