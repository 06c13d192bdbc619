/**
 * The workbook's connection in the file's document settings (`XlsxDocument.settings`), as the Excel host keeps it:
 * key `cashflow.connection`, JSON with the profile name and the base URL only (`src/sync/connect/connection-setting.ts`;
 * `checkWorkbookConnection` refuses anything else, so no secret, token or client ID ever reaches the file).
 */

import { CONNECTION_SETTING, ConnectionSettingStore } from '../../sync/connect/connection-setting';
import type { XlsxDocument } from './xlsx-document';

export class XlsxConnectionStore extends ConnectionSettingStore {
  constructor(doc: XlsxDocument) {
    super({
      read: async () => {
        const value = doc.settings.get(CONNECTION_SETTING);
        return typeof value === 'string' ? value : null;
      },
      write: async (text) => {
        doc.settings.set(CONNECTION_SETTING, text);
      },
    });
  }
}
