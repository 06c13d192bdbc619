/**
 * The pull state in the file's document settings (`XlsxDocument.settings`), as the Excel host keeps it: one setting
 * per pulled table, key and JSON text from `src/sync/pull/pull-state-setting.ts` (never credentials). The settings
 * go into and come out of the file's web-extension part with the document (not here).
 */

import { parsePullState, type PullState, type PullStateStore } from '../../sync/pull/pull-state';
import { pullStateKey, pullStatesOf, pullStateSettingText } from '../../sync/pull/pull-state-setting';
import type { XlsxDocument } from './xlsx-document';

export class XlsxPullStateStore implements PullStateStore {
  constructor(private readonly doc: XlsxDocument) {}

  async get(tableName: string): Promise<PullState | undefined> {
    const text = this.doc.settings.get(pullStateKey(tableName));
    return parsePullState(typeof text === 'string' ? text : null);
  }

  async set(state: PullState): Promise<void> {
    this.doc.settings.set(pullStateKey(state.tableName), pullStateSettingText(state));
  }

  async remove(tableName: string): Promise<void> {
    this.doc.settings.delete(pullStateKey(tableName));
  }

  async list(): Promise<PullState[]> {
    return pullStatesOf(this.doc.settings.entries());
  }
}
