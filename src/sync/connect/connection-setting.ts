/**
 * How the workbook's connection is kept in its document settings, by both workbook hosts (the Excel host's
 * `settings-connection.ts`, the xlsx host's `xlsx-connection-store.ts`): key `cashflow.connection`, value JSON with
 * the profile name and the base URL only (`checkWorkbookConnection` refuses anything else: never a secret, token or
 * client ID, the settings travel with the file).
 */

import { checkWorkbookConnection, type WorkbookConnection } from './workbook-connection';

export const CONNECTION_SETTING = 'cashflow.connection';

/** The setting's text (throws on anything beyond the two fields, or a base URL carrying credentials). */
export function connectionSettingText(connection: WorkbookConnection): string {
  return JSON.stringify(checkWorkbookConnection(connection));
}
