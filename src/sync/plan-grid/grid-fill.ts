/**
 * The grid's input helpers (#31): they only fill cells, nothing is sent before the user sends. "Copy last year's
 * actuals" gives each plan month of a category what that category booked in the same month a year earlier;
 * "Spread a yearly figure" cuts a total over twelve months, evenly or in last year's pattern (each month's share of
 * last year's actuals of the same months; a year without actuals spreads evenly). Amounts in cents; a spread's months
 * always sum to the total exactly (the cents left over go to the months with the largest remainders, the first ones
 * first).
 */

import { MAX_PAGE_SIZE, type CashflowClient } from '../../api';
import { toCents } from './grid-figures';
import { addMonths, lastDayOf, monthOf } from './grid-month';

/** Cuts `total` cents into parts proportional to the weights' sizes (all zero: evenly), summing to `total` exactly. */
export function spread(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sizes = weights.map((w) => Math.abs(w));
  const sum = sizes.reduce((a, b) => a + b, 0);
  const shares = sum === 0 ? weights.map(() => 1 / weights.length) : sizes.map((s) => s / sum);
  const exact = shares.map((share) => share * Math.abs(total));
  const parts = exact.map((e) => Math.floor(e));
  let left = Math.abs(total) - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((p) => (total < 0 && p !== 0 ? -p : p));
}

/**
 * What the category booked in each of `months`' same month a year earlier, cents: one read of its transactions over
 * those twelve-month-earlier dates (pages of 1000).
 */
export async function lastYearActuals(
  client: CashflowClient,
  categoryId: number,
  months: readonly string[],
  signal?: AbortSignal,
): Promise<number[]> {
  if (months.length === 0) return [];
  const earlier = months.map((m) => addMonths(m, -12));
  const index = new Map(earlier.map((m, i) => [m, i] as const));
  const out = months.map(() => 0);
  const filters = { category: categoryId, min_date: `${earlier[0]}-01`, max_date: lastDayOf(earlier[earlier.length - 1] as string) };
  for await (const batch of client.transactions.pages(filters, { pageSize: MAX_PAGE_SIZE, ...(signal ? { signal } : {}) }).batches())
    for (const t of batch) {
      if (t.category.id !== categoryId) continue;
      const at = index.get(monthOf(t.value_date));
      if (at !== undefined) out[at] = (out[at] ?? 0) + toCents(t.reporting_amount);
    }
  return out;
}
