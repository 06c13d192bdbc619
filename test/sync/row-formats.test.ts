import { rowFormats } from '../../src/sync/row-formats';
import type { ColumnSpec } from '../../src/sync/workbook-port';

describe('formats that differ by row', () => {
  const columns: ColumnSpec[] = [
    { key: 'id', header: 'Id', type: 'integer' },
    {
      key: 'amount',
      header: 'Amount',
      type: 'amount',
      currency: { byColumn: 'account_id', codes: { '1': 'EUR', '2': 'CHF', '3': 'x";@' } },
    },
    { key: 'account_id', header: 'Account Id', type: 'integer' },
    { key: 'balance', header: 'Balance', type: 'amount', currency: { byColumn: 'currency' } },
    { key: 'currency', header: 'Currency', type: 'text' },
    { key: 'reporting', header: 'Reporting', type: 'amount', currency: { code: 'EUR' } },
  ];

  it("each row's account's currency, or its own column's; unknown and hostile codes show the plain format", () => {
    const [amount, balance, ...others] = rowFormats(columns);
    expect(others).toEqual([]);
    expect([amount?.column, balance?.column]).toEqual([1, 3]);
    expect(amount?.of([10, 5, 1, 0, 'EUR', 5])).toBe('#,##0.00 [$EUR]');
    expect(amount?.of([11, 5, 2, 0, 'EUR', 5])).toBe('#,##0.00 [$CHF]');
    expect(amount?.of([12, 5, 3, 0, 'EUR', 5])).toBe('#,##0.00'); // a hostile code of the service
    expect(amount?.of([13, 5, 9, 0, 'EUR', 5])).toBe('#,##0.00'); // an account nobody knows
    expect(amount?.of([14, 5, '', 0, 'EUR', 5])).toBe('#,##0.00');
    expect(balance?.of([1, 0, 1, 5, 'CHF', 0])).toBe('#,##0.00 [$CHF]');
    expect(balance?.of([1, 0, 1, 5, '=1+1', 0])).toBe('#,##0.00');
    // One string per currency, shared by the rows (a pull of 100,000 rows keeps a few).
    expect(amount?.of([1, 0, 1])).toBe(amount?.of([2, 0, 1]));
  });

  it('none for a column with a format of its own or a currency for the whole column', () => {
    expect(rowFormats([{ key: 'a', header: 'A', type: 'amount', numberFormat: '0.00', currency: { byColumn: 'b' } }])).toEqual([]);
    expect(rowFormats([{ key: 'a', header: 'A', type: 'amount', currency: { code: 'EUR' } }])).toEqual([]);
  });
});
