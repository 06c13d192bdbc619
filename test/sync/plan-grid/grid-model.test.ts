/** The planning grid's pure parts (#31): months, its rows and subtotals, the variance block, edits to own budgets. */

import type { Budget, Category, Plan } from '../../../src/api';
import {
  addMonths,
  gridCellOf,
  gridExternalId,
  gridMonths,
  GridHorizonError,
  planGrid,
  planGridEdits,
  settlementDateIn,
  gridSettlementDate,
  spread,
  type GridFigures,
} from '../../../src/sync/plan-grid';

const category = (id: number, parent: number | null, name: string, order: number, extra: Partial<Category> = {}): Category => ({
  id,
  parent,
  name,
  slug: name.toLowerCase(),
  description: '',
  order,
  is_obsolete: false,
  is_category: parent !== null,
  is_aggregating: parent === null,
  is_default: false,
  ...extra,
});

const PLAN = { is_committed: false } as Plan;
const MONTHS = ['2026-10', '2026-11', '2026-12'];

function figures(extra: Partial<GridFigures> = {}): GridFigures {
  return {
    months: MONTHS,
    current: '2026-11',
    today: '2026-11-26',
    actual: new Map([
      [11, [-100, -5, 0]],
      [12, [-30, 0, 0]],
      [21, [500, 0, 0]],
    ]),
    planned: new Map([
      [11, [-90, -80, -70]],
      [12, [0, -10, -20]],
      [21, [400, 450, 460]],
    ]),
    own: new Map(),
    parts: new Map(),
    bookings: new Map(),
    openInvoices: [0, 7, 8],
    balance: [1000, 1200, 1500],
    ...extra,
  };
}

const CATEGORIES = [
  category(20, null, 'Income', 1),
  category(10, null, 'Expenses', 2),
  category(12, 10, 'Rent', 2),
  category(11, 10, 'Salaries', 1),
  category(21, 20, 'Sales', 1),
  category(13, 10, 'Old', 3, { is_obsolete: true }),
];

