/**
 * The workbook's connection in the file's document settings (`XlsxDocument.settings`), as the Excel host keeps it:
 * key `cashflow.connection`, JSON with the profile name and the base URL only (`src/sync/connect/connection-setting.ts`;
 * `checkWorkbookConnection` refuses anything else, so no secret, token or client ID ever reaches the file).
 */

import { CONNECTION_SETTING, connectionSettingText } from '../../sync/connect/connection-setting';
import {
  parseWorkbookConnection,
  readWorkbookConnection,
  type WorkbookConnection,
  type WorkbookConnectionReading,
  type WorkbookConnectionStore,
} from '../../sync/connect/workbook-connection';
import type { XlsxDocument } from './xlsx-document';

export class XlsxConnectionStore implements WorkbookConnectionStore {
  constructor(private readonly doc: XlsxDocument) {}

  private text(): string | null {
    const value = this.doc.settings.get(CONNECTION_SETTING);
    return typeof value === 'string' ? value : null;
  }

  async get(): Promise<WorkbookConnection | undefined> {
    return parseWorkbookConnection(this.text());
  }

  async read(): Promise<WorkbookConnectionReading> {
    return readWorkbookConnection(this.text());
  }

  async set(connection: WorkbookConnection): Promise<void> {
    this.doc.settings.set(CONNECTION_SETTING, connectionSettingText(connection));
  }
}
