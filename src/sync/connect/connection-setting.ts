/**
 * How the workbook's connection is kept in its document settings, by both workbook hosts (the Excel host's
 * `settings-connection.ts`, the xlsx host's `xlsx-connection-store.ts`): key `cashflow.connection`, value JSON with
 * the profile name and the base URL only (`checkWorkbookConnection` refuses anything else: never a secret, token or
 * client ID, the settings travel with the file).
 */

import {
  checkWorkbookConnection,
  parseWorkbookConnection,
  readWorkbookConnection,
  type WorkbookConnection,
  type WorkbookConnectionReading,
  type WorkbookConnectionStore,
} from './workbook-connection';

export const CONNECTION_SETTING = 'cashflow.connection';

/** The setting's text (throws on anything beyond the two fields, or a base URL carrying credentials). */
export function connectionSettingText(connection: WorkbookConnection): string {
  return JSON.stringify(checkWorkbookConnection(connection));
}

/** Where a host keeps the setting's text (Excel: the document settings; a file: its settings map). */
export interface ConnectionSettingText {
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
}

/** The workbook's connection over the setting's text, for either host. */
export class ConnectionSettingStore implements WorkbookConnectionStore {
  constructor(private readonly setting: ConnectionSettingText) {}

  async get(): Promise<WorkbookConnection | undefined> {
    return parseWorkbookConnection(await this.setting.read());
  }

  async read(): Promise<WorkbookConnectionReading> {
    return readWorkbookConnection(await this.setting.read());
  }

  async set(connection: WorkbookConnection): Promise<void> {
    await this.setting.write(connectionSettingText(connection));
  }
}
