/**
 * Stage 3 of the import: the rows of each account go in calls of at most 1,000 (`send-call.ts`). Accounts run side
 * by side, a few at a time (`runBounded`); the calls of one account one after the other, so that a read-back after a
 * lost answer never meets the transactions of the same account's next call half-way. Rows a former send left "not
 * confirmed" are read back first: those found take their ids, only the others are sent.
 *
 * Each call's rows are marked "not confirmed" in the sheet before the call goes, and its outcomes written as soon as it
 * lands (with the next call's marks, in one write: `record-outcomes.ts`), so that a send cut off between calls leaves
 * nothing the next send would post blind. A row that could not be marked is not sent; when a write fails, no further
 * call goes, and the send ends (with that failure) only once the calls already out have ended too: a send that is
 * over has nothing of it still landing.
 */

import { MAX_ITEMS_PER_CALL, type CashflowClient } from '../../api';
import { chunk } from '../../api/chunk';
import { runBounded } from '../bounded-pool';
import type { AccountRows } from './check-rows';
import type { ImportOutcome, SendRow } from './import-outcome';
import { readBack } from './read-back';
import type { OutcomeRecorder } from './record-outcomes';
import { ibanKept, sendCall, type CallContext } from './send-call';

export interface SendOptions {
  client: CashflowClient;
  claimed: Set<number>;
  /** Where each call's rows are marked before it goes and its outcomes written when it lands. */
  recorder: Pick<OutcomeRecorder, 'write'>;
  signal?: AbortSignal;
  /** Accounts sent at the same time (default 2). */
  concurrency?: number;
  resends?: number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  settled(count: number): void;
}

type Settled = Map<number, ImportOutcome>;

export async function sendAccounts(accounts: readonly AccountRows[], options: SendOptions): Promise<Settled> {
  const out: Settled = new Map();
  const context: CallContext = {
    client: options.client,
    claimed: options.claimed,
    sleep: options.sleep,
    settled: options.settled,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.resends === undefined ? {} : { resends: options.resends }),
  };
  let failure: { error: unknown } | undefined;
  await runBounded(accounts, options.concurrency ?? 2, async (group) => {
    try {
      await sendAccount(group, context, options.recorder, out, () => failure !== undefined);
    } catch (error) {
      failure ??= { error }; // the other accounts send no further call, and finish the calls they have out
    }
  });
  if (failure !== undefined) throw failure.error;
  return out;
}

/** One account's calls in turn: each call's rows marked before it goes, its outcomes written before the next. */
async function sendAccount(
  group: AccountRows,
  context: CallContext,
  recorder: SendOptions['recorder'],
  out: Settled,
  stopped: () => boolean,
): Promise<void> {
  let toWrite: Settled = new Map();
  const settle = (outcomes: ReadonlyMap<number, ImportOutcome>): void => {
    merge(out, outcomes);
    merge(toWrite, outcomes);
  };
  const suspects = await suspectsToSend(group, context);
  settle(suspects.found);
  const rows = [...group.rows, ...suspects.send].sort((a, b) => a.index - b.index);
  for (const slice of chunk(rows, MAX_ITEMS_PER_CALL)) {
    if (context.signal?.aborted || stopped()) {
      settle(settleAll(slice, { kind: 'cancelled' }, context));
      continue;
    }
    const marked = new Set(await recorder.write(toWrite, slice));
    toWrite = new Map();
    // Not found unchanged in the sheet (edited or deleted since it was read): not sent, the next send reads it anew.
    settle(
      settleAll(
        slice.filter((row) => !marked.has(row)),
        { kind: 'cancelled', changed: true },
        context,
      ),
    );
    if (marked.size > 0) settle(await sendCall({ accountId: group.accountId, rows: [...marked] }, context));
  }
  await recorder.write(toWrite);
}

function settleAll(rows: readonly SendRow[], outcome: ImportOutcome, context: CallContext): Settled {
  if (rows.length > 0) context.settled(rows.length);
  return new Map(rows.map((row) => [row.index, outcome]));
}

function merge(into: Settled, from: ReadonlyMap<number, ImportOutcome>): void {
  for (const [index, outcome] of from) into.set(index, outcome);
}

/** The suspects the account holds are settled as imported (`found`); those it does not hold go out with the others. */
async function suspectsToSend(group: AccountRows, context: CallContext): Promise<{ found: Settled; send: SendRow[] }> {
  const found: Settled = new Map();
  if (group.suspects.length === 0) return { found, send: [] };
  try {
    const matched = await readBack(
      context.client,
      group.accountId,
      group.suspects.map((s) => s.item),
      context.claimed,
      context.signal,
    );
    group.suspects.forEach((row, i) => {
      const t = matched.get(i);
      if (t !== undefined) found.set(row.index, { kind: 'imported', id: t.id, ibanKept: ibanKept(row, t) });
    });
    context.settled(found.size);
    return { found, send: group.suspects.filter((_, i) => !matched.has(i)) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { found: settleAll(group.suspects, { kind: 'unconfirmed', cause: 'lost', reason }, context), send: [] };
  }
}
