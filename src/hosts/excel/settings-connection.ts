/**
 * The workbook's connection memory on its document settings: key `cashflow.connection`, value JSON with the
 * profile name and the base URL only (`checkWorkbookConnection` refuses anything else). The settings travel with
 * the file, so never a secret, token or client ID here.
 */

import { checkWorkbookConnection, parseWorkbookConnection, type WorkbookConnection, type WorkbookConnectionStore } from '../../sync/connect/workbook-connection';
import { runExcel } from './run-excel';

export const CONNECTION_SETTING = 'cashflow.connection';

export class SettingsConnectionStore implements WorkbookConnectionStore {
  async get(): Promise<WorkbookConnection | undefined> {
    return runExcel(async (session) => {
      const setting = session.context.workbook.settings.getItemOrNullObject(CONNECTION_SETTING);
      setting.load('value');
      await session.sync();
      return setting.isNullObject ? undefined : parseWorkbookConnection(typeof setting.value === 'string' ? setting.value : null);
    });
  }

  async set(connection: WorkbookConnection): Promise<void> {
    const text = JSON.stringify(checkWorkbookConnection(connection));
    await runExcel(async (session) => {
      session.context.workbook.settings.add(CONNECTION_SETTING, text);
      await session.sync();
    });
  }
}
