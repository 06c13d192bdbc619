/**
 * Undo of what one cycle pushed to a table: the pane's Undo, again while the newest undoable push of the table is one
 * of this cycle's (a push repeated because of faults or conflicts is several journal entries). Each landed journal
 * row is paired with the undo's outcome for it (undo reports the landed rows one by one, in the entry's order).
 */

import { lastUndoablePush, undoPush, type JournalRow, type UndoRowResult, type WriteModel } from '../../src/sync/push';
import type { SoakSandbox } from './soak-sandbox';
import type { SoakWorkbook } from './soak-workbook';

export interface UndoRounds {
  undos: number;
  undone: Array<{ row: JournalRow; outcome: UndoRowResult }>;
  outcomes: Record<string, number>;
  /** Why rows were not restored (the undo's message), counted. */
  reasons: Record<string, number>;
  thrown: string[];
}

export async function undoCycle(
  wb: SoakWorkbook,
  soak: SoakSandbox,
  writeModel: WriteModel<unknown>,
  journalIds: readonly string[],
  phase: string,
): Promise<UndoRounds> {
  const rounds: UndoRounds = { undos: 0, undone: [], outcomes: {}, reasons: {}, thrown: [] };
  soak.phase(phase);
  const tableName = writeModel.table.tableName;
  for (let i = 0; i <= journalIds.length; i += 1) {
    const entry = await lastUndoablePush(wb.journal, tableName);
    if (entry === undefined || !journalIds.includes(entry.id)) break;
    rounds.undos += 1;
    const result = await undoPush(writeModel, {
      client: wb.client,
      sheet: wb.sheet,
      baselines: wb.baselines,
      journal: wb.journal,
      language: 'en',
      sleep: wb.sleep,
    }).catch((error: unknown) => error);
    if (!(typeof result === 'object' && result !== null && 'rows' in result)) {
      rounds.thrown.push(result instanceof Error ? `${result.name}: ${result.message}` : String(result));
      break;
    }
    const { rows } = result as { rows: UndoRowResult[] };
    const landed = entry.rows.filter((r) => r.outcome === 'landed');
    landed.forEach((row, n) => {
      const outcome = rows[n];
      if (outcome === undefined) return;
      rounds.undone.push({ row, outcome });
      if (outcome.outcome !== 'restored') rounds.reasons[outcome.message] = (rounds.reasons[outcome.message] ?? 0) + 1;
      rounds.outcomes[outcome.outcome] = (rounds.outcomes[outcome.outcome] ?? 0) + 1;
    });
  }
  return rounds;
}
