/** Frozen panes follow entire rows and columns inserted or deleted inside them, as Excel keeps its split on the cells. */

import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

async function frozenThenEdit(
  rows: number,
  columns: number,
  edit: (sheet: Excel.Worksheet) => void,
): Promise<{ rows: number; columns: number }> {
  const wb = createSimulatedWorkbook({ sheets: ['S'] });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('S');
    if (rows > 0) sheet.freezePanes.freezeRows(rows);
    if (columns > 0) sheet.freezePanes.freezeColumns(columns);
    await context.sync();
    edit(sheet as unknown as Excel.Worksheet);
    await context.sync();
  });
  return wb.frozen('S');
}

describe('frozen panes and inserted or deleted sheet rows', () => {
  test('a sheet row inserted above the frozen header makes the frozen area one row taller (stamp and header stay in view)', async () => {
    expect(await frozenThenEdit(1, 0, (s) => s.getRange('1:1').insert('Down'))).toEqual({ rows: 2, columns: 0 });
    expect(await frozenThenEdit(3, 0, (s) => s.getRange('2:3').insert('Down'))).toEqual({ rows: 5, columns: 0 });
  });

  test('rows inserted below the split, or cells (not entire rows), leave it alone', async () => {
    expect(await frozenThenEdit(2, 0, (s) => s.getRange('5:5').insert('Down'))).toEqual({ rows: 2, columns: 0 });
    expect(await frozenThenEdit(2, 0, (s) => s.getRange('A1:C1').insert('Down'))).toEqual({ rows: 2, columns: 0 });
  });

  test('deleted frozen rows shrink it; columns follow column inserts and deletes', async () => {
    expect(await frozenThenEdit(3, 0, (s) => s.getRange('2:5').delete('Up'))).toEqual({ rows: 1, columns: 0 });
    expect(await frozenThenEdit(1, 2, (s) => s.getRange('A:A').insert('Right'))).toEqual({ rows: 1, columns: 3 });
    expect(await frozenThenEdit(1, 2, (s) => s.getRange('B:C').delete('Left'))).toEqual({ rows: 1, columns: 1 });
  });
});
