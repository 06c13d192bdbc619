/**
 * A budget's occurrences (#31) against hand-checked cases: every frequency and multiplier, month ends and leap days,
 * the window of start and end dates, the plan's end and `is_indefinite`, the three sequence types with term sizes,
 * rounding to cents, and the sums per month.
 */

import { budgetOccurrences, BudgetSeriesError, monthlyCents, type BudgetSeries } from '../../../src/sync/figures/budget-occurrences';
import { BudgetSchema } from '../../../src/api/budget-schema';
import { budget } from '../../api/support/fixtures';

/** A budget as the service sends it (`budget` of the API fixtures), one-time on 15 January 2026, 100, unless told. */
function series(fields: Partial<BudgetSeries>): BudgetSeries {
  return BudgetSchema.parse(
    budget(1, { settlement_date: '2026-01-15', start_date: null, end_date: null, is_indefinite: true, amount: 100, ...fields }),
  );
}

const YEAR_2026 = { from: '2026-01-01', to: '2026-12-31' };
const dates = (budget: BudgetSeries, window = YEAR_2026, planEnd?: string): string[] =>
  budgetOccurrences(budget, window, planEnd).map((o) => o.date);
const cents = (budget: BudgetSeries, window = YEAR_2026): number[] => budgetOccurrences(budget, window).map((o) => o.cents);

describe('budget occurrences: dates', () => {
  it.each([
    ['one-time, in the window', series({}), ['2026-01-15']],
    ['one-time, before the window', series({ settlement_date: '2025-12-31' }), []],
    ['one-time, on the last day', series({ settlement_date: '2026-12-31' }), ['2026-12-31']],
    [
      'daily ×3, first week',
      series({ frequency: 'daily', frequency_multiplier: 3, end_date: '2026-01-22' }),
      ['2026-01-15', '2026-01-18', '2026-01-21'],
    ],
    ['weekly, three', series({ frequency: 'weekly', end_date: '2026-01-29' }), ['2026-01-15', '2026-01-22', '2026-01-29']],
    [
      'weekly ×2 across the year end',
      series({ settlement_date: '2025-12-20', frequency: 'weekly', frequency_multiplier: 2, end_date: '2026-01-31' }),
      ['2026-01-03', '2026-01-17', '2026-01-31'],
    ],
    [
      'monthly from the 31st: clamped to each month, back to the 31st',
      series({ settlement_date: '2026-01-31', frequency: 'monthly', end_date: '2026-05-31' }),
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'],
    ],
    [
      'monthly ×2',
      series({ frequency: 'monthly', frequency_multiplier: 2, end_date: '2026-06-30' }),
      ['2026-01-15', '2026-03-15', '2026-05-15'],
    ],
    [
      'quarterly from the 30th of November',
      series({ settlement_date: '2025-11-30', frequency: 'quarterly', end_date: '2026-09-30' }),
      ['2026-02-28', '2026-05-30', '2026-08-30'],
    ],
    ['yearly from a leap day', series({ settlement_date: '2024-02-29', frequency: 'yearly' }), ['2026-02-28']],
    [
      'a multiplier of 0 counts as 1',
      series({ frequency: 'monthly', frequency_multiplier: 0, end_date: '2026-03-31' }),
      ['2026-01-15', '2026-02-15', '2026-03-15'],
    ],
    [
      'start date: nothing paid before it',
      series({ frequency: 'monthly', start_date: '2026-04-01', end_date: '2026-06-30' }),
      ['2026-04-15', '2026-05-15', '2026-06-15'],
    ],
    ['end date on an occurrence: paid', series({ frequency: 'monthly', end_date: '2026-02-15' }), ['2026-01-15', '2026-02-15']],
    [
      'a series that started in 1990, seen over 2026: twelve month ends',
      series({ settlement_date: '1990-01-31', frequency: 'monthly' }),
      [
        '2026-01-31',
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
        '2026-06-30',
        '2026-07-31',
        '2026-08-31',
        '2026-09-30',
        '2026-10-31',
        '2026-11-30',
        '2026-12-31',
      ],
    ],
  ])('%s', (_name, budget, expected) => {
    expect(dates(budget)).toEqual(expected);
  });

  it('a daily series from 1990 seen over one week: seven days, found without walking 36 years', () => {
    expect(dates(series({ settlement_date: '1990-03-01', frequency: 'daily' }), { from: '2026-03-02', to: '2026-03-08' })).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
  });

  it('yearly ×2 from a leap day: the 28th in a common year, the 29th again in a leap year', () => {
    const budget = series({ settlement_date: '2024-02-29', frequency: 'yearly', frequency_multiplier: 2 });
    expect(dates(budget, { from: '2024-01-01', to: '2028-12-31' })).toEqual(['2024-02-29', '2026-02-28', '2028-02-29']);
  });

  it('the end: end date, else never when indefinite, else the plan end, else none', () => {
    const monthly = { frequency: 'monthly', settlement_date: '2026-10-15' } as const;
    const window = { from: '2026-10-01', to: '2027-02-28' };
    expect(dates(series({ ...monthly, end_date: '2026-11-30', is_indefinite: true }), window, '2026-12-31')).toEqual([
      '2026-10-15',
      '2026-11-15',
    ]);
    expect(dates(series({ ...monthly, is_indefinite: true }), window, '2026-12-31')).toHaveLength(5);
    expect(dates(series({ ...monthly, is_indefinite: false }), window, '2026-12-31')).toEqual(['2026-10-15', '2026-11-15', '2026-12-15']);
    expect(dates(series({ ...monthly, is_indefinite: false }), window)).toHaveLength(5);
  });
});

