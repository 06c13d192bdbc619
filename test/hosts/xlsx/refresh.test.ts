/** The xlsx host's refresh: in place, user columns with their record, rows added and removed, the user's formats kept. */

import { Workbook } from 'exceljs';
import { findTable } from '../../../src/hosts/xlsx/exceljs-table';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import { TableLayoutError } from '../../../src/sync/table-layout-error';
import { row, rows, SPEC, throughFile } from './xlsx-setup';

/** A table written, saved and loaded again (exceljs's table API does not work on it), with a user column "Note". */
async function loadedWithNote(ids: number[]): Promise<XlsxWorkbookPort> {
  const first = new XlsxWorkbookPort(new Workbook());
  await first.writeTable(SPEC, rows(ids));
  const table = findTable(first.workbook, 'Transactions');
  if (table === null) throw new Error('no table');
  table.model.columns.push({ name: 'Note', filterButton: true });
  table.width += 1;
  table.sheet.getCell('J2').value = 'Note';
  ids.forEach((id, i) => {
    table.sheet.getCell(`J${i + 3}`).value = id === 2 ? { formula: `A${i + 3}*2`, result: id * 2 } : `note ${id}`;
  });
  table.model.tableRef = `A2:J${ids.length + 2}`;
  table.model.autoFilterRef = table.model.tableRef;
  return new XlsxWorkbookPort(await throughFile(first.workbook));
}

describe('XlsxWorkbookPort: a refresh', () => {
  it('rewrites the table in place, user cells follow their record, rows added and removed, the file stays consistent', async () => {
    const port = await loadedWithNote([1, 2, 3, 4]);
    const result = await port.writeTable(SPEC, rows([5, 4, 2, 6, 7]));
    expect(result).toMatchObject({ address: 'Transactions!A2:J7', created: false, userColumns: ['Note'], rowsWritten: 5 });
    const file = await throughFile(port.workbook);
    const read = await new XlsxWorkbookPort(file).readTable('Transactions', SPEC.columns);
    expect(read.headers.at(-1)).toBe('Note');
    expect(read.rows.map((r) => [r[0], r[9]])).toEqual([
      [5, null],
      [4, 'note 4'],
      [2, 4],
      [6, null],
      [7, null],
    ]);
    const sheet = file.getWorksheet('Transactions');
    expect(sheet?.getCell('J5').formula).toBe('A5*2'); // moved with record 2 from row 4
    expect((sheet?.getTable('Transactions') as unknown as { model: { tableRef: string } }).model.tableRef).toBe('A2:J7');
    expect(sheet?.getCell('G7').dataValidation?.type).toBe('list');

    await new XlsxWorkbookPort(file).writeTable(SPEC, rows([4]));
    const shrunk = await throughFile(file);
    expect((await new XlsxWorkbookPort(shrunk).readTable('Transactions', SPEC.columns)).rows.map((r) => [r[0], r[9]])).toEqual([
      [4, 'note 4'],
    ]);
    const after = shrunk.getWorksheet('Transactions');
    expect((after?.getTable('Transactions') as unknown as { model: { tableRef: string; autoFilterRef: string } }).model).toMatchObject({
      tableRef: 'A2:J3',
      autoFilterRef: 'A2:J3',
    });
    expect(after?.getCell('A4').value ?? null).toBeNull();
    expect(after?.getCell('G4').dataValidation).toBeUndefined();
  });

  it('keeps a number format the user chose, replaces the add-in’s currency by the pull’s', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(SPEC, rows([1, 2]));
    const sheet = port.workbook.getWorksheet('Transactions');
    if (sheet === undefined) throw new Error('no sheet');
    sheet.getCell('B3').numFmt = 'dd.mm.yyyy';
    const spec = { ...SPEC, columns: SPEC.columns.map((c) => (c.key === 'reporting' ? { ...c, currency: { code: 'CHF' } } : c)) };
    await port.writeTable(spec, rows([1, 2, 3]));
    expect(['B3', 'B4', 'B5'].map((a) => sheet.getCell(a).numFmt)).toEqual(['dd.mm.yyyy', 'dd.mm.yyyy', 'dd.mm.yyyy']);
    expect(sheet.getCell('D5').numFmt).toBe('#,##0.00 [$CHF]');
    expect(sheet.getCell('E5').numFmt).toBe('@');
  });

  it('refuses a table that does not start with the pulled columns, or cannot grow into a user’s cells, and changes nothing', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(SPEC, rows([1, 2]));
    const sheet = port.workbook.getWorksheet('Transactions');
    if (sheet !== undefined) sheet.getCell('C6').value = 'below';
    await expect(port.writeTable(SPEC, rows([1, 2, 3, 4]))).rejects.toThrow(TableLayoutError);
    expect((await port.readTable('Transactions', SPEC.columns)).rows.map((r) => r[0])).toEqual([1, 2]);
    const renamed = { ...SPEC, columns: SPEC.columns.map((c) => (c.key === 'id' ? { ...c, header: 'Key' } : c)) };
    await expect(port.writeTable(renamed, [row(1)])).rejects.toThrow(/does not start with the columns/);
  });
});
