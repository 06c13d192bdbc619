/**
 * One call of the import: at most 1,000 rows of one account in one `POST /accounts/{id}/transactions/`, settled row
 * by row, nothing created twice:
 * - a 2xx: the service took every row sent (it checks the array whole). Its transactions, in the order sent (or, out
 *   of that order, by value date, amount, purpose and counterpart), give the rows their ids; a row the answer does
 *   not pair (or an answer that cannot be read) stays "not confirmed": it was created, so it is never sent again in
 *   this send, and the next send reads it back first;
 * - a 400 with errors per item: those rows are refused with the service's words; the service created nothing of the
 *   call, so the other rows go again without them;
 * - a 403 (the account takes no imports after all) or another answer that created nothing: every row says why;
 * - no answer: the account is read back (`read-back.ts`) and rows found take their ids. The others go again (at most
 *   `resends` times) only after an answer of the service's own (a 5xx, a 429: whatever it did is done). After a
 *   timeout or a lost connection (or a gateway's 504) the first POST may still be committing on the service (the
 *   client gives up on an attempt after 30 s; the service does not), and a read-back a second later can miss it:
 *   those rows stay "not confirmed", and the next send, later, reads them back first. When the read-back fails, the
 *   rows stay "not confirmed" too.
 */

import {
  ApiError,
  ResponseValidationError,
  type CashflowClient,
  type FieldErrors,
  type Transaction,
  type TransactionInput,
} from '../../api';
import { formatScaled } from '../../api/amount';
import { mayStillRun, outcomeUnknown } from '../push/send-change';
import type { ImportOutcome, SendRow } from './import-outcome';
import { IMPORT_COLUMNS } from './import-table';
import { itemKey, matchTransactions, readBack, transactionKey } from './read-back';

export interface CallContext {
  client: CashflowClient;
  /** Transaction ids the sheet holds or this send has given a row: never matched again. */
  claimed: Set<number>;
  signal?: AbortSignal;
  /** Sends after the first (default 2). */
  resends?: number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Rows settled so far, for progress. */
  settled(count: number): void;
}

export interface ImportCall {
  accountId: number;
  rows: readonly SendRow[];
}

type Settled = Map<number, ImportOutcome>;

function inputOf({ item }: SendRow): TransactionInput {
  return {
    value_date: item.value_date,
    amount: formatScaled(BigInt(item.cents), 2),
    purpose: item.purpose,
    counterpart_name: item.counterpart_name,
    ...(item.counterpart_iban === '' ? {} : { counterpart_iban: item.counterpart_iban }),
    ...(item.tags.length === 0 ? {} : { tags: item.tags }),
  };
}

/**
 * A 2xx: each row takes its transaction of the answer, in the order sent; an answer in another order is paired by
 * value date, amount, purpose and counterpart (counting). A row left unpaired was created all the same, its id
 * unknown: not confirmed, and never sent again by this send.
 */
function settleAnswer(rows: readonly SendRow[], created: readonly Transaction[], out: Settled, claimed: Set<number>): void {
  const inOrder = created.length === rows.length && rows.every((r, i) => itemKey(r.item) === transactionKey(created[i] as Transaction));
  const paired = inOrder
    ? new Map(created.map((t, i) => [i, t]))
    : matchTransactions(
        rows.map((r) => r.item),
        created,
        claimed,
      );
  rows.forEach((row, i) => {
    const t = paired.get(i);
    if (t === undefined) return void out.set(row.index, { kind: 'unconfirmed', cause: 'unmatched', reason: '' });
    claimed.add(t.id);
    out.set(row.index, { kind: 'imported', id: t.id, ibanKept: ibanKept(row, t) });
  });
}

/** The service's words for one item, each after the column it names as the table shows it (`Amount: …`). */
function itemReasons(fieldErrors: FieldErrors): string[] {
  return Object.entries(fieldErrors).flatMap(([field, messages]) => {
    const column = field === 'non_field_errors' ? undefined : (IMPORT_COLUMNS.find((c) => c.key === field)?.header ?? field);
    return messages.map((message) => (column === undefined ? message : `${column}: ${message}`));
  });
}

/** The rows a 400 names get its words; the others are returned to go again (a 400 creates nothing). */
function refusedItems(rows: readonly SendRow[], error: ApiError, out: Settled): SendRow[] {
  const byIndex = new Map(error.itemErrors.map((e) => [e.index, itemReasons(e.fieldErrors)]));
  const rest: SendRow[] = [];
  rows.forEach((row, i) => {
    const reasons = byIndex.get(i) ?? [];
    if (reasons.length > 0) out.set(row.index, { kind: 'refused', reasons });
    else rest.push(row);
  });
  return rest;
}

