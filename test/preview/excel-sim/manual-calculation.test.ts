/**
 * `application.calculationMode = Manual` (office-notes.md: manual calculation for a big write): formulas keep the
 * values they had until `calculate` or a mode that recalculates; a formula entered meanwhile is worked out as entered.
 */
import { createSimulatedWorkbook, type SimRequestContext } from '../../../src/preview/excel-sim';

type Workbook = ReturnType<typeof createSimulatedWorkbook>;

async function step(
  wb: Workbook,
  act: (context: SimRequestContext, sheet: ReturnType<SimRequestContext['workbook']['worksheets']['getItem']>) => void,
): Promise<unknown[][]> {
  let values: unknown[][] = [];
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Sheet1');
    act(context, sheet);
    const range = sheet.getRange('A1:C1').load('values');
    await context.sync();
    values = range.values;
  });
  return values;
}

describe('manual calculation', () => {
  it('keeps the values formulas had while inputs change; calculate and Automatic work them out again', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Sheet1'] });
    await step(wb, (_context, sheet) => {
      sheet.getRange('A1:B1').formulas = [[1, '=A1*2']];
    });
    const manual = await step(wb, (context, sheet) => {
      context.application.calculationMode = 'Manual';
      sheet.getRange('A1').values = [[5]];
      sheet.getRange('C1').formulas = [['=A1*3']]; // entered now: worked out as entered
    });
    expect(manual).toEqual([[5, 2, 15]]);
    expect(await step(wb, (context) => context.application.calculate('Recalculate'))).toEqual([[5, 10, 15]]);
    await step(wb, (_context, sheet) => {
      sheet.getRange('A1').values = [[7]];
    });
    expect(wb.values('Sheet1', 'B1')).toEqual([[10]]);
    const automatic = await step(wb, (context) => {
      context.application.calculationMode = 'Automatic';
    });
    expect(automatic).toEqual([[7, 14, 21]]);
  });
});
