/**
 * The workbook's connection memory on its document settings: key `cashflow.connection`, value JSON with the
 * profile name and the base URL only (`checkWorkbookConnection` refuses anything else; key, text and store:
 * `src/sync/connect/connection-setting.ts`, shared with the xlsx host). The settings travel with the file, so never a
 * secret, token or client ID here.
 */

import { CONNECTION_SETTING, ConnectionSettingStore } from '../../sync/connect/connection-setting';
import { readSetting, writeSetting } from './document-setting';

export { CONNECTION_SETTING } from '../../sync/connect/connection-setting';

export class SettingsConnectionStore extends ConnectionSettingStore {
  constructor() {
    super({ read: () => readSetting(CONNECTION_SETTING), write: (text) => writeSetting(CONNECTION_SETTING, text) });
  }
}
