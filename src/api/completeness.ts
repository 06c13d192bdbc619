/**
 * Import completeness of transactions, checked against `/transactions/extended/`: the number of
 * distinct rows must equal `count`, and the sum of their `reporting_amount` must equal `sum`.
 * Sums are compared in integer cents (0.1 + 0.2 never equals 0.3 in floating point).
 */
import { formatScaled, toCents } from './amount';

export interface CompletenessExpectation {
  /** `count` of `/transactions/extended/`. */
  count: number;
  /** `sum` of `/transactions/extended/`. */
  sum: number;
}

export interface CompletenessReport {
  /** Count and sum both match. */
  ok: boolean;
  countMatches: boolean;
  sumMatches: boolean;
  expectedCount: number;
  /** Distinct rows (by `id`). */
  actualCount: number;
  /** Rows received, duplicates included. */
  rowsReceived: number;
  expectedSumCents: number;
  actualSumCents: number;
  /** Decimal strings with two places, e.g. `"-1234.50"`. */
  expectedSum: string;
  actualSum: string;
  /** Ids received more than once (each listed once); duplicates are counted once. */
  duplicateIds: number[];
}

export interface CompletenessRow {
  id: number;
  reporting_amount: number;
}

export interface CompletenessResult<R extends CompletenessRow> {
  report: CompletenessReport;
  /** The rows without duplicates, first occurrence kept, order kept. */
  rows: R[];
}

export function checkCompleteness<R extends CompletenessRow>(
  rows: readonly R[],
  expected: CompletenessExpectation,
): CompletenessResult<R> {
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  const unique: R[] = [];
  let cents = 0;
  for (const row of rows) {
    if (seen.has(row.id)) {
      duplicates.add(row.id);
      continue;
    }
    seen.add(row.id);
    unique.push(row);
    cents += toCents(row.reporting_amount);
  }
  const expectedSumCents = toCents(expected.sum);
  const countMatches = unique.length === expected.count;
  const sumMatches = cents === expectedSumCents;
  return {
    rows: unique,
    report: {
      ok: countMatches && sumMatches,
      countMatches,
      sumMatches,
      expectedCount: expected.count,
      actualCount: unique.length,
      rowsReceived: rows.length,
      expectedSumCents,
      actualSumCents: cents,
      expectedSum: formatScaled(BigInt(expectedSumCents), 2),
      actualSum: formatScaled(BigInt(cents), 2),
      duplicateIds: [...duplicates],
    },
  };
}
