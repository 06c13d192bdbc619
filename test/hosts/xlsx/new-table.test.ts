/** The xlsx host's first write: a real table, typed and formatted cells, text that stays text, widths, frozen header, lists. */

import { Workbook } from 'exceljs';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import { TableLayoutError } from '../../../src/sync/table-layout-error';
import type { TableSpec } from '../../../src/sync/workbook-port';
import { spreadsheetTexts } from '../../fixtures/spreadsheet-text';
import { row, rows, SPEC, throughFile } from './xlsx-setup';

describe('XlsxWorkbookPort: a new table', () => {
  it('is a real Excel table at A2 with the header as given, in a file Excel reads', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    const result = await port.writeTable(SPEC, rows([1, 2, 3]));
    expect(result).toMatchObject({
      tableName: 'Transactions',
      sheetName: 'Transactions',
      address: 'Transactions!A2:I5',
      rowsWritten: 3,
      created: true,
      userColumns: [],
    });
    const file = await throughFile(port.workbook);
    const sheet = file.getWorksheet('Transactions');
    const table = sheet?.getTable('Transactions') as unknown as {
      model: { tableRef: string; autoFilterRef: string; columns: Array<{ name: string; filterButton: boolean }> };
    };
    expect(table.model.tableRef).toBe('A2:I5');
    expect(table.model.autoFilterRef).toBe('A2:I5');
    expect(table.model.columns.map((c) => c.name)).toEqual(SPEC.columns.map((c) => c.header));
    expect(table.model.columns.every((c) => c.filterButton)).toBe(true);
    expect((sheet?.getRow(2).values as unknown[]).slice(1)).toEqual(SPEC.columns.map((c) => c.header));
    expect(sheet?.getCell('A2').numFmt).toBe('@');
  });

  it('formats each column as the Excel host does: amounts in the row’s or the column’s currency, dates as serials in UTC', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(SPEC, [row(1), row(2, { date_created: '2024-01-05T01:00:00+02:00' })]);
    const sheet = port.workbook.getWorksheet('Transactions');
    const formats = (r: number): unknown[] => ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((c) => sheet?.getCell(`${c}${r}`).numFmt);
    expect(formats(3)).toEqual(['0', 'yyyy-mm-dd', '#,##0.00 [$CHF]', '#,##0.00 [$EUR]', '@', '0', '@', 'General', 'yyyy-mm-dd hh:mm:ss']);
    expect(formats(4)[2]).toBe('#,##0.00 [$EUR]');
    expect(sheet?.getCell('B3').value).toBe(45353); // 2024-03-02
    expect(sheet?.getCell('I4').value).toBeCloseTo(45295 + 23 / 24, 9); // 2024-01-04 23:00 UTC
    expect(sheet?.getCell('C3').value).toBe(-36.25);
  });

  it('keeps every text of the corpus a plain string, read back identical, and no cell holds a formula', async () => {
    // Beside the corpus: what the file format itself escapes (a literal escape, a control character).
    const corpus = [...spreadsheetTexts().map((e) => e.text), '_x000D_ stays', 'bell\u0007'];
    const port = new XlsxWorkbookPort(new Workbook());
    const spec: TableSpec = { ...SPEC, columns: SPEC.columns.map((c) => (c.key === 'purpose' ? { ...c, header: '=Purpose' } : c)) };
    await port.writeTable(
      spec,
      corpus.map((text, i) => row(i + 1, { purpose: text })),
    );
    const file = await throughFile(port.workbook);
    const sheet = file.getWorksheet('Transactions');
    sheet?.eachRow((line) => line.eachCell((cell) => expect([cell.address, cell.formula]).toEqual([cell.address, undefined])));
    corpus.forEach((text, i) => {
      const cell = sheet?.getCell(`E${i + 3}`);
      expect([i, cell?.numFmt, cell?.value ?? '']).toEqual([i, '@', text]);
    });
    const read = await new XlsxWorkbookPort(file).readTable('Transactions', spec.columns);
    expect(read.headers[4]).toBe('=Purpose');
    expect(read.rows.map((r) => r[4])).toEqual(corpus.map((t) => (t === '' ? null : t)));
    expect(read.problems).toEqual([]);
  });

  it('keeps an emoji at every position of a long text and half an emoji a service cut off (#30)', async () => {
    // JSZip encodes a string part 16,384 characters at a time: an emoji across a boundary came back as two U+FFFD.
    const texts = ['x' + '😀'.repeat(20_000), '😀'.repeat(20_000), 'cut by the bank 😀'.slice(0, -1), '\uDE00 tail'];
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(
      SPEC,
      texts.map((text, i) => row(i + 1, { purpose: text })),
    );
    const read = await new XlsxWorkbookPort(await throughFile(port.workbook)).readTable('Transactions', SPEC.columns);
    expect(read.rows.map((r) => r[4])).toEqual(texts);
  });

  it('fits widths to header and values (capped), freezes the header on the sheet it adds, lists the codes', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await port.writeTable(SPEC, [row(1, { purpose: 'x'.repeat(300) }), row(2, { amount: -1234567.5 })]);
    const file = await throughFile(port.workbook);
    const sheet = file.getWorksheet('Transactions');
    expect(sheet?.getColumn(1).width).toBe(6); // "Id" and its filter button
    expect(sheet?.getColumn(3).width).toBe(18); // "-1,234,567.50 CHF"
    expect(sheet?.getColumn(5).width).toBe(45); // capped at 240 pt
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    const list = sheet?.getCell('G4').dataValidation;
    expect(list).toMatchObject({
      type: 'list',
      formulae: ['"daily,weekly,monthly,quarterly,yearly"'],
      allowBlank: true,
      showInputMessage: true,
      showErrorMessage: true,
      errorStyle: 'stop',
    });
    expect(list?.prompt).toContain('monthly');
    expect(sheet?.getCell('G5').dataValidation).toBeUndefined();
    expect(sheet?.getCell('F3').dataValidation).toBeUndefined();
  });

  it('on a sheet the user has: keeps its panes and widths, refuses an area that is not empty', async () => {
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet('Transactions');
    sheet.getColumn(5).width = 30;
    sheet.getCell('B7').value = 'a note';
    const port = new XlsxWorkbookPort(workbook);
    await expect(port.writeTable(SPEC, rows([1, 2, 3, 4, 5, 6]))).rejects.toThrow(TableLayoutError);
    expect(sheet.getTables()).toHaveLength(0);
    await port.writeTable(SPEC, rows([1, 2]));
    expect(sheet.getColumn(5).width).toBe(30);
    expect(sheet.views).toEqual([]);
  });

  it('an empty table keeps one formatted blank row; a value that does not fit leaves the workbook as it was', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    await expect(port.writeTable(SPEC, [row(1), row(2, { value_date: 'tomorrow' })])).rejects.toThrow(/value_date/);
    expect(port.workbook.worksheets).toHaveLength(0);
    const result = await port.writeTable(SPEC, []);
    expect(result.address).toBe('Transactions!A2:I3');
    expect(port.workbook.getWorksheet('Transactions')?.getCell('B3').numFmt).toBe('yyyy-mm-dd');
    expect((await port.readTable('Transactions', SPEC.columns)).rows).toEqual([]);
  });
});