describe('budget occurrences: amounts', () => {
  const monthly = { frequency: 'monthly', end_date: '2026-06-30' } as const;

  it.each([
    [
      'no sequence: every occurrence the amount',
      series({ ...monthly, amount: -450 }),
      [-45_000, -45_000, -45_000, -45_000, -45_000, -45_000],
    ],
    [
      'AP, d −10, terms of 2',
      series({ ...monthly, sequence_type: 'AP', d: -10, sequence_term_size: 2 }),
      [10_000, 10_000, 9_000, 9_000, 8_000, 8_000],
    ],
    [
      'AP, a term size of 0 counts as 1',
      series({ ...monthly, sequence_type: 'AP', d: 5, sequence_term_size: 0 }),
      [10_000, 10_500, 11_000, 11_500, 12_000, 12_500],
    ],
    ['GP, r 1.1', series({ ...monthly, sequence_type: 'GP', r: 1.1 }), [10_000, 11_000, 12_100, 13_310, 14_641, 16_105]],
    [
      'GP, r 0.5, terms of 3',
      series({ ...monthly, sequence_type: 'GP', r: 0.5, sequence_term_size: 3 }),
      [10_000, 10_000, 10_000, 5_000, 5_000, 5_000],
    ],
    [
      'HP, d 0.01: the reciprocals step by d',
      series({ ...monthly, sequence_type: 'HP', d: 0.01 }),
      [10_000, 5_000, 3_333, 2_500, 2_000, 1_667],
    ],
    ['HP of an amount of 0 pays 0', series({ ...monthly, sequence_type: 'HP', amount: 0, d: 0.5 }), [0, 0, 0, 0, 0, 0]],
    ['rounded half away from zero', series({ ...monthly, amount: -0.005, end_date: '2026-01-31' }), [-1]],
  ])('%s', (_name, budget, expected) => {
    expect(cents(budget)).toEqual(expected);
  });

  it('an amount that grows past any number is refused, not summed', () => {
    expect(() => budgetOccurrences(series({ frequency: 'daily', sequence_type: 'GP', r: 1e10 }), YEAR_2026)).toThrow(BudgetSeriesError);
  });
});

describe('monthly sums', () => {
  it('weekly rent: four or five payments a month, summed in cents', () => {
    const weekly = series({ settlement_date: '2026-01-01', frequency: 'weekly', amount: -129 });
    expect(Object.fromEntries(monthlyCents(weekly, { from: '2026-01-01', to: '2026-03-31' }))).toEqual({
      '2026-01': -5 * 12_900,
      '2026-02': -4 * 12_900,
      '2026-03': -4 * 12_900,
    });
  });

  it('a quarterly tax: the months without a payment are left out', () => {
    const quarterly = series({ settlement_date: '2026-02-10', frequency: 'quarterly', amount: -12_000 });
    expect([...monthlyCents(quarterly, YEAR_2026).keys()]).toEqual(['2026-02', '2026-05', '2026-08', '2026-11']);
  });
});
