/**
 * Amounts show their currency in the number format (#26): a Transactions table whose accounts are in EUR and CHF
 * gets each row's currency (runs of rows inside a block), values stay numbers, a format the user chose survives a
 * refresh while the add-in's are replaced (a company currency changed in Settings shows), and a table whose rows
 * share one currency costs the syncs it did before currencies.
 */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import type { ColumnSpec, CoreValue, TableSpec } from '../../../src/sync/workbook-port';
import { asUser, installSim, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

const EUR = '#,##0.00 [$EUR]';
const CHF = '#,##0.00 [$CHF]';

/** Accounts 1 and 2 are in EUR, account 3 in CHF; the company's currency is `company`. */
function spec(company: string | undefined, codes: Record<string, string> = { '1': 'EUR', '2': 'EUR', '3': 'CHF' }): TableSpec {
  const columns: ColumnSpec[] = [
    { key: 'id', header: 'Id', type: 'integer' },
    { key: 'amount', header: 'Amount', type: 'amount', currency: { byColumn: 'account_id', codes } },
    {
      key: 'reporting_amount',
      header: 'Reporting amount',
      type: 'amount',
      ...(company === undefined ? {} : { currency: { code: company } }),
    },
    { key: 'account_id', header: 'Account Id', type: 'integer' },
    { key: 'purpose', header: 'Purpose', type: 'text' },
  ];
  return { tableName: 'Transactions', sheetName: 'Data', columns, keyColumn: 'id' };
}

/** Rows 1..count; `chfEvery`: every n-th row is on the CHF account (0: none). */
function rows(count: number, chfEvery: number): CoreValue[][] {
  return Array.from({ length: count }, (_, i) => {
    const account = chfEvery > 0 && (i + 1) % chfEvery === 0 ? 3 : 1 + (i % 2);
    return [i + 1, Math.round((i + 1) * 123.45) / 100, Math.round((i + 1) * 98.7) / 100, account, `Payment ${i + 1}`];
  });
}

/** Number formats and values of a column's data cells (0-based column of the sheet). */
function column(c: number, count: number): { formats: string[]; values: unknown[] } {
  const formats = sim.workbook
    .numberFormats('Data')
    .slice(1, count + 1)
    .map((r) => r[c] ?? '');
  const values = sim.workbook
    .values('Data')
    .slice(1, count + 1)
    .map((r) => r[c]);
  return { formats, values };
}

describe('amounts in their currency', () => {
  it("a table with EUR and CHF accounts: each row's Amount in its account's currency, Reporting amount in the company's, values numbers", async () => {
    const data = rows(30, 4);
    await new ExcelWorkbookPort().writeTable(spec('EUR'), data);
    const amount = column(1, 30);
    expect(amount.formats).toEqual(data.map((r) => (r[3] === 3 ? CHF : EUR)));
    expect(amount.values).toEqual(data.map((r) => r[1]));
    expect(amount.values.every((v) => typeof v === 'number')).toBe(true);
    expect(column(2, 30).formats.every((f) => f === EUR)).toBe(true);
    expect(
      sim.workbook
        .valueTypes('Data')
        .slice(1, 31)
        .every((r) => r[1] === 'Double' && r[2] === 'Double'),
    ).toBe(true);
    // As Excel shows them.
    expect(sim.workbook.text('Data')[4]?.[1]).toBe('4.94 CHF');
    expect(sim.workbook.text('Data')[1]?.[1]).toBe('1.23 EUR');
    // Read back, the cells are the amounts (push and figures see numbers).
    const read = await new ExcelWorkbookPort().readTable('Transactions', spec('EUR').columns);
    expect(read.problems).toEqual([]);
    expect(read.rows.map((r) => r[1])).toEqual(data.map((r) => r[1]));
  });

  it('rows alternating often, over several blocks: every cell still gets its own currency', async () => {
    const data = rows(3000, 3);
    const port = new ExcelWorkbookPort({ budgetBytes: 60_000 });
    await port.writeTable(spec('EUR'), data);
    expect(sim.workbook.stats.failedSyncs).toEqual([]);
    expect(column(1, 3000).formats).toEqual(data.map((r) => (r[3] === 3 ? CHF : EUR)));
  });

  it('a table whose rows share one currency costs the syncs and actions it did before currencies', async () => {
    const data = rows(3000, 0);
    const port = new ExcelWorkbookPort({ budgetBytes: 60_000 });
    await port.writeTable(spec(undefined, {}), data);
    const before = sim.workbook.stats.syncs.map((s) => s.actionCount);
    expect(before.length).toBeGreaterThan(5); // several blocks
    sim.uninstall();
    sim = installSim();
    await port.writeTable(spec('EUR'), data);
    expect(sim.workbook.stats.syncs.map((s) => s.actionCount)).toEqual(before);
    expect(column(1, 3000).formats.every((f) => f === EUR)).toBe(true);
  });

  it("a refresh keeps a format the user chose, and replaces the add-in's: a changed company currency shows", async () => {
    const port = new ExcelWorkbookPort();
    const data = rows(12, 4);
    await port.writeTable(spec('EUR'), data);
    // The user formats Amount their way; Reporting amount stays as the add-in wrote it.
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('B2:B13').numberFormat = Array.from({ length: 12 }, () => ['#,##0']);
      await context.sync();
    });
    // Settings: the company's currency is now CHF.
    await port.writeTable(spec('CHF'), data);
    expect(column(1, 12).formats.every((f) => f === '#,##0')).toBe(true);
    expect(column(2, 12).formats.every((f) => f === CHF)).toBe(true);
  });

  it("a refresh gives each row its account's currency again, also where the accounts changed currency", async () => {
    const port = new ExcelWorkbookPort();
    const data = rows(12, 4);
    await port.writeTable(spec('EUR'), data);
    await port.writeTable(spec(undefined, { '1': 'USD', '2': 'EUR', '3': 'CHF' }), data);
    expect(column(1, 12).formats).toEqual(data.map((r) => (r[3] === 3 ? CHF : r[3] === 1 ? '#,##0.00 [$USD]' : EUR)));
    // Without a company currency (none known), the plain amount format replaces the add-in's EUR.
    expect(column(2, 12).formats.every((f) => f === '#,##0.00')).toBe(true);
  });

  it("a failed refresh puts each row's currency back", async () => {
    const port = new ExcelWorkbookPort();
    const data = rows(12, 4);
    await port.writeTable(spec('EUR'), data);
    const before = sim.workbook.numberFormats('Data');
    const failing = (async function* () {
      yield rows(6, 2).map((r): CoreValue[] => [r[0] ?? null, 1000, 1000, r[3] ?? null, 'new']);
      throw new Error('the service went away');
    })();
    sim.workbook.stats.reset();
    // A block per row: the first rows are written (other currencies) before the failure.
    await expect(new ExcelWorkbookPort({ budgetBytes: 1 }).writeTable(spec('EUR'), failing)).rejects.toThrow('the service went away');
    expect(sim.workbook.stats.syncs.length).toBeGreaterThan(6);
    expect(sim.workbook.numberFormats('Data')).toEqual(before);
  });
});
