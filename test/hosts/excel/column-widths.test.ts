/** A table the add-in creates: fitted, capped column widths, a frozen header row; a refresh keeps both. */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { fittingWidth } from '../../../src/preview/excel-sim/model/column-fit';
import { FIT_ROWS, MAX_FIT_WIDTH, STANDARD_WIDTH } from '../../../src/hosts/excel/fit-column-widths';
import { asUser, ids, installSim, TRANSACTIONS, transactions, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

const port = new ExcelWorkbookPort();
const ON_NEW_SHEET = { ...TRANSACTIONS, sheetName: 'Fresh' };
/** Id, Value date, Amount, Purpose, Booked, Created. */
const WIDTH = TRANSACTIONS.columns.length;

describe('column widths and frozen header of a new table', () => {
  it('fits each column to its header and first values, caps long texts, and freezes the header row of a new sheet', async () => {
    const rows = transactions(ids(1, 20));
    const long = { ...rows[3], purpose: 'SEPA transfer '.repeat(20) };
    await port.writeTable(ON_NEW_SHEET, [...rows.slice(0, 3), long, ...rows.slice(4)]);
    const [id, date, amount, purpose, booked, created] = sim.workbook.columnWidths('Fresh', WIDTH);
    expect(purpose).toBe(MAX_FIT_WIDTH);
    expect(created).toBeGreaterThan(date ?? 0);
    expect(date).toBeGreaterThan(STANDARD_WIDTH);
    for (const width of [id, amount, booked]) expect(width).toBeLessThan(MAX_FIT_WIDTH);
    // The header's filter button does not cover a short header: wider than the text alone.
    expect(id).toBeGreaterThan(fittingWidth('20'));
    expect(sim.workbook.frozen('Fresh')).toEqual({ rows: 1, columns: 0 });
  });

  it('measures the first rows only, so a long value far down does not widen the column', async () => {
    const rows = transactions(ids(1, FIT_ROWS + 10));
    const last = rows.length - 1;
    rows[last] = { ...(rows[last] as (typeof rows)[number]), purpose: 'x'.repeat(60) };
    await port.writeTable(ON_NEW_SHEET, rows);
    expect(sim.workbook.columnWidths('Fresh', WIDTH)[3]).toBeLessThan(MAX_FIT_WIDTH);
  });

  it('freezes the rows down to the header of a table anchored lower', async () => {
    await port.writeTable({ ...ON_NEW_SHEET, anchor: 'B3' }, transactions([1, 2]));
    expect(sim.workbook.frozen('Fresh')).toEqual({ rows: 3, columns: 0 });
    expect(sim.workbook.columnWidths('Fresh', 1)).toEqual([STANDARD_WIDTH]);
  });

  it('keeps widths on refresh, widths the user set, and the panes of a sheet the user owns', async () => {
    await port.writeTable(ON_NEW_SHEET, transactions([1, 2, 3]));
    const fitted = sim.workbook.columnWidths('Fresh', WIDTH);
    await asUser(sim, async (context) => {
      const sheet = context.workbook.worksheets.getItem('Fresh');
      sheet.getRange('A:A').format.columnWidth = 30;
      sheet.freezePanes.unfreeze();
      await context.sync();
    });
    await port.writeTable(ON_NEW_SHEET, [{ ...transactions([1])[0], purpose: 'A purpose much longer than any before it' }]);
    expect(sim.workbook.columnWidths('Fresh', WIDTH)).toEqual([30, ...fitted.slice(1)]);
    expect(sim.workbook.frozen('Fresh')).toEqual({ rows: 0, columns: 0 });

    // The table made again on the user's existing sheet: their width stays, the others are fitted, no panes frozen.
    await asUser(sim, async (context) => {
      context.workbook.tables.getItem('Transactions').delete();
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('B:B').format.columnWidth = 20;
      await context.sync();
    });
    await port.writeTable(TRANSACTIONS, transactions([1, 2, 3]));
    const widths = sim.workbook.columnWidths('Data', WIDTH);
    expect(widths[1]).toBe(20);
    expect(widths[3]).toBeGreaterThan(STANDARD_WIDTH);
    expect(sim.workbook.frozen('Data')).toEqual({ rows: 0, columns: 0 });
  });
});
