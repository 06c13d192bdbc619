/** A workbook of many cells with a bit of everything a snapshot keeps, for the autosave and store tests. */

import { createSimulatedWorkbook, type SimulatedWorkbook } from '../../src/preview/excel-sim';

export const LARGE_COLUMNS = 21;

/** `rows` rows of 21 cells (numbers, text, booleans, dates, formulas) in a table, a second sheet, settings, styles. */
export async function largeWorkbook(rows: number): Promise<SimulatedWorkbook> {
  // Desktop: no 5 MB request cap, so the cells go in one batch.
  const wb = createSimulatedWorkbook({
    platform: 'desktop',
    sheets: ['Data', 'Notes'],
    settings: { 'cashflow.connection': { profile: 'Demo' } },
  });
  await wb.run(async (context) => {
    const data = context.workbook.worksheets.getItem('Data');
    const header = Array.from({ length: LARGE_COLUMNS }, (_, c) => `Column ${c + 1}`);
    const body = Array.from({ length: rows }, (_, r) =>
      Array.from({ length: LARGE_COLUMNS }, (_, c): string | number | boolean => {
        switch (c % 5) {
          case 0:
            return r * LARGE_COLUMNS + c;
          case 1:
            return `text ${r}/${c}`;
          case 2:
            return r % 2 === 0;
          case 3:
            return c === 3 ? `=A${r + 2}*2` : 45322 + r;
          default:
            return r % 7 === 0 ? `'${r}` : -r / 4;
        }
      }),
    );
    data.getRange(`A1:U${rows + 1}`).values = [header, ...body];
    data.getRange(`D2:D${rows + 1}`).numberFormat = body.map(() => ['yyyy-mm-dd']);
    data.tables.add(`A1:U${rows + 1}`, true).name = 'Transactions';
    data.getRange('A1').format.font.bold = true;
    data.getRange('B:B').format.columnWidth = 80;
    context.workbook.worksheets.getItem('Notes').getRange('B2').values = [['note']];
    context.workbook.settings.add('cashflow.pull', { rows });
    await context.sync();
  });
  return wb;
}
