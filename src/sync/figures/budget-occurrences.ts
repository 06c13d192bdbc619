/**
 * What a budget of the service means per day (#31): its occurrences — the dates it is paid on and the amount of each —
 * from the fields api-spec.md gives it. The spec names the fields and not their arithmetic; the reading here is
 * written down in docs/service-contract.md ("Budget occurrences"); the sandbox reads it the same way with its own code
 * (src/sandbox/budget-series.ts), and test/sync/figures/forecast-agreement.test.ts holds the two to the same figures.
 *
 * - **One-time** (`frequency` empty): one occurrence, `amount` on `settlement_date`.
 * - **Recurring**: the n-th occurrence (n = 0, 1, …) is n × `frequency_multiplier` periods after `settlement_date`
 *   (days; weeks of 7 days; months, quarters of 3 and years of 12 months, each counted from `settlement_date` with
 *   its day clamped to the month's last: 31 Jan → 28/29 Feb → 31 Mar). A multiplier below 1 counts as 1.
 * - **Window**: occurrences before `start_date` (when set) are not paid; the series ends at `end_date` when set,
 *   else never when `is_indefinite`, else with the plan (`planEnd`, the last day of its `last_year`; none given: the
 *   series does not end).
 * - **Sequence** (`sequence_type`): the occurrences go in terms of `sequence_term_size` (below 1 counts as 1); term t
 *   (t = ⌊n / term size⌋) pays `amount + t·d` (AP), `amount · rᵗ` (GP), or `1 / (1/amount + t·d)` (HP: the
 *   reciprocals step by d; an amount of 0, or a reciprocal reaching 0, pays 0). Empty: every term pays `amount`.
 * - Each occurrence is rounded to cents (half away from zero), as the service keeps amounts; sums are in cents.
 *
 * Not modelled (a dynamic budget's dependence on other categories, `rate`, `time_lags`): such a budget counts with
 * its own `amount`, as above.
 */

import type { Budget } from '../../api';

/** The fields of a budget its occurrences follow from. */
export type BudgetSeries = Pick<
  Budget,
  | 'settlement_date'
  | 'start_date'
  | 'end_date'
  | 'is_indefinite'
  | 'amount'
  | 'frequency'
  | 'frequency_multiplier'
  | 'sequence_type'
  | 'sequence_term_size'
  | 'd'
  | 'r'
>;

export interface Occurrence {
  /** `YYYY-MM-DD`. */
  date: string;
  cents: number;
}

/** Days from `from` to `to` inclusive, both `YYYY-MM-DD`. */
export interface DayWindow {
  from: string;
  to: string;
}

/** Occurrences at most per call: a daily budget over 270 years; beyond, the budget is refused rather than summed. */
export const MAX_OCCURRENCES = 100_000;

export class BudgetSeriesError extends RangeError {
  override readonly name = 'BudgetSeriesError';
}

const DAY_MS = 86_400_000;
const dayMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `date` plus `months`, its day clamped to the target month's last. */
function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The step between occurrences: days, or months. */
function stepOf(budget: BudgetSeries): { days: number } | { months: number } | null {
  const m = Math.max(1, Math.trunc(budget.frequency_multiplier) || 1);
  switch (budget.frequency) {
    case 'daily':
      return { days: m };
    case 'weekly':
      return { days: 7 * m };
    case 'monthly':
      return { months: m };
    case 'quarterly':
      return { months: 3 * m };
    case 'yearly':
      return { months: 12 * m };
    default:
      return null;
  }
}

/** The n-th occurrence's date. */
function dateOf(budget: BudgetSeries, step: { days: number } | { months: number }, n: number): string {
  return 'days' in step
    ? isoDay(dayMs(budget.settlement_date) + n * step.days * DAY_MS)
    : addMonths(budget.settlement_date, n * step.months);
}

/** The first n whose date may be on or after `day` (at most one step early for months, which vary in length). */
function firstIndexFrom(budget: BudgetSeries, step: { days: number } | { months: number }, day: string): number {
  if (day <= budget.settlement_date) return 0;
  if ('days' in step) return Math.ceil((dayMs(day) - dayMs(budget.settlement_date)) / DAY_MS / step.days);
  const [y1 = 0, m1 = 1] = budget.settlement_date.split('-').map(Number);
  const [y2 = 0, m2 = 1] = day.split('-').map(Number);
  return Math.max(0, Math.floor(((y2 - y1) * 12 + (m2 - m1)) / step.months) - 1);
}

/** The amount of occurrence n, in cents. */
function centsOf(budget: BudgetSeries, n: number): number {
  const t = Math.floor(n / Math.max(1, Math.trunc(budget.sequence_term_size) || 1));
  let value: number;
  switch (budget.sequence_type) {
    case 'AP':
      value = budget.amount + t * budget.d;
      break;
    case 'GP':
      value = budget.amount * budget.r ** t;
      break;
    case 'HP': {
      const reciprocal = budget.amount === 0 ? 0 : 1 / budget.amount + t * budget.d;
      value = reciprocal === 0 ? 0 : 1 / reciprocal;
      break;
    }
    default:
      value = budget.amount;
  }
  const cents = Math.sign(value) * Math.round(Math.abs(value) * 100);
  if (!Number.isFinite(cents)) throw new BudgetSeriesError(`The budget's occurrence ${n + 1} has no finite amount.`);
  return cents === 0 ? 0 : cents; // never -0
}

/** The last day the series pays on, or null for none. */
function seriesEnd(budget: BudgetSeries, planEnd: string | undefined): string | null {
  if (budget.end_date !== null && budget.end_date !== '') return budget.end_date;
  return budget.is_indefinite || planEnd === undefined ? null : planEnd;
}

/** The budget's occurrences whose date lies in the window, in date order. */
export function budgetOccurrences(budget: BudgetSeries, range: DayWindow, planEnd?: string): Occurrence[] {
  const step = stepOf(budget);
  if (step === null) {
    const date = budget.settlement_date;
    return date >= range.from && date <= range.to ? [{ date, cents: centsOf(budget, 0) }] : [];
  }
  const start = budget.start_date !== null && budget.start_date !== '' && budget.start_date > range.from ? budget.start_date : range.from;
  const end = [range.to, seriesEnd(budget, planEnd)].reduce<string>((a, b) => (b !== null && b < a ? b : a), range.to);
  const out: Occurrence[] = [];
  for (let n = firstIndexFrom(budget, step, start); ; n += 1) {
    const date = dateOf(budget, step, n);
    if (date > end) return out;
    if (date < start) continue;
    if (out.length >= MAX_OCCURRENCES) throw new BudgetSeriesError(`The budget pays more than ${MAX_OCCURRENCES} times in the period.`);
    out.push({ date, cents: centsOf(budget, n) });
  }
}

/** The budget's amount per month (`YYYY-MM` → cents) of the window, months without an occurrence left out. */
export function monthlyCents(budget: BudgetSeries, range: DayWindow, planEnd?: string): Map<string, number> {
  const months = new Map<string, number>();
  for (const { date, cents } of budgetOccurrences(budget, range, planEnd)) {
    const month = date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + cents);
  }
  return months;
}
