/**
 * Stage 3 of the import: the rows of each account go in calls of at most 1,000 (`send-call.ts`). Accounts run side
 * by side, a few at a time (`runBounded`); the calls of one account one after the other, so that a read-back after a
 * lost answer never meets the transactions of the same account's next call half-way. Rows a former send left "not
 * confirmed" are read back first: those found take their ids, only the others are sent.
 */

import { MAX_ITEMS_PER_CALL, type CashflowClient } from '../../api';
import { chunk } from '../../api/chunk';
import { runBounded } from '../bounded-pool';
import type { AccountRows } from './check-rows';
import type { ImportOutcome, SendRow } from './import-outcome';
import { readBack } from './read-back';
import { ibanKept, sendCall, type CallContext } from './send-call';

export interface SendOptions {
  client: CashflowClient;
  claimed: Set<number>;
  signal?: AbortSignal;
  /** Accounts sent at the same time (default 2). */
  concurrency?: number;
  resends?: number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  settled(count: number): void;
}

export async function sendAccounts(accounts: readonly AccountRows[], options: SendOptions): Promise<Map<number, ImportOutcome>> {
  const out = new Map<number, ImportOutcome>();
  const context: CallContext = {
    client: options.client,
    claimed: options.claimed,
    sleep: options.sleep,
    settled: options.settled,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.resends === undefined ? {} : { resends: options.resends }),
  };
  await runBounded(accounts, options.concurrency ?? 2, async (group) => {
    const rows = [...group.rows, ...(await suspectsToSend(group, context, out))];
    rows.sort((a, b) => a.index - b.index);
    for (const slice of chunk(rows, MAX_ITEMS_PER_CALL)) {
      for (const [index, outcome] of await sendCall({ accountId: group.accountId, rows: slice }, context)) out.set(index, outcome);
    }
  });
  return out;
}

/** The suspects the account does not hold (they go out with the others); those it holds are settled as imported. */
async function suspectsToSend(group: AccountRows, context: CallContext, out: Map<number, ImportOutcome>): Promise<SendRow[]> {
  if (group.suspects.length === 0) return [];
  try {
    const found = await readBack(
      context.client,
      group.accountId,
      group.suspects.map((s) => s.item),
      context.claimed,
      context.signal,
    );
    group.suspects.forEach((row, i) => {
      const t = found.get(i);
      if (t !== undefined) out.set(row.index, { kind: 'imported', id: t.id, ibanKept: ibanKept(row, t) });
    });
    context.settled(found.size);
    return group.suspects.filter((_, i) => !found.has(i));
  } catch (error) {
    for (const row of group.suspects)
      out.set(row.index, { kind: 'unconfirmed', reason: error instanceof Error ? error.message : String(error) });
    context.settled(group.suspects.length);
    return [];
  }
}
