/**
 * The workbook's connection memory on its document settings: key `cashflow.connection`, value JSON with the
 * profile name and the base URL only (`checkWorkbookConnection` refuses anything else; key and text:
 * `src/sync/connect/connection-setting.ts`, shared with the xlsx host). The settings travel with the file, so never a
 * secret, token or client ID here.
 */

import { CONNECTION_SETTING, connectionSettingText } from '../../sync/connect/connection-setting';
import {
  parseWorkbookConnection,
  readWorkbookConnection,
  type WorkbookConnection,
  type WorkbookConnectionReading,
  type WorkbookConnectionStore,
} from '../../sync/connect/workbook-connection';
import { readSetting, writeSetting } from './document-setting';

export { CONNECTION_SETTING } from '../../sync/connect/connection-setting';

export class SettingsConnectionStore implements WorkbookConnectionStore {
  async get(): Promise<WorkbookConnection | undefined> {
    return parseWorkbookConnection(await readSetting(CONNECTION_SETTING));
  }

  async read(): Promise<WorkbookConnectionReading> {
    return readWorkbookConnection(await readSetting(CONNECTION_SETTING));
  }

  async set(connection: WorkbookConnection): Promise<void> {
    await writeSetting(CONNECTION_SETTING, connectionSettingText(connection));
  }
}
