/**
 * "Refresh on open" (#31), per workbook: the document setting `cashflow.refreshOnOpen` (`true`/`false` as text, no
 * secret in it), saved with the file like the other settings the add-in writes.
 */

import { readSetting, writeSetting } from './document-setting';

export const REFRESH_ON_OPEN_SETTING = 'cashflow.refreshOnOpen';

export async function readRefreshOnOpen(): Promise<boolean> {
  return (await readSetting(REFRESH_ON_OPEN_SETTING)) === 'true';
}

export function writeRefreshOnOpen(on: boolean): Promise<void> {
  return writeSetting(REFRESH_ON_OPEN_SETTING, on ? 'true' : 'false');
}
