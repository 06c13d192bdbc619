/**
 * The stamp above a table (#26), on the Office.js simulation: text in the cell above the header's first column, in a
 * quiet look, never part of the table; a table from before that sits in row 1 gets a row; a user's cell is kept.
 */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { STANDARD_WIDTH } from '../../../src/hosts/excel/fit-column-widths';
import { STAMP_FONT } from '../../../src/hosts/excel/write-stamp';
import { asUser, ids, installSim, TRANSACTIONS, transactions, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

const port = new ExcelWorkbookPort();
/** As the table models anchor a new table: its header in row 2, the stamp's row above it. */
const STAMPED = { ...TRANSACTIONS, sheetName: 'Fresh', anchor: 'A2' };
const LONG = 'Transactions · Demo GmbH · 2026-01-01 to 2026-11-25, 3 categories · refreshed 2026-11-26 09:14 UTC · complete, 5,000 rows';

async function look(sheet: string, address: string): Promise<{ italic: boolean; color: string; format: unknown }> {
  return asUser(sim, async (context) => {
    const range = context.workbook.worksheets.getItem(sheet).getRange(address);
    range.load('numberFormat');
    range.format.font.load('italic, color');
    await context.sync();
    return { italic: range.format.font.italic, color: range.format.font.color, format: range.numberFormat[0]?.[0] };
  });
}

describe('the stamp above a new table', () => {
  it('is text in the cell above the header, italic and grey, and the table, its reads and its widths do not see it', async () => {
    await port.writeTable(STAMPED, transactions(ids(1, 5)));
    const before = sim.workbook.columnWidths('Fresh', 6);
    const result = await port.writeStamp('Transactions', { text: LONG });
    expect(result).toEqual({ address: 'Fresh!A1', written: true });
    expect(sim.workbook.values('Fresh', 'A1:B1')).toEqual([[LONG, '']]);
    expect(await look('Fresh', 'A1')).toEqual({ italic: true, color: STAMP_FONT, format: '@' });
    // The sheet the write added freezes the stamp's row and the header.
    expect(sim.workbook.frozen('Fresh')).toEqual({ rows: 2, columns: 0 });
    // Not part of the table: its address, rows and read are as before.
    expect(sim.workbook.tables().find((t) => t.name === 'Transactions')?.address).toBe('Fresh!A2:F7');
    const read = await port.readTable('Transactions', TRANSACTIONS.columns);
    expect(read.headers).toEqual(TRANSACTIONS.columns.map((c) => c.header));
    expect(read.rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5]);
    // Written after the fit, and never measured: column A keeps the width the table gave it.
    expect(sim.workbook.columnWidths('Fresh', 6)).toEqual(before);
    expect(before[0]).toBeLessThan(STANDARD_WIDTH * 2);
  });

  it('a stamp already above where a table is made again does not widen column A when its columns are fitted', async () => {
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('A1').values = [[LONG]];
      await context.sync();
    });
    await port.writeTable({ ...STAMPED, sheetName: 'Data' }, transactions(ids(1, 5)));
    const [id] = sim.workbook.columnWidths('Data', 1);
    expect(id).toBeGreaterThan(0);
    expect(id).toBeLessThan(STANDARD_WIDTH * 2);
  });

  it('a hostile company name stays text', async () => {
    await port.writeTable(STAMPED, transactions([1]));
    const hostile = 'Transactions · =HYPERLINK("http://x","y") · all rows';
    await port.writeStamp('Transactions', { text: hostile });
    expect(sim.workbook.valueTypes('Fresh', 'A1')).toEqual([['String']]);
    expect(sim.workbook.formulas('Fresh', 'A1')).toEqual([[hostile]]);
    const formulaLike = '=HYPERLINK("http://x","y")';
    await port.writeStamp('Transactions', { text: formulaLike, previous: hostile });
    expect(sim.workbook.valueTypes('Fresh', 'A1')).toEqual([['String']]);
    expect(sim.workbook.values('Fresh', 'A1')).toEqual([[formulaLike]]);
  });

  it('replaces its own previous stamp on refresh', async () => {
    await port.writeTable(STAMPED, transactions([1, 2]));
    await port.writeStamp('Transactions', { text: 'first' });
    await port.writeTable(STAMPED, transactions([1, 2, 3]));
    expect(await port.writeStamp('Transactions', { text: 'second', previous: 'first' })).toEqual({ address: 'Fresh!A1', written: true });
    expect(sim.workbook.values('Fresh', 'A1')).toEqual([['second']]);
  });

  it("never overwrites a user's cell above the table: text, a formula, or a stamp it does not know", async () => {
    await port.writeTable(STAMPED, transactions([1, 2]));
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Fresh').getRange('A1').values = [['My note: Q4 figures']];
      await context.sync();
    });
    expect(await port.writeStamp('Transactions', { text: 'stamp', previous: 'an older stamp' })).toEqual({
      address: 'Fresh!A1',
      written: false,
    });
    expect(sim.workbook.values('Fresh', 'A1')).toEqual([['My note: Q4 figures']]);
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Fresh').getRange('A1').formulas = [['="stamp"']];
      await context.sync();
    });
    expect(await port.writeStamp('Transactions', { text: 'next', previous: 'stamp' })).toMatchObject({ written: false });
    expect(sim.workbook.formulas('Fresh', 'A1')).toEqual([['="stamp"']]);
  });

  it("told the table's address by its write, reads the cell above with the header: two round trips, not three", async () => {
    const write = await port.writeTable(STAMPED, transactions([1, 2]));
    const syncs = (): number => sim.workbook.stats.syncs.filter((s) => s.actionCount > 0).length;
    const before = syncs();
    expect(await port.writeStamp('Transactions', { text: 'stamp', tableAddress: write.address })).toEqual({
      address: 'Fresh!A1',
      written: true,
    });
    expect(syncs() - before).toBe(2);
    // A user's note is still kept.
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Fresh').getRange('A1').values = [['My note']];
      await context.sync();
    });
    expect(await port.writeStamp('Transactions', { text: 'next', previous: 'stamp', tableAddress: write.address })).toMatchObject({
      written: false,
    });
    expect(sim.workbook.values('Fresh', 'A1')).toEqual([['My note']]);
  });

  it('an address that is no longer where the table is (the user moved it) is not trusted', async () => {
    await port.writeTable({ ...STAMPED, anchor: 'A3' }, transactions([1, 2]));
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Fresh').getRange('A1').values = [['Not above the table']];
      await context.sync();
    });
    // The write said A2 (as if the table were there): the cell above that, A1, holds the user's text, but the stamp's
    // cell is A2, above the real header.
    expect(await port.writeStamp('Transactions', { text: 'stamp', tableAddress: 'Fresh!A2:F4' })).toEqual({
      address: 'Fresh!A2',
      written: true,
    });
    expect(sim.workbook.values('Fresh', 'A1:A2')).toEqual([['Not above the table'], ['stamp']]);
  });
});

