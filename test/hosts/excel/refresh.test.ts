/** Refreshing an existing table in place: geometry, references, formats and user columns survive. */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { TableLayoutError } from '../../../src/hosts/excel/excel-errors';
import type { TableSpec } from '../../../src/sync/workbook-port';
import { asUser, installSim, TRANSACTIONS, transaction, transactions, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

const port = new ExcelWorkbookPort();

/** The user adds columns to the right of the table: a quote-prefixed note, a formula, a text-formatted code. */
async function addUserColumns(rowCount: number): Promise<void> {
  await asUser(sim, async (context) => {
    const table = context.workbook.tables.getItem('Transactions');
    table.columns.add(undefined, [['Note'], ...Array.from({ length: rowCount }, () => [''])]);
    table.columns.add(undefined, [['Double'], ...Array.from({ length: rowCount }, () => [''])]);
    table.columns.add(undefined, [['Code'], ...Array.from({ length: rowCount }, () => [''])]);
    const sheet = context.workbook.worksheets.getItem('Data');
    sheet.getRange(`I2:I${rowCount + 1}`).numberFormat = Array.from({ length: rowCount }, () => ['@']);
    await context.sync();
    for (let r = 2; r <= rowCount + 1; r += 1) {
      sheet.getRange(`G${r}`).values = [[`'=note ${r}`]];
      sheet.getRange(`H${r}`).formulas = [[`=C${r}*2`]];
      sheet.getRange(`I${r}`).values = [[`00${r}`]];
    }
    await context.sync();
  });
}

/** User cells by record id: [note, double formula, double value, code]. */
function userCellsById(): Map<number, unknown[]> {
  const values = sim.workbook.values('Data');
  const formulas = sim.workbook.formulas('Data');
  const out = new Map<number, unknown[]>();
  values.slice(1).forEach((row, i) => {
    if (typeof row[0] === 'number') out.set(row[0], [row[6], formulas[i + 1]?.[7], row[7], row[8], row[2]]);
  });
  return out;
}

describe('refreshing a table', () => {
  it('keeps name, position, a formula pointing at it and a number format the user chose', async () => {
    const spec: TableSpec = { ...TRANSACTIONS, anchor: 'C3' };
    await port.writeTable(spec, transactions([1, 2, 3]));
    await asUser(sim, async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      // A same-sheet A1 reference (the simulation evaluates structured and other-sheet references too, but moves no
      // A1 reference on row inserts or deletes); this refresh keeps the row count, so it stays as written.
      sheet.getRange('A1').formulas = [['=SUM(E4:E6)']];
      sheet.getRange('E4:E6').numberFormat = [['0.000'], ['0.000'], ['0.000']];
      await context.sync();
    });
    const rows = [
      { ...transaction(3), amount: 10 },
      { ...transaction(1), amount: 20.5 },
      { ...transaction(2), amount: 30 },
    ];
    const result = await port.writeTable(spec, rows);
    expect(result).toMatchObject({ created: false, address: 'Data!C3:H6', rowsWritten: 3 });
    expect(sim.workbook.tables().map((t) => [t.name, t.address])).toEqual([['Transactions', 'Data!C3:H6']]);
    expect(sim.workbook.formulas('Data', 'A1')).toEqual([['=SUM(E4:E6)']]);
    expect(sim.workbook.values('Data', 'A1')).toEqual([[60.5]]);
    expect(sim.workbook.numberFormats('Data', 'E4:E6')).toEqual([['0.000'], ['0.000'], ['0.000']]);
    expect(sim.workbook.values('Data', 'C4:C6')).toEqual([[3], [1], [2]]);
  });

  it('keeps user columns on their records when rows are inserted, deleted and reordered', async () => {
    await port.writeTable(TRANSACTIONS, transactions([1, 2, 3, 4, 5]));
    await addUserColumns(5);
    const before = userCellsById();
    expect(before.get(3)).toEqual(['=note 4', '=C4*2', transaction(3).amount * 2, '004', transaction(3).amount]);

    const result = await port.writeTable(TRANSACTIONS, transactions([4, 2, 6, 1, 7]));
    expect(result.userColumns).toEqual(['Note', 'Double', 'Code']);
    expect(sim.workbook.tables()[0]).toMatchObject({
      address: 'Data!A1:I6',
      columns: ['Id', 'Value date', 'Amount', 'Purpose', 'Booked', 'Created', 'Note', 'Double', 'Code'],
    });
    const after = userCellsById();
    for (const [id, row] of [
      [4, 2],
      [2, 3],
      [1, 5],
    ] as const) {
      const old = before.get(id) ?? [];
      // Same note and code; the formula moved with its record and still doubles the record's own amount.
      expect(after.get(id)).toEqual([old[0], `=C${row}*2`, transaction(id).amount * 2, old[3], transaction(id).amount]);
    }
    expect(after.get(6)).toEqual(['', '', '', '', transaction(6).amount]);
    expect(after.get(7)).toEqual(['', '', '', '', transaction(7).amount]);
    expect(sim.workbook.valueTypes('Data', 'G2:I2')).toEqual([['String', 'Double', 'String']]);
    expect(sim.workbook.numberFormats('Data', 'I2:I6').map((r) => r[0])).toEqual(['@', '@', '@', '@', '@']);
    expect(sim.workbook.values('Data', 'A7:I7')).toEqual([['', '', '', '', '', '', '', '', '']]);
  });

  it('shrinks and grows the table; what lies below keeps its distance', async () => {
    await port.writeTable(TRANSACTIONS, transactions([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('A14').values = [['below']];
      await context.sync();
    });
    await port.writeTable(TRANSACTIONS, transactions([2, 4, 6]));
    expect(sim.workbook.tables()[0]?.address).toBe('Data!A1:F4');
    expect(sim.workbook.values('Data', 'A2:A4')).toEqual([[2], [4], [6]]);
    expect(
      sim.workbook
        .values('Data', 'A5:F6')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(sim.workbook.values('Data', 'A7')).toEqual([['below']]);

    const many = Array.from({ length: 12 }, (_, i) => i + 100);
    await port.writeTable(TRANSACTIONS, transactions(many));
    expect(sim.workbook.tables()[0]?.address).toBe('Data!A1:F13');
    expect(sim.workbook.values('Data', 'A2:A13').map((r) => r[0])).toEqual(many);
    expect(sim.workbook.numberFormats('Data', 'B13:D13')).toEqual([['yyyy-mm-dd', '#,##0.00', '@']]);
    expect(sim.workbook.values('Data', 'A16')).toEqual([['below']]);

    await port.writeTable(TRANSACTIONS, []);
    expect(sim.workbook.tables()[0]?.address).toBe('Data!A1:F2');
    expect(
      sim.workbook
        .values('Data', 'A2:F2')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
  });

  it('refuses a table whose leading columns are not the pulled ones, changing nothing', async () => {
    await port.writeTable(TRANSACTIONS, transactions([1, 2]));
    await asUser(sim, async (context) => {
      context.workbook.tables.getItem('Transactions').columns.getItem('Amount').name = 'Betrag';
      await context.sync();
    });
    const before = sim.workbook.values('Data');
    await expect(port.writeTable(TRANSACTIONS, transactions([3]))).rejects.toThrow(TableLayoutError);
    expect(sim.workbook.values('Data')).toEqual(before);
  });
});

describe('refreshing an empty table', () => {
  // Excel's rows.add fills the blank row of an empty table instead of appending after it (the docs' "Create a
  // table" sample: a table made from its header row, seven rows added, seven data rows). A refresh must end with
  // exactly its rows whichever way the blank row is treated.
  it('made by the user from its header row alone: exactly the new rows, in place', async () => {
    await asUser(sim, async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      const table = sheet.tables.add('A1:F1', true);
      table.name = 'Transactions';
      table.getHeaderRowRange().values = [TRANSACTIONS.columns.map((c) => c.header)];
      await context.sync();
    });
    const result = await port.writeTable(TRANSACTIONS, transactions([1, 2, 3, 4, 5, 6, 7]));
    expect(result).toMatchObject({ created: false, rowsWritten: 7, address: 'Data!A1:F8' });
    expect(sim.workbook.values('Data').map((row) => row[0])).toEqual(['Id', 1, 2, 3, 4, 5, 6, 7]);
  });

  it('pulled empty before: exactly the new rows, in place', async () => {
    await port.writeTable(TRANSACTIONS, []);
    const result = await port.writeTable(TRANSACTIONS, transactions([1, 2, 3]));
    expect(result).toMatchObject({ created: false, rowsWritten: 3, address: 'Data!A1:F4' });
    expect(sim.workbook.values('Data').map((row) => row[0])).toEqual(['Id', 1, 2, 3]);
  });
});
