/**
 * One PATCH array keyed by `id` (invoices: `PATCH /invoices/`; transactions: `PATCH /transactions/`), as every bulk
 * writer of the push sends it: at most 1,000 items a call, only the changed fields of each. The rows the service
 * skipped (absent from its answer: the spec's "unknown ids are skipped silently") fail on their rows with the
 * model's words; a 400 for some items fails those rows with their own reasons and sends the others again; a lost
 * answer is read back and only the items not there yet go again (`sendChange`: nothing applied twice). Each landed
 * row journals what the service held just before, so undo restores the service.
 */

import { ApiError } from '../../api';
import type { Write } from './write-model';
import { pick } from './budget-writes';
import type { JournalRow } from './push-port';
import { waiting, type RowHead, type RowVerdict } from './row-verdict';
import { sendChange, type SendOptions, type SendOutcome } from './send-change';
import type { ServiceRow } from './service-row';
import { landed, notLanded, type SettleContext } from './settle-write';

/** At most this many items in one PATCH array (api-spec.md: every bulk call takes 1,000). */
export const PATCH_ARRAY_LIMIT = 1000;

/** One changed row of a PATCH array. */
export interface PatchItem<R> {
  head: RowHead;
  id: number;
  /** The fields sent, as the service takes them. */
  body: Record<string, unknown>;
  theirs: ServiceRow<R>;
  /** The cells this push settles besides the body's (brought in from the service). */
  settled: ReadonlySet<string>;
}

/** What a model says about its PATCH array. */
export interface BulkPatch<R> {
  settle: SettleContext;
  send: SendOptions;
  /** One PATCH array: the records the service updated. */
  patch(items: readonly Record<string, unknown>[], signal?: AbortSignal): Promise<R[]>;
  readByIds(ids: readonly number[], signal?: AbortSignal): Promise<R[]>;
  idOf(record: R): number;
  row(record: R): ServiceRow<R>;
  /** Whether the service's record holds what was sent (a lost answer read back). */
  holds(record: R, body: Readonly<Record<string, unknown>>): boolean;
  /** The status of a row the service skipped. */
  skipped: string;
  /** The journal's fields of a row as the sheet holds them (default: the body's keys of the service's row). */
  journalFields?(item: PatchItem<R>): readonly string[];
  /** A landed row as the model words it (invoices: the expected date the service moved to today). */
  landed?(verdict: RowVerdict, item: PatchItem<R>, record: R): RowVerdict;
}

interface Answers<R> {
  answered: Map<number, R>;
  skipped: Set<number>;
}

/** One PATCH array (at most `PATCH_ARRAY_LIMIT` items), sent again (only its rows not there yet) after a lost answer. */
export async function patchArray<R>(bulk: BulkPatch<R>, items: readonly PatchItem<R>[]): Promise<RowVerdict[]> {
  let pending = [...items];
  let sent = pending;
  const answers: Answers<R> = { answered: new Map(), skipped: new Set() };
  const outcome = await sendChange<true>(
    {
      send: async (signal) => {
        sent = pending;
        for (const record of await bulk.patch(
          sent.map((i) => ({ id: i.id, ...i.body })),
          signal,
        ))
          answers.answered.set(bulk.idOf(record), record);
        for (const item of sent) if (!answers.answered.has(item.id)) answers.skipped.add(item.id);
        pending = [];
        return true;
      },
      check: async (signal) => {
        pending = await stillPending(bulk, pending, answers, signal);
        return pending.length === 0 ? { landed: true, value: true } : { landed: false };
      },
    },
    bulk.send,
  );
  if (outcome.kind === 'failed' && outcome.error.status === 400 && outcome.error.itemErrors.length > 0)
    return itemErrors(bulk, items, sent, outcome.error);
  return items.map((item) => verdictOf(bulk, item, answers, outcome));
}

/** After a lost answer: the items the service does not hold yet (gone ones count as skipped, held ones as answered). */
async function stillPending<R>(
  bulk: BulkPatch<R>,
  pending: readonly PatchItem<R>[],
  answers: Answers<R>,
  signal: AbortSignal | undefined,
): Promise<PatchItem<R>[]> {
  const found = new Map(
    (
      await bulk.readByIds(
        pending.map((i) => i.id),
        signal,
      )
    ).map((r) => [bulk.idOf(r), r]),
  );
  return pending.filter((item) => {
    const record = found.get(item.id);
    if (record === undefined) answers.skipped.add(item.id);
    else if (bulk.holds(record, item.body)) answers.answered.set(item.id, record);
    return record !== undefined && !answers.answered.has(item.id);
  });
}