function settleAll(rows: readonly SendRow[], outcome: ImportOutcome, out: Settled): void {
  for (const row of rows) out.set(row.index, outcome);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function sendCall(call: ImportCall, context: CallContext): Promise<Settled> {
  const out: Settled = new Map();
  let pending: SendRow[] = call.rows.slice();
  let sends = (context.resends ?? 2) + 1;
  let lost: unknown;
  while (pending.length > 0 && sends > 0 && !context.signal?.aborted) {
    lost = undefined;
    try {
      const created = await context.client.accounts.createTransactions(
        call.accountId,
        pending.map(inputOf),
        context.signal ? { signal: context.signal } : {},
      );
      settleAnswer(pending, created, out, context.claimed);
      pending = [];
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.itemErrors.length > 0) {
        const rest = refusedItems(pending, error, out);
        if (rest.length < pending.length) {
          pending = rest;
          continue;
        }
      }
      if (outcomeUnknown(error) && !answeredUnread(error)) lost = error;
      else {
        settleAll(pending, answeredOutcome(error), out);
        pending = [];
      }
    }
    if (lost === undefined) continue;
    sends -= 1;
    pending = await afterLostAnswer(call.accountId, pending, lost, context, out);
  }
  // Left: rows read back as absent after the service's own 5xx or 429 and not sent again (out of sends: unconfirmed),
  // or not sent at all (cancelled first).
  settleAll(
    pending,
    lost === undefined || context.signal?.aborted ? { kind: 'cancelled' } : { kind: 'unconfirmed', cause: 'lost', reason: messageOf(lost) },
    out,
  );
  context.settled(call.rows.length);
  return out;
}

/** A 2xx whose body did not read as the documented answer: the call landed whole, its ids unknown. */
function answeredUnread(error: unknown): boolean {
  return error instanceof ResponseValidationError && error.status !== undefined && error.status >= 200 && error.status < 300;
}

/**
 * An answer that settles the call without a read-back: a 2xx that could not be read (the call landed, its ids are not
 * known: not confirmed, never sent again), or one that created nothing: the service's refusal (400, 403) in its words,
 * or why the call failed.
 */
function answeredOutcome(error: unknown): ImportOutcome {
  if (answeredUnread(error)) return { kind: 'unconfirmed', cause: 'unmatched', reason: messageOf(error) };
  if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
    const words = error.detail ?? (error.nonFieldErrors.join(' ') || error.message);
    return { kind: 'refused', reasons: [words] };
  }
  return { kind: 'failed', reason: messageOf(error) };
}

/**
 * Reads the account back after a lost answer: rows found take their ids. The rest is returned to send again only
 * when the service answered (a 5xx, a 429); when it may still be committing the call, the rest stays not confirmed.
 */
async function afterLostAnswer(accountId: number, rows: SendRow[], lost: unknown, context: CallContext, out: Settled): Promise<SendRow[]> {
  if (context.signal?.aborted) {
    // Cancelled while the call was out: it may have landed, and a read-back cannot run now.
    settleAll(rows, { kind: 'unconfirmed', cause: 'lost', reason: messageOf(lost) }, out);
    return [];
  }
  await context.sleep(waitFor(lost), context.signal);
  let found: Map<number, Transaction>;
  try {
    found = await readBack(
      context.client,
      accountId,
      rows.map((r) => r.item),
      context.claimed,
      context.signal,
    );
  } catch (error) {
    settleAll(rows, { kind: 'unconfirmed', cause: 'lost', reason: `${messageOf(lost)}; ${messageOf(error)}` }, out);
    return [];
  }
  for (const [i, t] of found) {
    const row = rows[i] as SendRow;
    out.set(row.index, { kind: 'imported', id: t.id, ibanKept: ibanKept(row, t) });
  }
  const absent = rows.filter((_, i) => !found.has(i));
  if (!mayStillRun(lost)) return absent;
  // Not found *yet*: sending again now could create the rows twice. The next send (the user's, later) reads them back.
  settleAll(absent, { kind: 'unconfirmed', cause: 'notFound', reason: messageOf(lost) }, out);
  return [];
}

/** Whether the service kept the counterpart IBAN sent (the create call's field table does not name it). */
export function ibanKept(row: SendRow, t: Transaction): boolean {
  return row.item.counterpart_iban === '' || t.counterpart_iban === row.item.counterpart_iban;
}

function waitFor(error: unknown): number {
  if (error instanceof ApiError && error.retryAfter !== undefined && /^\d+(\.\d+)?$/.test(error.retryAfter.trim())) {
    return Math.min(60_000, Math.round(Number(error.retryAfter.trim()) * 1000));
  }
  return 1000;
}
