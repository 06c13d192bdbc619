/**
 * The workbook's connection memory on its document settings: key `cashflow.connection`, value JSON with the
 * profile name and the base URL only (`checkWorkbookConnection` refuses anything else). The settings travel with
 * the file, so never a secret, token or client ID here.
 */

import {
  checkWorkbookConnection,
  parseWorkbookConnection,
  readWorkbookConnection,
  type WorkbookConnection,
  type WorkbookConnectionReading,
  type WorkbookConnectionStore,
} from '../../sync/connect/workbook-connection';
import { readSetting, writeSetting } from './document-setting';

export const CONNECTION_SETTING = 'cashflow.connection';

export class SettingsConnectionStore implements WorkbookConnectionStore {
  async get(): Promise<WorkbookConnection | undefined> {
    return parseWorkbookConnection(await readSetting(CONNECTION_SETTING));
  }

  async read(): Promise<WorkbookConnectionReading> {
    return readWorkbookConnection(await readSetting(CONNECTION_SETTING));
  }

  async set(connection: WorkbookConnection): Promise<void> {
    await writeSetting(CONNECTION_SETTING, JSON.stringify(checkWorkbookConnection(connection)));
  }
}