function journalOf<R>(bulk: BulkPatch<R>, item: PatchItem<R>): JournalRow {
  const keys = bulk.journalFields?.(item) ?? Object.keys(item.body);
  return { op: 'patch', id: item.id, externalId: null, before: pick(item.theirs.fields, keys), sent: item.body, outcome: 'failed' };
}

function verdictOf<R>(bulk: BulkPatch<R>, item: PatchItem<R>, answers: Answers<R>, outcome: SendOutcome<true>): RowVerdict {
  const journal = journalOf(bulk, item);
  const record = answers.answered.get(item.id);
  if (record !== undefined) {
    const row = bulk.row(record);
    const keys = bulk.journalFields?.(item) ?? Object.keys(item.body);
    // What the push put there (the service's value where its rule changed the one sent): undo compares with it.
    const verdict = landed(bulk.settle, item.head, 'patch', row, new Set([...keys, ...item.settled]), {
      ...journal,
      sent: pick(row.fields, keys),
    });
    return bulk.landed?.(verdict, item, record) ?? verdict;
  }
  if (answers.skipped.has(item.id))
    return waiting(item.head, 'failed', bulk.skipped, { op: 'patch', journal: { ...journal, message: bulk.skipped } });
  const notAnswered = outcome.kind === 'landed' ? { kind: 'unknown' as const, error: new Error('no answer') } : outcome;
  return notLanded(bulk.settle, item.head, 'patch', notAnswered, journal);
}

/** A 400 for some items of the array: those rows fail with their own reasons, the others are sent again without them. */
async function itemErrors<R>(
  bulk: BulkPatch<R>,
  items: readonly PatchItem<R>[],
  sent: readonly PatchItem<R>[],
  error: ApiError,
): Promise<RowVerdict[]> {
  const bad = new Map(
    error.itemErrors.flatMap((e) => (sent[e.index] === undefined ? [] : [[sent[e.index]?.id as number, e.fieldErrors] as const])),
  );
  const verdicts: RowVerdict[] = [];
  for (const item of items) {
    const fieldErrors = bad.get(item.id);
    if (fieldErrors === undefined) continue;
    const own = new ApiError({ status: 400, message: error.message, method: 'PATCH', fieldErrors });
    verdicts.push(notLanded(bulk.settle, item.head, 'patch', { kind: 'failed', error: own }, journalOf(bulk, item)));
  }
  const rest = items.filter((i) => !bad.has(i.id));
  // Rows without an error of their own were not applied (the service refuses the whole array): they go again.
  return rest.length === items.length ? verdicts : [...verdicts, ...(rest.length > 0 ? await patchArray(bulk, rest) : [])];
}

/**
 * The send stage's writes with the model's single-row PATCHes joined: one array per group (invoices: the company)
 * and `PATCH_ARRAY_LIMIT` rows; every other write as it is.
 */
export function joinPatches<I extends { head: RowHead }, K>(
  writes: readonly Write[],
  items: ReadonlyMap<number, I>,
  groupOf: (item: I) => K,
  run: (group: K, batch: readonly I[]) => Promise<RowVerdict[]>,
): Write[] {
  const out: Write[] = [];
  const groups = new Map<K, I[]>();
  for (const write of writes) {
    const item = write.op === 'patch' && write.heads.length === 1 ? items.get(write.heads[0]?.index ?? -1) : undefined;
    if (item === undefined) out.push(write);
    else {
      const list = groups.get(groupOf(item)) ?? [];
      list.push(item);
      groups.set(groupOf(item), list);
    }
  }
  for (const [group, list] of groups) {
    for (let start = 0; start < list.length; start += PATCH_ARRAY_LIMIT) {
      const batch = list.slice(start, start + PATCH_ARRAY_LIMIT);
      out.push({ op: 'patch', heads: batch.map((i) => i.head), run: () => run(group, batch) });
    }
  }
  return out;
}
