/** A statement's slash dates in one order for the whole column: day first unless only month first can read them. */
import { checkRows } from '../../../src/sync/import/check-rows';
import { dateOf, slashOrderOf } from '../../../src/sync/import/import-row-check';
import type { ImportSheetRow } from '../../../src/sync/import/import-port';
import { account } from '../../api/support/fixtures';
import type { Account } from '../../../src/api';

test('the column decides: 12/31/2025 makes every slash date month first; 31/12/2025 or none keeps day first', () => {
  expect(slashOrderOf(['03/04/2025', '12/31/2025'])).toBe('monthFirst');
  expect(slashOrderOf(['03/04/2025', '31/12/2025'])).toBe('dayFirst');
  expect(slashOrderOf(['03/04/2025', '05/06/2025'])).toBe('dayFirst');
  // Conflicting rows: the day-first reading stands, and the date no order reads is refused on its row.
  expect(slashOrderOf(['31/12/2025', '12/31/2025'])).toBe('dayFirst');
  expect(dateOf('03/04/2025', 'monthFirst')).toBe('2025-03-04');
  expect(dateOf('03/04/2025')).toBe('2025-04-03');
  expect(dateOf('03.04.2025', 'monthFirst')).toBe('2025-04-03');
});

test("a US statement's rows are read month first, each one; a European one day first", () => {
  const row = (date: string): ImportSheetRow =>
    ({
      row: 0,
      cells: { value_date: date, amount: -10, purpose: 'x', counterpart_name: '', account: 'Main' },
    }) as unknown as ImportSheetRow;
  const accounts = [account(7) as unknown as Account];
  const dates = (values: string[]) =>
    checkRows(values.map(row), accounts, 'en').accounts.flatMap((a) => a.rows.map((r) => r.item.value_date));
  expect(dates(['03/04/2025', '12/31/2025'])).toEqual(['2025-03-04', '2025-12-31']);
  expect(dates(['03/04/2025', '31/12/2025'])).toEqual(['2025-04-03', '2025-12-31']);
});
