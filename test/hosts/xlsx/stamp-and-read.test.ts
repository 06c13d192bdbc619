/** The xlsx host's stamp above a table, and reading a table back as the port says. */

import { Workbook } from 'exceljs';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import { TableNotFoundError } from '../../../src/sync/table-not-found-error';
import { row, rows, SPEC, throughFile } from './xlsx-setup';

describe('XlsxWorkbookPort: the stamp', () => {
  it('writes the line above the header as text, italic grey, and replaces only its own previous line', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(SPEC, rows([1]));
    expect(await port.writeStamp('Transactions', { text: '=Transactions · ACME' })).toEqual({ address: 'Transactions!A1', written: true });
    const cell = port.workbook.getWorksheet('Transactions')?.getCell('A1');
    expect(cell?.value).toBe('=Transactions · ACME');
    expect(cell?.numFmt).toBe('@');
    expect(cell?.font).toMatchObject({ italic: true, color: { argb: 'FF595959' } });
    expect(await port.writeStamp('Transactions', { text: 'second', previous: '=Transactions · ACME' })).toMatchObject({ written: true });
    if (cell !== undefined) cell.value = 'my note';
    expect(await port.writeStamp('Transactions', { text: 'third', previous: 'second' })).toEqual({
      address: 'Transactions!A1',
      written: false,
    });
    expect(cell?.value).toBe('my note');
    if (cell !== undefined) cell.value = { formula: '"second"', result: 'second' };
    expect(await port.writeStamp('Transactions', { text: 'third', previous: 'second' })).toMatchObject({ written: false });
  });

  it('inserts a sheet row above a header in row 1: the table, its lists and the frozen header move with it', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable({ ...SPEC, anchor: 'A1' }, rows([1, 2]));
    const first = port.workbook.getWorksheet('Transactions');
    if (first !== undefined) first.getCell('L1').value = 'beside';
    expect(await port.writeStamp('Transactions', { text: 'Transactions · ACME' })).toEqual({ address: 'Transactions!A1', written: true });
    const file = await throughFile(port.workbook);
    const sheet = file.getWorksheet('Transactions');
    expect((sheet?.getTable('Transactions') as unknown as { model: { tableRef: string } }).model.tableRef).toBe('A2:I4');
    expect(sheet?.getCell('A2').value).toBe('Id');
    expect(sheet?.getCell('L2').value).toBe('beside');
    expect(sheet?.getCell('G3').dataValidation?.type).toBe('list');
    expect(sheet?.getCell('G5').dataValidation).toBeUndefined();
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect((await new XlsxWorkbookPort(file).readTable('Transactions', SPEC.columns)).rows).toHaveLength(2);
  });
});

describe('XlsxWorkbookPort: reading a table', () => {
  it('gives rows in header order, converted by the specs, blank rows left out, problems listed', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(SPEC, [row(1), row(2), row(3)]);
    const sheet = port.workbook.getWorksheet('Transactions');
    ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].forEach((c) => {
      if (sheet !== undefined) sheet.getCell(`${c}4`).value = null;
    });
    if (sheet !== undefined) sheet.getCell('B5').value = 'next week';
    const read = await port.readTable('transactions', SPEC.columns.slice(0, 5));
    expect(read.headers).toEqual(SPEC.columns.map((c) => c.header));
    expect(read.rows).toHaveLength(2);
    expect(read.rows[0]).toEqual([1, '2024-03-02', -36.25, 10, 'Payment 1', 2, null, false, 45356 + 23.5 / 24]);
    expect(read.rows[1]?.[1]).toBe('next week');
    expect(read.problems).toEqual([{ row: 2, header: 'Value date', message: expect.stringContaining('value_date') as unknown as string }]);
    await expect(port.readTable('Invoices')).rejects.toThrow(TableNotFoundError);
  });
});
