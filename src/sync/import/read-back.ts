/**
 * Reading an account back after a call whose answer was lost (the service has no idempotency key, so a POST that may
 * have landed is never repeated blind): the account's transactions of the call's value dates are listed
 * (`GET /transactions/?account=…&min_date=…&max_date=…`) and matched to the call's rows by value date, amount,
 * purpose and counterpart. Matching counts: three equal rows take at most three equal transactions. Transactions
 * whose ids the sheet holds already (`claimed`) are never taken again, so a row imported before does not make an
 * equal new row look landed.
 */

import type { CashflowClient, Transaction } from '../../api';
import { toCents } from '../../api/amount';
import type { ImportItem } from './import-row-check';

/** What tells an imported row and its transaction apart from others: value date, amount, purpose, counterpart. */
export function itemKey(item: Pick<ImportItem, 'value_date' | 'cents' | 'purpose' | 'counterpart_name'>): string {
  return JSON.stringify([item.value_date, item.cents, item.purpose, item.counterpart_name]);
}

export function transactionKey(t: Pick<Transaction, 'value_date' | 'amount' | 'purpose' | 'counterpart_name'>): string {
  return JSON.stringify([t.value_date, toCents(t.amount), t.purpose, t.counterpart_name]);
}

/**
 * Matches rows to transactions (each used once, claimed ones never, lowest id first): the row's index → its
 * transaction. Matched transactions join `claimed`.
 */
export function matchTransactions(
  items: readonly ImportItem[],
  transactions: readonly Transaction[],
  claimed: Set<number>,
): Map<number, Transaction> {
  const free = new Map<string, Transaction[]>();
  for (const t of [...transactions].sort((a, b) => a.id - b.id)) {
    if (claimed.has(t.id)) continue;
    const key = transactionKey(t);
    free.set(key, [...(free.get(key) ?? []), t]);
  }
  const matched = new Map<number, Transaction>();
  items.forEach((item, index) => {
    const found = free.get(itemKey(item))?.shift();
    if (found === undefined) return;
    claimed.add(found.id);
    matched.set(index, found);
  });
  return matched;
}

/** Lists the account's transactions of the items' value dates and matches them (see `matchTransactions`). */
export async function readBack(
  client: CashflowClient,
  accountId: number,
  items: readonly ImportItem[],
  claimed: Set<number>,
  signal?: AbortSignal,
): Promise<Map<number, Transaction>> {
  if (items.length === 0) return new Map();
  const dates = items.map((i) => i.value_date).sort();
  const listed: Transaction[] = [];
  const filters = { account: [accountId], min_date: dates[0] as string, max_date: dates[dates.length - 1] as string };
  for await (const t of client.transactions.items(filters, { pageSize: 1000, ...(signal === undefined ? {} : { signal }) })) listed.push(t);
  return matchTransactions(items, listed, claimed);
}
