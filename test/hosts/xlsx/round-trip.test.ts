/** Through a file, and across hosts: what one host writes, the other reads back the same. */

import { Workbook } from 'exceljs';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import { installSim, type Sim } from '../excel/sim-setup';
import { row, rows, SPEC, throughFile } from './xlsx-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

describe('XlsxWorkbookPort round trips', () => {
  const data = [...rows([1, 2, 3, 4]), row(5, { purpose: '=1+1', date_created: null, value_date: '1900-03-01', amount: '1.005' })];

  it('a table written, saved and loaded reads the same rows', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(SPEC, data);
    const before = await port.readTable('Transactions', SPEC.columns);
    const after = await new XlsxWorkbookPort(await throughFile(port.workbook)).readTable('Transactions', SPEC.columns);
    expect(after).toEqual(before);
    expect(after.rows[4]).toEqual([5, '1900-03-01', 1.01, 50, '=1+1', 2, '', false, null].map((v) => (v === '' ? null : v)));
  });

  it('the Excel host on the simulation and the xlsx host read the same rows back', async () => {
    const excel = new ExcelWorkbookPort();
    await excel.writeTable(SPEC, data);
    const fromExcel = await excel.readTable('Transactions', SPEC.columns);
    const xlsx = new XlsxWorkbookPort(new Workbook());
    await xlsx.writeTable(SPEC, data);
    const fromXlsx = await new XlsxWorkbookPort(await throughFile(xlsx.workbook)).readTable('Transactions', SPEC.columns);
    expect(fromXlsx.rows).toEqual(fromExcel.rows);
    expect(fromXlsx.headers).toEqual(fromExcel.headers);
    expect(fromXlsx.problems).toEqual(fromExcel.problems);
  });
});
