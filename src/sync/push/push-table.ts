/**
 * The push of a pushable table over its WriteModel (budgets: budget-write-model.ts, invoices:
 * invoice-write-model.ts): what the user edited in the sheet goes back to the service, and nothing they typed is
 * lost or silently overwritten. The stages, one call each (README.md maps them):
 *
 *  1. refuse what cannot be pushed: a read-only table, a table without a stored baseline, the model's own refusals
 *     (open-session.ts);
 *  2. read the sheet (read-sheet.ts);
 *  3. diff it against the baseline, rows matched by id (diff-rows.ts over diff.ts);
 *  4. check every new and changed row; new rows get their external IDs where the model gives them (check-rows.ts);
 *  5. plan the model's requests, the confirmations they wait for, and write the new external IDs into the sheet
 *     (plan-writes.ts);
 *  6. read the service's current rows in bulk and compare three ways: a field changed on both sides is a conflict,
 *     a field changed only on the service is brought in (compare-service.ts over three-way.ts);
 *  7. send with bounded concurrency, deletes first, the model's batches joined; a write whose outcome is unknown is
 *     read back before it is sent again (send-writes.ts, send-change.ts);
 *  8. put the outcome on every row, rewrite the baseline for what landed, and record the push in the journal
 *     (record-outcome.ts).
 * A push cut off anywhere is resumed by pushing again: the three-way read sees what already landed (the service
 * holds the sheet's value) and sends nothing for it.
 */

import { checkRows } from './check-rows';
import { compareWithService } from './compare-service';
import { diffRows } from './diff-rows';
import { openSession } from './open-session';
import { claimExternalIds, planWrites } from './plan-writes';
import type { PushOptions, PushResult } from './push-result';
import { readSheet } from './read-sheet';
import { recordOutcome } from './record-outcome';
import { sendWrites } from './send-writes';
import type { WriteModel } from './write-model';

export async function pushTable<R>(model: WriteModel<R>, options: PushOptions): Promise<PushResult> {
  const { sheet, onProgress } = options;
  const choices = options.choices ?? {};
  const session = await openSession(model, options, { push: options.baselineState }); // 1
  const read = await readSheet(session, sheet); // 2
  onProgress?.({ phase: 'checking', done: 0, total: 0 });
  const diffed = diffRows(session, read); // 3
  const checked = checkRows(session, { read, diffed, choices, ...(options.newExternalId ? { newExternalId: options.newExternalId } : {}) }); // 4
  const plan = planWrites(session, checked, diffed.diff.unchanged, choices); // 5
  await claimExternalIds(session, sheet, checked.generated, plan.planned);
  onProgress?.({ phase: 'comparing', done: 0, total: 0 });
  const compared = await compareWithService(session, plan.planned, checked.rowsById, choices); // 6
  const sent = await sendWrites(session, {
    writes: compared.writes,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(onProgress ? { onProgress } : {}),
  }); // 7
  onProgress?.({ phase: 'saving', done: 0, total: 0 });
  return recordOutcome(session, {
    sheet,
    ...(options.journal ? { journal: options.journal } : {}),
    rows: read.rows,
    heads: [
      ...diffed.verdicts.map((v) => v.head),
      ...checked.verdicts.map((v) => v.head),
      ...checked.unchanged,
      ...checked.sendable.map((s) => s.head),
    ],
    verdicts: [...diffed.verdicts, ...checked.verdicts, ...plan.verdicts, ...compared.verdicts, ...sent],
    unchanged: diffed.diff.unchanged,
  }); // 8
}
