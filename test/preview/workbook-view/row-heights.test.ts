import { gridRowHeights } from '../../../src/preview/workbook-view/row-heights';
import { createSimulatedWorkbook, installExcelSimulation } from '../../../src/preview/excel-sim';

describe('the preview grid’s row heights', () => {
  it('one height for every row when the sheet sets none', () => {
    expect(gridRowHeights(new Map(), 24)).toBe(24);
  });

  it('rows the sheet sets drawn in proportion to Excel’s 15 pt standard row, the others standard', () => {
    const height = gridRowHeights(
      new Map([
        [0, 30],
        [2, 7.5],
        [3, 1],
      ]),
      24,
    );
    if (typeof height !== 'function') throw new Error('a function of the row was expected');
    expect([height(0), height(1), height(2), height(3)]).toEqual([48, 24, 12, 8]);
  });

  it('reads the heights a write set on the simulated sheet', async () => {
    const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ sheets: ['Start here'] }));
    try {
      await Excel.run(async (context) => {
        context.workbook.worksheets.getItem('Start here').getRange('A2').format.rowHeight = 45;
        await context.sync();
      });
      const height = gridRowHeights(workbook.rowHeights('Start here'), 24);
      if (typeof height !== 'function') throw new Error('a function of the row was expected');
      expect([height(0), height(1)]).toEqual([24, 72]);
    } finally {
      uninstall();
    }
  });
});
