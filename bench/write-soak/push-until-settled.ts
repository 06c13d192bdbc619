/**
 * The soak's push of one table, as the pane's user would go on: push (deletes and whole rows confirmed); rows in
 * conflict are not sent, and the next push settles them "take theirs"; rows that still wait because of the faults
 * (not confirmed, failed, the retry budget spent) are pushed again, a bounded number of times, until nothing waits.
 */

import { pushTable, type PushResult, type PushRowResult, type Resolution, type WriteModel } from '../../src/sync/push';
import type { SoakSandbox } from './soak-sandbox';
import { keyOf, type SoakTableKind } from './soak-tables';
import type { SoakWorkbook } from './soak-workbook';

/** Pushes of one table in one cycle at most (the first and the repeats). */
export const MAX_PUSHES = 8;

/** Outcomes that leave a row waiting in the sheet with its reason. */
const WAITING = new Set(['failed', 'unknown', 'cancelled', 'conflict', 'blocked', 'needsReplace', 'needsDeleteConfirmation']);

export interface PushRounds {
  pushes: number;
  /** Pushes repeated because rows still waited for a reason other than a conflict (the faults, the retry budget). */
  faultRepeats: number;
  /** Journal entries of the pushes, oldest first. */
  journalIds: string[];
  /** Keys of rows that met a conflict (settled "take theirs"). */
  conflicts: Set<string>;
  /** Rows still waiting after the last push. */
  waiting: PushRowResult[];
  /** Rows landed, per op. */
  landed: Record<string, number>;
  /** Each row's outcomes push by push (`outcome: message`) by the ledger's key: the rows the pushes wrote back. */
  history: Map<string, string[]>;
  /** Pushes that threw (the service down for the push's whole retry budget). */
  thrown: string[];
}

export async function pushUntilSettled(
  wb: SoakWorkbook,
  soak: SoakSandbox,
  writeModel: WriteModel<unknown>,
  kind: SoakTableKind,
  phase: string,
): Promise<PushRounds> {
  const rounds: PushRounds = {
    pushes: 0,
    faultRepeats: 0,
    journalIds: [],
    conflicts: new Set(),
    waiting: [],
    landed: {},
    history: new Map(),
    thrown: [],
  };
  const resolutions = new Map<string, Resolution>();
  soak.phase(phase);
  while (rounds.pushes < MAX_PUSHES) {
    rounds.pushes += 1;
    const result = await pushOnce(wb, writeModel, resolutions).catch((error: unknown) => error);
    if (!isResult(result)) {
      rounds.thrown.push(result instanceof Error ? `${result.name}: ${result.message}` : String(result));
      continue;
    }
    if (result.journalId !== undefined) rounds.journalIds.push(result.journalId);
    for (const row of result.rows) {
      const key = keyOf(row.ref, kind);
      rounds.history.set(key, [...(rounds.history.get(key) ?? []), `${row.outcome}: ${row.message}`]);
      if (row.outcome === 'landed') rounds.landed[row.op ?? 'patch'] = (rounds.landed[row.op ?? 'patch'] ?? 0) + 1;
      if (row.outcome === 'conflict') {
        rounds.conflicts.add(row.key);
        resolutions.set(row.key, 'theirs');
      }
    }
    rounds.waiting = result.rows.filter((r) => WAITING.has(r.outcome));
    if (rounds.waiting.length === 0) break;
    if (rounds.waiting.some((r) => r.outcome !== 'conflict')) rounds.faultRepeats += 1;
  }
  return rounds;
}

const isResult = (value: unknown): value is PushResult =>
  typeof value === 'object' && value !== null && 'rows' in value && 'counts' in value;

function pushOnce(wb: SoakWorkbook, writeModel: WriteModel<unknown>, resolutions: ReadonlyMap<string, Resolution>): Promise<PushResult> {
  return pushTable(writeModel, {
    client: wb.client,
    sheet: wb.sheet,
    baselines: wb.baselines,
    journal: wb.journal,
    language: 'en',
    baselineState: 'stored',
    choices: { deletes: true, wholeRows: true, resolutions },
    sleep: wb.sleep,
  });
}