describe('a table from before, at A1', () => {
  /** As the add-in made tables before the stamp: header in row 1 on a sheet it added, frozen down to the header. */
  async function oldTable(): Promise<void> {
    await port.writeTable({ ...STAMPED, anchor: 'A1' }, transactions(ids(1, 4)));
    expect(sim.workbook.frozen('Fresh')).toEqual({ rows: 1, columns: 0 });
  }

  it('gets a sheet row above it: the table, its user column formulas and the frozen header move down, the stamp goes in', async () => {
    await oldTable();
    await asUser(sim, async (context) => {
      const table = context.workbook.tables.getItem('Transactions');
      table.columns.add(undefined, [['Twice'], ...ids(1, 4).map(() => ['=[@Amount]*2'])]);
      context.workbook.worksheets.getItem('Fresh').getRange('J1:J2').formulas = [
        ['=SUM(Transactions[Amount])'],
        ['=COUNT(Transactions[Id])'],
      ];
      await context.sync();
    });
    const sumBefore = sim.workbook.values('Fresh', 'J1')[0]?.[0];

    expect(await port.writeStamp('Transactions', { text: 'stamp' })).toEqual({ address: 'Fresh!A1', written: true });
    expect(sim.workbook.tables().find((t) => t.name === 'Transactions')?.address).toBe('Fresh!A2:G6');
    expect(sim.workbook.values('Fresh', 'A1:A3')).toEqual([['stamp'], ['Id'], [1]]);
    expect(sim.workbook.frozen('Fresh')).toEqual({ rows: 2, columns: 0 });
    // Structured references follow the table; the cells beside it moved down with the row.
    expect(sim.workbook.values('Fresh', 'J2:J3')).toEqual([[sumBefore], [4]]);
    const twice = sim.workbook.values('Fresh', 'G3')[0]?.[0];
    const amount = sim.workbook.values('Fresh', 'C3')[0]?.[0];
    expect(twice).toBeCloseTo((amount as number) * 2);
    const read = await port.readTable('Transactions', TRANSACTIONS.columns);
    expect(read.rows.map((r) => r[0])).toEqual([1, 2, 3, 4]);
  });

  it('once moved, a refresh writes over its own stamp and inserts nothing more', async () => {
    await oldTable();
    await port.writeStamp('Transactions', { text: 'one' });
    await port.writeTable(STAMPED, transactions(ids(1, 6)));
    await port.writeStamp('Transactions', { text: 'two', previous: 'one' });
    expect(sim.workbook.values('Fresh', 'A1:A2')).toEqual([['two'], ['Id']]);
    expect(sim.workbook.tables().find((t) => t.name === 'Transactions')?.address).toBe('Fresh!A2:F8');
  });

  it('a sheet the user froze otherwise keeps their panes', async () => {
    await oldTable();
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Fresh').freezePanes.unfreeze();
      await context.sync();
    });
    await port.writeStamp('Transactions', { text: 'stamp' });
    expect(sim.workbook.frozen('Fresh')).toEqual({ rows: 0, columns: 0 });
  });
});
