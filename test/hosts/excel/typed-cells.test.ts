/** A new table: typed cells, cell by cell, and untrusted text that must stay text. */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { TableLayoutError } from '../../../src/hosts/excel/excel-errors';
import { CellValueError } from '../../../src/sync/cell-values';
import type { TableSpec } from '../../../src/sync/workbook-port';
import { spreadsheetTexts } from '../../fixtures/spreadsheet-text';
import { installSim, TRANSACTIONS, transaction, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

describe('writing a new table', () => {
  it('creates sheet and table with the exact headers and typed cells', async () => {
    const rows = [
      { id: 17, value_date: '2024-01-31', amount: -1234.5, purpose: 'Miete Zürich', booked: true, date_created: '2024-01-31T08:30:00Z' },
      { id: 18, value_date: null, amount: '99.999', purpose: null, booked: false, date_created: null },
    ];
    const spec: TableSpec = { ...TRANSACTIONS, sheetName: 'New sheet' };
    const result = await new ExcelWorkbookPort().writeTable(spec, rows);
    expect(result).toMatchObject({
      tableName: 'Transactions',
      sheetName: 'New sheet',
      address: "'New sheet'!A1:F3",
      rowsWritten: 2,
      created: true,
      userColumns: [],
    });
    expect(sim.workbook.sheetNames()).toEqual(['Data', 'Summary', 'New sheet']);
    expect(sim.workbook.tables()).toEqual([
      {
        name: 'Transactions',
        sheet: 'New sheet',
        address: "'New sheet'!A1:F3",
        showHeaders: true,
        columns: ['Id', 'Value date', 'Amount', 'Purpose', 'Booked', 'Created'],
      },
    ]);
    expect(sim.workbook.values('New sheet', 'A2:F3')).toEqual([
      [17, 45322, -1234.5, 'Miete Zürich', true, 45322 + 8.5 / 24],
      [18, '', 100, '', false, ''],
    ]);
    expect(sim.workbook.valueTypes('New sheet', 'A2:F3')).toEqual([
      ['Double', 'Double', 'Double', 'String', 'Boolean', 'Double'],
      ['Double', 'Empty', 'Double', 'Empty', 'Boolean', 'Empty'],
    ]);
    const formats = ['0', 'yyyy-mm-dd', '#,##0.00', '@', 'General', 'yyyy-mm-dd hh:mm:ss'];
    expect(sim.workbook.numberFormats('New sheet', 'A2:F3')).toEqual([formats, formats]);
  });

  it('writes headers that look like formulas as text', async () => {
    const spec: TableSpec = { ...TRANSACTIONS, columns: TRANSACTIONS.columns.map((c, i) => (i === 3 ? { ...c, header: '=Purpose' } : c)) };
    await new ExcelWorkbookPort().writeTable(spec, [transaction(1)]);
    expect(sim.workbook.tables()[0]?.columns[3]).toBe('=Purpose');
  });

  it('keeps every text of the corpus exactly, on creation and on refresh', async () => {
    const corpus = spreadsheetTexts().map((e) => e.text);
    expect(corpus.length).toBeGreaterThan(30);
    const port = new ExcelWorkbookPort();
    const check = async (): Promise<void> => {
      const values = sim.workbook.values('Data', `D2:D${corpus.length + 1}`).map((r) => r[0]);
      const types = sim.workbook.valueTypes('Data', `D2:D${corpus.length + 1}`).map((r) => r[0]);
      corpus.forEach((text, i) => {
        expect([i, values[i]]).toEqual([i, text]);
        expect([i, types[i]]).toEqual([i, text === '' ? 'Empty' : 'String']);
      });
      const read = await port.readTable('Transactions', TRANSACTIONS.columns);
      expect(read.rows.map((r) => r[3])).toEqual(corpus.map((t) => (t === '' ? null : t)));
      expect(read.problems).toEqual([]);
    };
    await port.writeTable(
      TRANSACTIONS,
      corpus.map((text, i) => ({ ...transaction(i + 1), purpose: text })),
    );
    await check();
    // Refresh in reverse order (every text lands on a cell that held another one) and with more rows.
    await port.writeTable(
      TRANSACTIONS,
      [...corpus].reverse().map((text, i) => ({ ...transaction(i + 1), purpose: text })),
    );
    corpus.reverse();
    await check();
  });

  it('refuses a value that does not fit its column before touching the workbook', async () => {
    await expect(
      new ExcelWorkbookPort().writeTable(TRANSACTIONS, [transaction(1), { ...transaction(2), value_date: '2024-02-30' }]),
    ).rejects.toThrow(CellValueError);
    expect(sim.workbook.stats.syncCount).toBe(0);
  });

  it('refuses to create a table over cells that are not empty', async () => {
    await sim.workbook.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('C3').values = [['mine']];
      await context.sync();
    });
    await expect(new ExcelWorkbookPort().writeTable(TRANSACTIONS, [transaction(1), transaction(2)])).rejects.toThrow(TableLayoutError);
    expect(sim.workbook.values('Data')).toEqual([['mine']]);
    expect(sim.workbook.tables()).toEqual([]);
  });

  it('writes an empty table as a header and one blank row, and reads it back empty', async () => {
    const port = new ExcelWorkbookPort();
    const result = await port.writeTable(TRANSACTIONS, []);
    expect(result.address).toBe('Data!A1:F2');
    expect((await port.readTable('Transactions', TRANSACTIONS.columns)).rows).toEqual([]);
  });
});
