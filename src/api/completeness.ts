/**
 * Import completeness of transactions, checked against `/transactions/extended/`: the number of
 * distinct rows must equal `count`, and the sum of their `reporting_amount` must equal `sum`.
 * Sums are compared in integer cents (0.1 + 0.2 never equals 0.3 in floating point).
 */
import { formatScaled, toCents } from './amount';
import { IdSet } from './id-set';

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

/**
 * The same check, row by row: for pulls that stream their rows to the workbook and keep none of them. `add`
 * returns false for an id seen before (the row is a duplicate and should be dropped).
 */
export class CompletenessTally {
  readonly #seen = new IdSet();
  readonly #duplicates = new Set<number>();
  #received = 0;
  #cents = 0;
  #unreadable = false;

  add(id: number, reportingAmount: number): boolean {
    this.#received += 1;
    if (!this.#seen.add(id)) {
      this.#duplicates.add(id);
      return false;
    }
    if (Number.isFinite(reportingAmount)) this.#cents += toCents(reportingAmount);
    else this.#unreadable = true;
    return true;
  }

  report(expected: CompletenessExpectation): CompletenessReport {
    const expectedSumCents = toCents(expected.sum);
    const countMatches = this.#seen.size === expected.count;
    // An amount that is not a number cannot add up to the service's sum.
    const sumMatches = !this.#unreadable && this.#cents === expectedSumCents;
    return {
      ok: countMatches && sumMatches,
      countMatches,
      sumMatches,
      expectedCount: expected.count,
      actualCount: this.#seen.size,
      rowsReceived: this.#received,
      expectedSumCents,
      actualSumCents: this.#cents,
      expectedSum: formatScaled(BigInt(expectedSumCents), 2),
      actualSum: formatScaled(BigInt(this.#cents), 2),
      duplicateIds: [...this.#duplicates],
    };
  }
}

export function checkCompleteness<R extends CompletenessRow>(rows: readonly R[], expected: CompletenessExpectation): CompletenessResult<R> {
  const tally = new CompletenessTally();
  const unique: R[] = [];
  for (const row of rows) if (tally.add(row.id, row.reporting_amount)) unique.push(row);
  return { rows: unique, report: tally.report(expected) };
}
