import { describeFilter } from '../../../src/sync/filters/filter-words';
import { narrows, resolveFilter } from '../../../src/sync/filters/table-filter';

describe('a table filter in words', () => {
  test('dates and categories, as the card says them', () => {
    const target = { resource: 'transactions', filters: { min_date: '2026-01-01', max_date: '2026-11-25', category: [1, 2, 3] } } as const;
    expect(describeFilter({ target: { ...target, filters: { ...target.filters, category: [1, 2, 3] } } }, 'en')).toBe(
      '2026-01-01 to 2026-11-25, 3 categories',
    );
    expect(
      describeFilter({ target: { resource: 'transactions', filters: { min_date: '2026-01-01', category: [7], account: [1, 2] } } }, 'de'),
    ).toBe('ab 2026-01-01, 1 Kategorie, 2 Konten');
  });

  test('a period names itself and the dates it resolved to', () => {
    const filter = { target: { resource: 'forecastBudgets' as const }, period: 'thisYear' as const };
    const resolved = resolveFilter(filter, { today: '2026-11-25', fiscalYearStartMonth: 1 });
    expect(describeFilter({ ...filter, target: resolved }, 'en')).toBe('This year: 2026-01-01 to 2026-12-31');
    expect(describeFilter({ ...filter, target: resolved }, 'it')).toBe("Quest'anno: dal 2026-01-01 al 2026-12-31");
  });

  test('invoices: status and type', () => {
    expect(describeFilter({ target: { resource: 'invoices', filters: { status: 'OD', type: 'payable' } } }, 'en')).toMatch(
      /^status .+, .+$/,
    );
  });

  test('no filter, no words; empty lists narrow nothing', () => {
    expect(describeFilter({ target: { resource: 'transactions', filters: { category: [] } } }, 'en')).toBe('');
    expect(narrows({ resource: 'transactions', filters: { category: [] } })).toBe(false);
    expect(narrows({ resource: 'transactions', filters: { category: [4] } })).toBe(true);
  });

  test('a period resolves only for the dated resources and replaces the stored dates', () => {
    const context = { today: '2026-11-25', fiscalYearStartMonth: 4 };
    expect(
      resolveFilter(
        { target: { resource: 'transactions', filters: { min_date: '2020-01-01', category: [3] } }, period: 'fiscalYear' },
        context,
      ),
    ).toEqual({
      resource: 'transactions',
      filters: { min_date: '2026-04-01', max_date: '2027-03-31', category: [3] },
    });
    expect(resolveFilter({ target: { resource: 'invoices' }, period: 'thisYear' }, context)).toEqual({ resource: 'invoices' });
  });
});
