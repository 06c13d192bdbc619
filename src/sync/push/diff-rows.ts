/**
 * Stage 3 of a push: the sheet against the baseline (diff.ts), rows matched by id. Rows the diff cannot place (an
 * id twice, an id the baseline never had) are blocked here; every row met gets its place in the push's order.
 */

import { diffTable, type SheetRow, type TableDiff } from './diff';
import type { PushSheetRead } from './push-port';
import { recordKey } from './push-messages';
import { blocked, type RowVerdict } from './row-verdict';
import type { PushSession } from './open-session';

export interface DiffedRows {
  diff: TableDiff;
  rowsByPosition: ReadonlyMap<number, SheetRow>;
  /** The rows the diff could not place. */
  verdicts: RowVerdict[];
}

export function diffRows(session: PushSession, read: PushSheetRead): DiffedRows {
  const { t, model } = session;
  const diff = diffTable(session.baseline, read.rows);
  const rowsByPosition = new Map(read.rows.map((r) => [r.position, r]));
  const verdicts = diff.problems.map((problem, index) => {
    const ref = { position: problem.position, id: problem.id, externalId: rowsByPosition.get(problem.position)?.externalId ?? null };
    const message = t(recordKey(model, problem.kind === 'duplicateId' ? 'push.row.duplicateId' : 'push.row.unknownId'), { id: problem.id });
    return blocked(
      { index, key: `row:${problem.position}`, ref, change: 'changed', changed: [] },
      [{ field: 'id', column: model.columnOf('id'), message }],
      t,
    );
  });
  return { diff, rowsByPosition, verdicts };
}
