/**
 * What a forecast budget pays between two days, in cents: the sandbox's own reading of the recurrence and sequence
 * fields (docs/service-contract.md, "Budget occurrences"; written apart from the client's, which a test compares with
 * the balance summary this feeds):
 * - one-time: `amount` on the settlement date;
 * - recurring: every `frequency_multiplier` (at least 1) days, weeks, months, quarters or years from the settlement
 *   date, months counted from it with the day clamped to the month's end, until the series ends (the plan's last day,
 *   unless indefinite: `start_date`/`end_date` are derived from these, see serializers/budget.ts);
 * - sequences in terms of `sequence_term_size` (at least 1): term t pays amount + t·d (AP), amount·rᵗ (GP),
 *   1/(1/amount + t·d) (HP, 0 when amount or the reciprocal is 0); each payment rounded to cents.
 */
import { addDays, addMonths } from './calendar';
import type { Budget } from './model';

/** Payments counted at most per budget and call (a daily budget over 270 years). */
const MAX_PAYMENTS = 100_000;

function nthDate(b: Budget, n: number): string {
  const every = Math.max(1, Math.trunc(b.frequencyMultiplier) || 1);
  switch (b.frequency) {
    case 'daily':
      return addDays(b.settlementDate, n * every);
    case 'weekly':
      return addDays(b.settlementDate, n * every * 7);
    case 'monthly':
      return addMonths(b.settlementDate, n * every);
    case 'quarterly':
      return addMonths(b.settlementDate, n * every * 3);
    default:
      return addMonths(b.settlementDate, n * every * 12);
  }
}

/** Cents of payment n (`b.amount` is in cents already; `d` is in the amount's unit). */
function nthCents(b: Budget, n: number): number {
  const term = Math.floor(n / Math.max(1, Math.trunc(b.sequenceTermSize) || 1));
  const amount = b.amount / 100;
  let value = amount;
  if (b.sequenceType === 'AP') value = amount + term * b.d;
  else if (b.sequenceType === 'GP') value = amount * Math.pow(b.r, term);
  else if (b.sequenceType === 'HP') {
    const reciprocal = amount === 0 ? 0 : 1 / amount + term * b.d;
    value = reciprocal === 0 ? 0 : 1 / reciprocal;
  }
  const cents = Math.round(Math.abs(value) * 100) * Math.sign(value);
  return Number.isFinite(cents) ? cents : 0;
}

/** Cents the budget pays on days after `after` up to `until` (inclusive); the series ends at `seriesEnd` unless indefinite. */
export function paidBetween(b: Budget, after: string, until: string, seriesEnd: string): number {
  if (b.frequency === '') return b.settlementDate > after && b.settlementDate <= until ? nthCents(b, 0) : 0;
  const last = b.isIndefinite || seriesEnd > until ? until : seriesEnd;
  let cents = 0;
  for (let n = 0; n < MAX_PAYMENTS; n += 1) {
    const date = nthDate(b, n);
    if (date > last) break;
    if (date > after) cents += nthCents(b, n);
  }
  return cents;
}
