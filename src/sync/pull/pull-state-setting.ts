/**
 * How a table's pull state is kept in the workbook's document settings, by both workbook hosts (the Excel host's
 * `settings-pull-state.ts`, the xlsx host's `xlsx-pull-state.ts`): one setting per pulled table, key
 * `cashflow.pull.<table name in lower case>`, value the state as JSON text (`checkPullState` refuses credentials).
 */

import { checkPullState, parsePullState, type PullState } from './pull-state';

export const PULL_STATE_PREFIX = 'cashflow.pull.';

export function pullStateKey(tableName: string): string {
  return `${PULL_STATE_PREFIX}${tableName.toLowerCase()}`;
}

/** The setting's text for a state (throws on a credential-like key). */
export function pullStateSettingText(state: PullState): string {
  return JSON.stringify(checkPullState(state));
}

/** The states among settings (key, value) pairs: those under the prefix that parse; anything else is left out. */
export function pullStatesOf(settings: Iterable<readonly [string, unknown]>): PullState[] {
  const states: PullState[] = [];
  for (const [key, value] of settings) {
    if (!key.startsWith(PULL_STATE_PREFIX)) continue;
    const state = parsePullState(typeof value === 'string' ? value : null);
    if (state !== undefined) states.push(state);
  }
  return states;
}
