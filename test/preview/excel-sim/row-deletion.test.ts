import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

const ROWS = 100_000;
const COLUMNS = 10;

/** A desktop workbook (no 5 MB cap) with table `Big` on `Data!A1`: header + 100,000 rows x 10 columns, cell = row * 100 + column. */
async function bigTable(): Promise<ReturnType<typeof createSimulatedWorkbook>> {
  const wb = createSimulatedWorkbook({ platform: 'desktop', sheets: ['Data'] });
  const values: Array<Array<string | number>> = [Array.from({ length: COLUMNS }, (_, c) => `C${c}`)];
  for (let r = 0; r < ROWS; r += 1) values.push(Array.from({ length: COLUMNS }, (_, c) => r * 100 + c));
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Data');
    sheet.getRangeByIndexes(0, 0, ROWS + 1, COLUMNS).values = values;
    sheet.tables.add(`A1:J${ROWS + 1}`, true).name = 'Big';
    // A second table below the first one's band moves up with it.
    sheet.getRange(`A${ROWS + 3}:B${ROWS + 4}`).values = [
      ['X', 'Y'],
      [1, 2],
    ];
    sheet.tables.add(`A${ROWS + 3}:B${ROWS + 4}`, true).name = 'Below';
    await context.sync();
  });
  return wb;
}

function firstColumn(wb: ReturnType<typeof createSimulatedWorkbook>, rows: number): number[] {
  return wb.values('Data', `A2:A${rows + 1}`).map((row) => row[0] as number);
}

describe('row deletion on big tables', () => {
  it('deleteRowsAt removes 50,000 of 100,000 rows of a 10-column table in one pass', async () => {
    const wb = await bigTable();
    await wb.run(async (context) => {
      context.workbook.tables.getItem('Big').rows.deleteRowsAt(25_000, 50_000);
      await context.sync();
    });
    const [big, below] = wb.tables();
    expect(big?.address).toBe(`Data!A1:J${ROWS / 2 + 1}`);
    expect(below?.address).toBe(`Data!A${ROWS / 2 + 3}:B${ROWS / 2 + 4}`);
    const col = firstColumn(wb, ROWS / 2);
    expect(col[24_999]).toBe(24_999 * 100);
    expect(col[25_000]).toBe(75_000 * 100);
    expect(col[ROWS / 2 - 1]).toBe((ROWS - 1) * 100);
    expect(wb.values('Data', `J${ROWS / 2 + 1}`)).toEqual([[(ROWS - 1) * 100 + 9]]);
    expect(wb.values('Data', `A${ROWS / 2 + 2}:B${ROWS / 2 + 4}`)).toEqual([
      ['', ''],
      ['X', 'Y'],
      [1, 2],
    ]);
  });

  it('deleteRows with 50,000 scattered indexes (every other row) keeps the others in order', async () => {
    const wb = await bigTable();
    await wb.run(async (context) => {
      const odd = Array.from({ length: ROWS / 2 }, (_, i) => 2 * i + 1);
      context.workbook.tables.getItem('Big').rows.deleteRows(odd.reverse());
      const count = context.workbook.tables.getItem('Big').rows.getCount();
      await context.sync();
      expect(count.value).toBe(ROWS / 2);
    });
    const col = firstColumn(wb, ROWS / 2);
    expect(col.every((v, i) => v === 2 * i * 100)).toBe(true);
    expect(wb.values('Data', `A${ROWS / 2 + 2}`)).toEqual([['']]);
  });

  it('deleting every row leaves one empty data row', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('A1:B4').values = [
        ['a', 'b'],
        [1, 2],
        [3, 4],
        [5, 6],
      ];
      const table = sheet.tables.add('A1:B4', true);
      table.rows.deleteRows([2, 0, 1]);
      await context.sync();
    });
    expect(wb.tables()[0]?.address).toBe('Data!A1:B2');
    expect(wb.values('Data', 'A1:B4')).toEqual([
      ['a', 'b'],
      ['', ''],
      ['', ''],
      ['', ''],
    ]);
  });

  it('Range.delete(Up) of a 50,000-row block moves the rest once', async () => {
    const wb = await bigTable();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('L1:L100000').values = 7;
      context.workbook.worksheets.getItem('Data').getRange('L1:L50000').delete('Up');
      await context.sync();
    });
    expect(wb.values('Data', 'L50000:L50001')).toEqual([[7], ['']]);
  });
});
