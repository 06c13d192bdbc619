/**
 * One call of the import: at most 1,000 rows of one account in one `POST /accounts/{id}/transactions/`, settled row
 * by row, nothing created twice:
 * - an answer: its transactions, in the order sent, give the rows their ids;
 * - a 400 with errors per item: those rows are refused with the service's words; the service created nothing of the
 *   call (the array is checked whole), so the other rows go again without them;
 * - a 403 (the account takes no imports after all) or another answer that created nothing: every row says why;
 * - no answer (a lost connection, a timeout, a 429 or 5xx after the body left): the account is read back
 *   (`read-back.ts`); rows found take their ids, only the others are sent again (at most `resends` times); when
 *   the read-back fails too, the rows stay "not confirmed" and the next send reads them back first.
 */

import { ApiError, type CashflowClient, type FieldErrors, type Transaction, type TransactionInput } from '../../api';
import { formatScaled } from '../../api/amount';
import { outcomeUnknown } from '../push/send-change';
import type { ImportOutcome, SendRow } from './import-outcome';
import { IMPORT_COLUMNS } from './import-table';
import { itemKey, readBack, transactionKey } from './read-back';

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

function landed(rows: readonly SendRow[], created: readonly Transaction[], out: Settled, claimed: Set<number>): SendRow[] {
  const inOrder = created.length === rows.length && rows.every((r, i) => itemKey(r.item) === transactionKey(created[i] as Transaction));
  if (!inOrder) return rows.slice(); // an answer we cannot pair: read back instead
  rows.forEach((row, i) => {
    const t = created[i] as Transaction;
    claimed.add(t.id);
    out.set(row.index, { kind: 'imported', id: t.id, ibanKept: ibanKept(row, t) });
  });
  return [];
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
      pending = landed(pending, created, out, context.claimed);
      if (pending.length > 0) lost = new Error('the answer does not hold the rows sent');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.itemErrors.length > 0) {
        const rest = refusedItems(pending, error, out);
        if (rest.length < pending.length) {
          pending = rest;
          continue;
        }
      }
      if (!outcomeUnknown(error)) {
        settleAll(pending, refusalOf(error), out);
        pending = [];
      } else lost = error;
    }
    if (lost === undefined) continue;
    sends -= 1;
    pending = await afterLostAnswer(call.accountId, pending, lost, context, out);
  }
  // Left: rows read back as absent and not sent again (out of sends, or cancelled): unconfirmed when out of sends.
  settleAll(
    pending,
    lost === undefined || context.signal?.aborted ? { kind: 'cancelled' } : { kind: 'unconfirmed', reason: messageOf(lost) },
    out,
  );
  context.settled(call.rows.length);
  return out;
}

/** An answer that created nothing: the service's refusal (400, 403) in its words, or why the call failed. */
function refusalOf(error: unknown): ImportOutcome {
  if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
    const words = error.detail ?? (error.nonFieldErrors.join(' ') || error.message);
    return { kind: 'refused', reasons: [words] };
  }
  return { kind: 'failed', reason: messageOf(error) };
}

/** Reads the account back after a lost answer: rows found take their ids; the rest is returned to send again. */
async function afterLostAnswer(accountId: number, rows: SendRow[], lost: unknown, context: CallContext, out: Settled): Promise<SendRow[]> {
  if (context.signal?.aborted) {
    // Cancelled while the call was out: it may have landed, and a read-back cannot run now.
    settleAll(rows, { kind: 'unconfirmed', reason: messageOf(lost) }, out);
    return [];
  }
  await context.sleep(waitFor(lost), context.signal);
  try {
    const found = await readBack(
      context.client,
      accountId,
      rows.map((r) => r.item),
      context.claimed,
      context.signal,
    );
    for (const [i, t] of found) {
      const row = rows[i] as SendRow;
      out.set(row.index, { kind: 'imported', id: t.id, ibanKept: ibanKept(row, t) });
    }
    return rows.filter((_, i) => !found.has(i));
  } catch (error) {
    settleAll(rows, { kind: 'unconfirmed', reason: `${messageOf(lost)}; ${messageOf(error)}` }, out);
    return [];
  }
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
