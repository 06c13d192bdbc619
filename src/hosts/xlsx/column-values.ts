/**
 * One column of a big table's body (`table-body.ts`), compact: numbers in a growing `Float64Array` (8 bytes a cell,
 * a blank as a NaN that no cell value is) until the first value that is not a number, then every value in a plain
 * array (texts, booleans, blanks as `''`).
 */

import type { CellValue } from '../../sync/cell-values';

const FIRST_CAPACITY = 1024;

export class ColumnValues {
  private numbers: Float64Array | null = new Float64Array(FIRST_CAPACITY);
  private values: CellValue[] | null = null;
  private length = 0;

  push(value: CellValue): void {
    if (this.numbers !== null && (typeof value === 'number' || value === '')) {
      if (this.length === this.numbers.length) this.grow();
      this.numbers[this.length] = value === '' ? Number.NaN : value;
      this.length += 1;
      return;
    }
    this.toValues().push(value);
    this.length += 1;
  }

  at(index: number): CellValue {
    if (this.numbers === null) return this.values?.[index] ?? '';
    const n = this.numbers[index] ?? Number.NaN;
    return Number.isNaN(n) ? '' : n;
  }

  private grow(): void {
    const numbers = this.numbers ?? new Float64Array(0);
    const larger = new Float64Array(Math.max(FIRST_CAPACITY, numbers.length * 2));
    larger.set(numbers);
    this.numbers = larger;
  }

  private toValues(): CellValue[] {
    if (this.values !== null) return this.values;
    const values: CellValue[] = [];
    for (let i = 0; i < this.length; i += 1) values.push(this.at(i));
    this.numbers = null;
    this.values = values;
    return values;
  }
}