describe('grid months', () => {
  it('counts months over year ends, clamps the settlement day, and refuses a bad horizon', () => {
    expect(gridMonths({ from: '2026-11', months: 3 })).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect([settlementDateIn('2027-02', 31), settlementDateIn('2028-02', 'last'), settlementDateIn('2026-12', 5)]).toEqual([
      '2027-02-28',
      '2028-02-29',
      '2026-12-05',
    ]);
    expect(() => gridMonths({ from: '2026-13', months: 3 })).toThrow(GridHorizonError);
    expect(() => gridMonths({ from: '2026-01', months: 37 })).toThrow(GridHorizonError);
    expect(() => settlementDateIn('2026-01', 0)).toThrow(GridHorizonError);
  });

  it('settles a figure of the current month after today, where the balances count it; other months on their day', () => {
    const today = '2026-11-26';
    expect(gridSettlementDate('2026-11', 15, today)).toBe('2026-11-27');
    expect(gridSettlementDate('2026-11', 26, today)).toBe('2026-11-27');
    expect(gridSettlementDate('2026-11', 'last', today)).toBe('2026-11-30');
    expect(gridSettlementDate('2026-12', 15, today)).toBe('2026-12-15');
    // The month's last day: today is all it has.
    expect(gridSettlementDate('2026-11', 10, '2026-11-30')).toBe('2026-11-30');
  });

  it('names a cell by category and month, and reads only its own IDs back', () => {
    expect(gridExternalId({ categoryId: 1017, month: '2026-12' })).toBe('grid-1017-2026-12');
    expect(gridCellOf('grid-1017-2026-12')).toEqual({ categoryId: 1017, month: '2026-12' });
    expect([gridCellOf('grid-1017-2026-13'), gridCellOf('xl-grid-1-2026-01'), gridCellOf(null), gridCellOf('grid-01-2026-01')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('grid rows', () => {
  it('lays out the tree in order with subtotals, actuals before this month and plan from it, then the bottom lines', () => {
    const grid = planGrid(CATEGORIES, PLAN, figures());
    expect(grid.firstPlanMonth).toBe(1);
    expect(grid.rows.map((r) => [r.kind, r.name, r.depth])).toEqual([
      ['group', 'Income', 0],
      ['leaf', 'Sales', 1],
      ['group', 'Expenses', 0],
      ['leaf', 'Salaries', 1],
      ['leaf', 'Rent', 1],
      ['openInvoices', '', 0],
      ['netFlow', '', 0],
      ['balance', '', 0],
    ]);
    const [income, sales, expenses, salaries, rent, invoices, flow, balance] = grid.rows;
    expect(salaries?.values).toEqual([-100, -80, -70]);
    expect(rent?.values).toEqual([-30, -10, -20]);
    expect(expenses?.values).toEqual([-130, -90, -90]);
    expect(income?.values).toEqual(sales?.values);
    expect(invoices?.values).toEqual([null, 7, 8]);
    expect(flow?.values).toEqual([500 - 130, 450 - 90 + 7, 460 - 90 + 8]);
    expect(balance).toMatchObject({ values: [1000, 1200, 1500], total: null });
    expect(salaries?.total).toBe(-250);
    // Variance over the past month (October): actual − plan, and its share of the plan's size.
    expect(salaries?.variance).toEqual({ plan: -90, actual: -100, variance: -10, ratio: -10 / 90 });
    expect(rent?.variance).toEqual({ plan: 0, actual: -30, variance: -30, ratio: null });
    expect(expenses?.variance).toMatchObject({ plan: -90, actual: -130 });
    expect(salaries?.editable).toEqual([false, true, true]);
    expect(expenses?.editable).toEqual([false, false, false]);
  });

  it('keeps an obsolete leaf that has figures, and no variance block without a past month', () => {
    const grid = planGrid(CATEGORIES, PLAN, figures({ current: '2026-10', planned: new Map([[13, [5, 0, 0]]]) }));
    expect(grid.firstPlanMonth).toBe(0);
    expect(grid.rows.find((r) => r.name === 'Old')?.values).toEqual([5, 0, 0]);
    expect(grid.rows.every((r) => r.variance === null)).toBe(true);
  });

  it('offers no input cell on a leaf a budget cannot take: a system category or an aggregating one', () => {
    const categories = [
      ...CATEGORIES,
      category(31, 10, 'Uncategorised', 9, { is_default: true }),
      category(32, 10, 'Gross profit', 10, { is_aggregating: true }),
    ];
    const grid = planGrid(categories, PLAN, figures());
    for (const name of ['Uncategorised', 'Gross profit'])
      expect(grid.rows.find((r) => r.name === name)?.editable).toEqual([false, false, false]);
    expect(grid.rows.find((r) => r.name === 'Salaries')?.editable).toEqual([false, true, true]);
  });

  it('takes no figure in a committed plan', () => {
    const grid = planGrid(CATEGORIES, { is_committed: true } as Plan, figures());
    expect(grid.readOnly).toBe('committed');
    expect(grid.rows.flatMap((r) => r.editable).some(Boolean)).toBe(false);
  });
});

describe('grid edits', () => {
  const own = { budget: { id: 77, frequency: '' } as Budget, cents: -30 };
  const withOwn = figures({ own: new Map([['11|2026-12', own]]) });
  const grid = planGrid(CATEGORIES, PLAN, withOwn);

  it('gives its own budget what makes the cell equal the figure, and removes it for a cleared cell', () => {
    const plan = planGridEdits(grid, withOwn, [
      { categoryId: 11, month: '2026-12', cents: -100 }, // others pay -40: own -60
      { categoryId: 12, month: '2026-12', cents: -50 }, // others pay -20: a new own budget of -30
      { categoryId: 21, month: '2026-11', cents: 450 }, // already the plan
    ]);
    expect(plan.changes).toEqual([
      { kind: 'update', cell: { categoryId: 11, month: '2026-12' }, externalId: 'grid-11-2026-12', budgetId: 77, cents: -60 },
      { kind: 'create', cell: { categoryId: 12, month: '2026-12' }, externalId: 'grid-12-2026-12', cents: -30 },
    ]);
    expect(plan.unchanged).toEqual([{ categoryId: 21, month: '2026-11' }]);
    expect(planGridEdits(grid, withOwn, [{ categoryId: 11, month: '2026-12', cents: null }]).changes).toEqual([
      { kind: 'delete', cell: { categoryId: 11, month: '2026-12' }, externalId: 'grid-11-2026-12', budgetId: 77 },
    ]);
    // The figure the others pay already: the own budget goes.
    expect(planGridEdits(grid, withOwn, [{ categoryId: 11, month: '2026-12', cents: -40 }]).changes[0]?.kind).toBe('delete');
  });

  it('refuses past months, parents, unknown cells and figures past 12 digits, with a reason each', () => {
    const plan = planGridEdits(grid, withOwn, [
      { categoryId: 11, month: '2026-10', cents: 1 },
      { categoryId: 10, month: '2026-12', cents: 1 },
      { categoryId: 11, month: '2027-06', cents: 1 },
      { categoryId: 12, month: '2026-11', cents: 10 ** 12 },
    ]);
    expect(plan.refused.map((r) => r.reason)).toEqual(['pastMonth', 'notPlannable', 'outsideGrid', 'tooLarge']);
    expect(plan.changes).toEqual([]);
    expect(() =>
      planGridEdits(grid, withOwn, [
        { categoryId: 11, month: '2026-12', cents: 1 },
        { categoryId: 11, month: '2026-12', cents: 2 },
      ]),
    ).toThrow(RangeError);
  });
});

describe('spreading a yearly figure', () => {
  it('cuts a total into parts that sum to it exactly, evenly or by the weights, negative totals too', () => {
    expect(
      spread(
        100_000,
        Array.from({ length: 12 }, () => 1),
      ),
    ).toEqual([8334, 8334, 8334, 8334, 8333, 8333, 8333, 8333, 8333, 8333, 8333, 8333]);
    expect(spread(-1_000, [1, 3])).toEqual([-250, -750]);
    // Last year's pattern: the sizes count (outflows are negative), a month without actuals gets nothing.
    expect(spread(-1_200, [-100, 0, -300])).toEqual([-300, 0, -900]);
    expect(spread(10, [0, 0, 0])).toEqual([4, 3, 3]);
    expect(spread(7, [])).toEqual([]);
    for (const [total, weights] of [
      [99_999, [1, 2, 3, 4, 5, 6, 7]],
      [-12_345_67, [5, -5, 0.5, 17, 3]],
    ] as const)
      expect(spread(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
  });
});
