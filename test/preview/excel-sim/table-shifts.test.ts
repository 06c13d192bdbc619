/** Range.insert / Range.delete move, grow or shrink the tables they shift, as Excel does. */

import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

/** A table `T` at A10:B12 (header + 2 data rows) on sheet S. */
async function setup(): Promise<ReturnType<typeof createSimulatedWorkbook>> {
  const wb = createSimulatedWorkbook({ sheets: ['S'] });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('S');
    sheet.getRange('A10:B12').values = [
      ['h1', 'h2'],
      [1, 2],
      [3, 4],
    ];
    sheet.tables.add('A10:B12', true).name = 'T';
    await context.sync();
  });
  return wb;
}

async function edit(wb: ReturnType<typeof createSimulatedWorkbook>, address: string, op: 'Down' | 'Right' | 'Up' | 'Left'): Promise<void> {
  await wb.run(async (context) => {
    const range = context.workbook.worksheets.getItem('S').getRange(address);
    if (op === 'Down' || op === 'Right') range.insert(op);
    else range.delete(op);
    await context.sync();
  });
}

async function body(wb: ReturnType<typeof createSimulatedWorkbook>): Promise<unknown[]> {
  return wb.run(async (context) => {
    const table = context.workbook.tables.getItem('T');
    const header = table.getHeaderRowRange().load('values');
    const data = table.getDataBodyRange().load('values');
    await context.sync();
    return [header.values, data.values];
  });
}

describe('tables follow Range.insert / Range.delete', () => {
  it('inserting entire rows above a table moves it down', async () => {
    const wb = await setup();
    await edit(wb, '1:2', 'Down');
    expect(wb.tables()[0]?.address).toBe('S!A12:B14');
    expect(await body(wb)).toEqual([
      [['h1', 'h2']],
      [
        [1, 2],
        [3, 4],
      ],
    ]);
  });

  it('inserting rows inside the data body grows the table', async () => {
    const wb = await setup();
    await edit(wb, 'A12:B12', 'Down');
    expect(wb.tables()[0]?.address).toBe('S!A10:B13');
    expect(await body(wb)).toEqual([
      [['h1', 'h2']],
      [
        [1, 2],
        ['', ''],
        [3, 4],
      ],
    ]);
  });

  it('deleting a row inside the data body shrinks the table; rows above it move it up', async () => {
    const wb = await setup();
    await edit(wb, '12:12', 'Up');
    expect(wb.tables()[0]?.address).toBe('S!A10:B11');
    expect(await body(wb)).toEqual([[['h1', 'h2']], [[1, 2]]]);
    await edit(wb, '1:3', 'Up');
    expect(wb.tables()[0]?.address).toBe('S!A7:B8');
    expect(await body(wb)).toEqual([[['h1', 'h2']], [[1, 2]]]);
  });

  it('deleting every row of the table removes it', async () => {
    const wb = await setup();
    await edit(wb, '9:13', 'Up');
    expect(wb.tables()).toEqual([]);
  });

  it('columns: inserting right of the table start grows it with a generated header (ColumnN, as the sim names new columns); deleting a column shrinks it', async () => {
    const wb = await setup();
    await edit(wb, 'B:B', 'Right');
    expect(wb.tables()[0]).toMatchObject({ address: 'S!A10:C12', columns: ['h1', 'Column2', 'h2'] });
    await edit(wb, 'A:A', 'Left');
    expect(wb.tables()[0]).toMatchObject({ address: 'S!A10:B12', columns: ['Column2', 'h2'] });
    await edit(wb, 'A:A', 'Right');
    expect(wb.tables()[0]).toMatchObject({ address: 'S!B10:C12', columns: ['Column2', 'h2'] });
  });

  it('a shift that would move only part of a table fails with InvalidOperation and moves nothing', async () => {
    const wb = await setup();
    await expect(edit(wb, 'A1:A1', 'Down')).rejects.toMatchObject({
      code: 'InvalidOperation',
      debugInfo: { errorLocation: 'Range.insert' },
    });
    await expect(edit(wb, 'B11:B11', 'Up')).rejects.toMatchObject({
      code: 'InvalidOperation',
      debugInfo: { errorLocation: 'Range.delete' },
    });
    expect(wb.tables()[0]?.address).toBe('S!A10:B12');
    expect(wb.values('S', 'A10:B12')).toEqual([
      ['h1', 'h2'],
      [1, 2],
      [3, 4],
    ]);
  });

  it('shifts beside the table (other columns, or rows below it) leave it alone', async () => {
    const wb = await setup();
    await edit(wb, 'C1:D5', 'Down');
    await edit(wb, '20:21', 'Up');
    expect(wb.tables()[0]?.address).toBe('S!A10:B12');
  });
});
