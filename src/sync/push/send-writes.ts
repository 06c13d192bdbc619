/**
 * Stage 7 of a push: the writes sent through the sync layer's bounded pool, deletes first (so freed external IDs
 * can be taken), progress after each. A model that batches (invoices: one PATCH array per 1,000 rows) joins its
 * writes first. A write not started before the user cancelled leaves its rows cancelled.
 */

import { runBounded } from '../bounded-pool';
import type { PushProgress } from './push-result';
import { cancelled, type RowVerdict } from './row-verdict';
import type { PushSession } from './open-session';
import type { Write } from './write-model';

export interface SendInput {
  writes: readonly Write[];
  /** Writes in flight at most (default 4). */
  concurrency?: number;
  onProgress?(progress: PushProgress): void;
}

export async function sendWrites(session: PushSession, input: SendInput): Promise<RowVerdict[]> {
  const { concurrency, onProgress } = input;
  const writes = session.opened.batch ? session.opened.batch(input.writes) : input.writes;
  const total = writes.length;
  let done = 0;
  onProgress?.({ phase: 'sending', done, total });
  const verdicts: RowVerdict[] = [];
  const runAll = (list: readonly Write[]) =>
    runBounded(list, Math.max(1, concurrency ?? 4), async (write) => {
      if (session.signal?.aborted) {
        verdicts.push(...write.heads.map((head) => cancelled(head, session.t, write.op)));
        return;
      }
      verdicts.push(...(await write.run()));
      done += 1;
      onProgress?.({ phase: 'sending', done, total });
    });
  await runAll(writes.filter((w) => w.op === 'delete'));
  await runAll(writes.filter((w) => w.op !== 'delete'));
  return verdicts;
}
