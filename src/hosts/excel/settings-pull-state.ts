/**
 * The pull state on the workbook's document settings (`context.workbook.settings`, ExcelApi 1.4): one setting
 * per pulled table, key `cashflow.pull.<table name in lower case>`, value the state as JSON text. Small
 * metadata only (resource, filters, times, row count; never credentials, `checkPullState` refuses them): the
 * settings cap (2 MB, less in practice) is far away. The state travels with the workbook, so a shared file
 * refreshes with the same filters.
 */

import { checkPullState, parsePullState, type PullState, type PullStateStore } from '../../sync/pull/pull-state';
import { readSetting, writeSetting } from './document-setting';
import { runExcel } from './run-excel';

export const PULL_STATE_PREFIX = 'cashflow.pull.';

export function pullStateKey(tableName: string): string {
  return `${PULL_STATE_PREFIX}${tableName.toLowerCase()}`;
}

export class SettingsPullStateStore implements PullStateStore {
  async get(tableName: string): Promise<PullState | undefined> {
    return parsePullState(await readSetting(pullStateKey(tableName)));
  }

  async set(state: PullState): Promise<void> {
    await writeSetting(pullStateKey(state.tableName), JSON.stringify(checkPullState(state)));
  }

  async remove(tableName: string): Promise<void> {
    await runExcel(async (session) => {
      const setting = session.context.workbook.settings.getItemOrNullObject(pullStateKey(tableName));
      setting.load('key');
      await session.sync();
      if (!setting.isNullObject) {
        setting.delete();
        await session.sync();
      }
    });
  }

  async list(): Promise<PullState[]> {
    return runExcel(async (session) => {
      const settings = session.context.workbook.settings.load('items/key,items/value');
      await session.sync();
      return settings.items
        .filter((s) => s.key.startsWith(PULL_STATE_PREFIX))
        .map((s) => parsePullState(typeof s.value === 'string' ? s.value : null))
        .filter((s): s is PullState => s !== undefined);
    });
  }
}
