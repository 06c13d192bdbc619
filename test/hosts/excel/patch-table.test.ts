/**
 * `patchTable` of the Excel host (#30): a refresh's changed rows written into the existing table, the others left as
 * they are; user columns stay on their rows, an inserted row gets empty user cells, a format the user chose stays,
 * untrusted text stays text; a failure after rows were inserted puts the table back as it was.
 */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { TableLayoutError } from '../../../src/hosts/excel/excel-errors';
import type { TablePatch } from '../../../src/sync/workbook-port';
import { asUser, installSim, TRANSACTIONS, transaction, transactions, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

const port = new ExcelWorkbookPort();

/** A table of ids 10, 20, 30, 40 and a user column "Note" (`note <id>`), the Amount column in a format the user chose. */
async function pulledTable(): Promise<void> {
  await port.writeTable(TRANSACTIONS, transactions([10, 20, 30, 40]));
  await asUser(sim, async (context) => {
    const table = context.workbook.tables.getItem('Transactions');
    table.columns.add(undefined, [['Note'], ['note 10'], ['note 20'], ['note 30'], ['note 40']]);
    context.workbook.worksheets.getItem('Data').getRange('C2:C5').numberFormat = [['0.000'], ['0.000'], ['0.000'], ['0.000']];
    await context.sync();
  });
}

const table = (): unknown[][] => sim.workbook.values('Data');

describe('patchTable', () => {
  it('replaces and inserts only the patch rows; user cells follow their rows', async () => {
    await pulledTable();
    const before = table();
    const patch: TablePatch = {
      replace: [{ at: 2, row: { ...transaction(30), purpose: '=HYPERLINK("http://x","y")', amount: 99.5 } }],
      insert: [
        { before: 0, rows: [transaction(5), transaction(6)] },
        { before: 3, rows: [transaction(35)] },
        { before: 4, rows: [transaction(45)] },
      ],
    };
    const result = await port.patchTable(TRANSACTIONS, patch);
    expect(result).toMatchObject({ tableName: 'Transactions', rowsWritten: 5, created: false, userColumns: ['Note'] });
    expect(result.address).toBe('Data!A1:G9');
    const after = table();
    expect(after.slice(1).map((r) => r[0])).toEqual([5, 6, 10, 20, 30, 35, 40, 45]);
    expect(after.slice(1).map((r) => r[6])).toEqual(['', '', 'note 10', 'note 20', 'note 30', '', 'note 40', '']);
    // Untouched rows are as they were; the replaced row has its new cells, its text as text.
    expect(after[3]).toEqual(before[1]);
    expect(after[4]).toEqual(before[2]);
    expect(after[7]).toEqual(before[4]);
    expect(after[5]?.[2]).toBe(99.5);
    expect(after[5]?.[3]).toBe('=HYPERLINK("http://x","y")');
    expect(sim.workbook.formulas('Data')[5]?.[3]).toBe('=HYPERLINK("http://x","y")');
    // The user's format stays on the column, inserted rows included.
    const formats = sim.workbook.numberFormats('Data');
    expect(formats.slice(1).map((r) => r[2])).toEqual(Array.from({ length: 8 }, () => '0.000'));
    expect(formats[1]?.[3]).toBe('@');
  });

  it('rows inserted between replaced rows split their run (every row of the table replaced, one new row among them)', async () => {
    await pulledTable();
    const changed = (id: number) => ({ ...transaction(id), purpose: `changed ${id}` });
    await port.patchTable(TRANSACTIONS, {
      replace: [10, 20, 30, 40].map((id, at) => ({ at, row: changed(id) })),
      insert: [{ before: 2, rows: [transaction(25)] }],
    });
    const after = table();
    expect(after.slice(1).map((r) => [r[0], r[3], r[6]])).toEqual([
      [10, 'changed 10', 'note 10'],
      [20, 'changed 20', 'note 20'],
      [25, 'Payment 25', ''],
      [30, 'changed 30', 'note 30'],
      [40, 'changed 40', 'note 40'],
    ]);
  });

  it('an empty patch writes nothing', async () => {
    await pulledTable();
    const before = table();
    const result = await port.patchTable(TRANSACTIONS, { replace: [], insert: [] });
    expect(result.rowsWritten).toBe(0);
    expect(table()).toEqual(before);
  });

  it('a failure after the rows were inserted deletes them and puts the replaced cells back', async () => {
    await pulledTable();
    const before = table();
    const formats = sim.workbook.numberFormats('Data');
    // A date that is no date fails the write once the blank rows are in.
    const patch: TablePatch = {
      replace: [{ at: 1, row: { ...transaction(20), purpose: 'changed' } }],
      insert: [{ before: 1, rows: [transaction(15), { ...transaction(16), value_date: 'not a date' }] }],
    };
    await expect(port.patchTable(TRANSACTIONS, patch)).rejects.toThrow();
    expect(table()).toEqual(before);
    expect(sim.workbook.numberFormats('Data')).toEqual(formats);
  });

  it('refuses a table whose pulled columns are not its leading ones, and rows it does not have', async () => {
    await pulledTable();
    const spec = { ...TRANSACTIONS, columns: [...TRANSACTIONS.columns].reverse() };
    await expect(port.patchTable(spec, { replace: [], insert: [] })).rejects.toBeInstanceOf(TableLayoutError);
    await expect(port.patchTable(TRANSACTIONS, { replace: [{ at: 4, row: transaction(50) }], insert: [] })).rejects.toThrow(
      /rows it does not have/,
    );
  });

  it('readColumns reads the named columns alone, converted, with the table headers', async () => {
    await pulledTable();
    const [id, , amount] = TRANSACTIONS.columns;
    if (id === undefined || amount === undefined) throw new Error('columns');
    const read = await port.readColumns('Transactions', [amount, id]);
    expect(read).toMatchObject({
      rowCount: 4,
      headers: ['Id', 'Value date', 'Amount', 'Purpose', 'Booked', 'Created', 'Note'],
      problems: [],
    });
    expect(read.columns).toEqual([transactions([10, 20, 30, 40]).map((t) => t.amount), [10, 20, 30, 40]]);
    const missing = await port.readColumns('Transactions', [{ ...id, header: 'Nope' }]);
    expect(missing.columns).toBeUndefined();
  });
});
