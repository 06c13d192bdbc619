/**
 * The pull state on the workbook's document settings (`context.workbook.settings`, ExcelApi 1.4): one setting
 * per pulled table (key and text: `src/sync/pull/pull-state-setting.ts`, shared with the xlsx host). Small
 * metadata only (resource, filters, times, row count; never credentials, `checkPullState` refuses them): the
 * settings cap (2 MB, less in practice) is far away. The state travels with the workbook, so a shared file
 * refreshes with the same filters.
 */

import { parsePullState, type PullState, type PullStateStore } from '../../sync/pull/pull-state';
import { pullStateKey, pullStatesOf, pullStateSettingText } from '../../sync/pull/pull-state-setting';
import { readSetting, writeSetting } from './document-setting';
import { runExcel } from './run-excel';

export { PULL_STATE_PREFIX, pullStateKey } from '../../sync/pull/pull-state-setting';

export class SettingsPullStateStore implements PullStateStore {
  async get(tableName: string): Promise<PullState | undefined> {
    return parsePullState(await readSetting(pullStateKey(tableName)));
  }

  async set(state: PullState): Promise<void> {
    await writeSetting(pullStateKey(state.tableName), pullStateSettingText(state));
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
      return pullStatesOf(settings.items.map((s) => [s.key, s.value] as const));
    });
  }
}
