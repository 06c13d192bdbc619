import { resolvePeriod, todayOf, type RelativePeriod } from '../../../src/sync/filters/relative-period';

const on =
  (today: string, fiscalYearStartMonth = 1) =>
  (period: RelativePeriod) =>
    resolvePeriod(period, { today, fiscalYearStartMonth });

describe('relative periods, resolved on a fixed day', () => {
  test('each period on 2026-11-25', () => {
    const at = on('2026-11-25');
    expect(at('last12Months')).toEqual({ min_date: '2025-12-01', max_date: '2026-11-30' });
    expect(at('thisYear')).toEqual({ min_date: '2026-01-01', max_date: '2026-12-31' });
    expect(at('yearToDate')).toEqual({ min_date: '2026-01-01', max_date: '2026-11-25' });
    expect(at('thisQuarter')).toEqual({ min_date: '2026-10-01', max_date: '2026-12-31' });
    expect(at('nextQuarter')).toEqual({ min_date: '2027-01-01', max_date: '2027-03-31' });
    expect(at('fiscalYear')).toEqual({ min_date: '2026-01-01', max_date: '2026-12-31' });
  });

  test('month ends and leap years: February ends on the 29th in a leap year, the 28th otherwise', () => {
    expect(on('2024-02-29')('last12Months')).toEqual({ min_date: '2023-03-01', max_date: '2024-02-29' });
    expect(on('2025-02-28')('last12Months')).toEqual({ min_date: '2024-03-01', max_date: '2025-02-28' });
    expect(on('2100-02-01')('thisQuarter')).toEqual({ min_date: '2100-01-01', max_date: '2100-03-31' });
    expect(on('2000-01-31')('nextQuarter')).toEqual({ min_date: '2000-04-01', max_date: '2000-06-30' });
    expect(on('2024-12-31')('yearToDate')).toEqual({ min_date: '2024-01-01', max_date: '2024-12-31' });
    expect(on('2025-03-01', 3)('fiscalYear')).toEqual({ min_date: '2025-03-01', max_date: '2026-02-28' });
    expect(on('2023-03-01', 3)('fiscalYear')).toEqual({ min_date: '2023-03-01', max_date: '2024-02-29' });
  });

  test('quarters turn at their first and last days', () => {
    expect(on('2026-03-31')('thisQuarter')).toEqual({ min_date: '2026-01-01', max_date: '2026-03-31' });
    expect(on('2026-04-01')('thisQuarter')).toEqual({ min_date: '2026-04-01', max_date: '2026-06-30' });
    expect(on('2026-10-01')('nextQuarter')).toEqual({ min_date: '2027-01-01', max_date: '2027-03-31' });
  });

  test.each([
    [1, '2026-01-01', '2026-12-31'],
    [2, '2026-02-01', '2027-01-31'],
    [4, '2026-04-01', '2027-03-31'],
    [7, '2026-07-01', '2027-06-30'],
    [11, '2026-11-01', '2027-10-31'],
    [12, '2025-12-01', '2026-11-30'],
  ])('a fiscal year starting in month %i holds 2026-11-25: %s to %s', (start, min, max) => {
    expect(on('2026-11-25', start)('fiscalYear')).toEqual({ min_date: min, max_date: max });
  });

  test('a fiscal year starting in April: before April it is the one that began the year before', () => {
    expect(on('2026-03-31', 4)('fiscalYear')).toEqual({ min_date: '2025-04-01', max_date: '2026-03-31' });
    expect(on('2026-04-01', 4)('fiscalYear')).toEqual({ min_date: '2026-04-01', max_date: '2027-03-31' });
  });

  test('a first month outside 1 to 12 and a malformed day are refused', () => {
    expect(() => on('2026-11-25', 13)('fiscalYear')).toThrow(RangeError);
    expect(() => on('2026-11-25', 0)('fiscalYear')).toThrow(RangeError);
    expect(() => on('25.11.2026')('thisYear')).toThrow(RangeError);
  });

  test("today is the clock's local day", () => {
    const clock = () => new Date(2026, 10, 25, 23, 59).getTime();
    expect(todayOf(clock)).toBe('2026-11-25');
  });
});
