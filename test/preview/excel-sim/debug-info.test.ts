import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { rejection, thrown } from './support';

describe('debugInfo of a failed sync (office.js RequestPrettyPrinter)', () => {
  it('has statement, surroundingStatements and fullStatements, arguments masked, the failing statement framed', async () => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem('Sheet1');
        const range = sheet.getRange('A1:B2');
        range.values = [[1, 2]]; // wrong shape
        range.load('address');
        await context.sync();
      }),
    );
    expect(error.code).toBe('InvalidArgument');
    const info = error.debugInfo;
    expect(info).toMatchObject({ code: 'InvalidArgument', message: error.message, errorLocation: 'Range.values' });
    expect(info.statement).toBe('range.values = ...;');
    expect(info.surroundingStatements).toEqual([
      'var worksheets = context.workbook.worksheets;',
      'var worksheet = worksheets.getItem(...);',
      'var range = worksheet.getRange(...);',
      '// >>>>>',
      'range.values = ...;',
      '// <<<<<',
      'range.load(["address"]);',
    ]);
    expect(info.fullStatements).toEqual(['Please enable config.extendedErrorLogging to see full statements.']);
  });

  it('names the failing Instantiate of getItem, cuts to 5 statements either side with "..."', async () => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        const sheets = context.workbook.worksheets;
        const ok = sheets.getItem('Sheet1');
        for (let i = 0; i < 6; i += 1) ok.getRange(`A${i + 1}`).values = [[i]];
        sheets.getItem('Missing');
        for (let i = 0; i < 4; i += 1) ok.getRange(`B${i + 1}`).values = [[i]];
        await context.sync();
      }),
    );
    expect(error.debugInfo.errorLocation).toBe('WorksheetCollection.getItem');
    expect(error.debugInfo.statement).toBe('var worksheet1 = worksheets.getItem(...);');
    const around = error.debugInfo.surroundingStatements ?? [];
    expect(around[0]).toBe('...');
    expect(around[around.length - 1]).toBe('...');
    expect(around.indexOf('// >>>>>')).toBe(6);
    expect(around.length).toBe(1 + 5 + 3 + 5 + 1);
    expect(around).toContain('var range6 = worksheet.getRange(...);');
  });

  it('client-side and payload errors carry no statements (office.js has no failing action then)', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1');
      expect(thrown(() => range.values).debugInfo.statement).toBeUndefined();
      await context.sync();
    });
  });
});
