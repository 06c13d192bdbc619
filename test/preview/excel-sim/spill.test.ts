import type { SimulatedWorkbook } from '../../../src/preview/excel-sim';
import { rejection } from './support';
import { deferred, read, workbook, write } from './custom-function-support';

const ROWS = [
  [1, 'a'],
  [2, 'b'],
  [3, 'c'],
];

/** Data!B2 = CASHFLOW.LIST(), whose promise gives ROWS (3 rows, 2 columns: it spills into B2:C4). */
async function listing(before?: (wb: SimulatedWorkbook) => Promise<void>): Promise<{ wb: SimulatedWorkbook; list: jest.Mock }> {
  const wb = workbook();
  const list = jest.fn(async () => ROWS);
  wb.customFunctions.associate('LIST', list);
  await before?.(wb);
  await write(wb, 'B2', [['=CASHFLOW.LIST()']]);
  await wb.customFunctionsSettled();
  return { wb, list };
}

describe('spilling', () => {
  test('an array spills from its cell right and down: values, text and value types read through Excel.run', async () => {
    const { wb } = await listing();
    expect(await read(wb, 'A1:D5')).toEqual([
      ['', '', '', ''],
      ['', 1, 'a', ''],
      ['', 2, 'b', ''],
      ['', 3, 'c', ''],
      ['', '', '', ''],
    ]);
    expect(await read(wb, 'B3:C3', 'text')).toEqual([['2', 'b']]);
    expect(await read(wb, 'B3:C3', 'valueTypes')).toEqual([['Double', 'String']]);
    expect(await read(wb, 'B2:B3', 'formulas')).toEqual([['=CASHFLOW.LIST()'], [2]]);
    expect(wb.cell('Data', 3, 2).result).toEqual({ kind: 'String', value: 'c' });
    expect(wb.extent('Data')).toEqual({ rows: 4, columns: 3 });
  });

  test('the spilled cells are there without reading the anchor first (the formula was calculated when written)', async () => {
    const { wb } = await listing();
    expect(await read(wb, 'C4')).toEqual([['c']]);
  });

  test('a 1x1 array is a single value: nothing spills', async () => {
    const wb = workbook();
    wb.customFunctions.associate('ONE', () => [[7]]);
    await write(wb, 'A1', [['=CASHFLOW.ONE()']]);
    expect(await read(wb, 'A1:A2')).toEqual([[7], ['']]);
    await wb.run(async (context) => {
      const spill = context.workbook.worksheets.getItem('Data').getRange('A1').getSpillingToRangeOrNullObject();
      await context.sync();
      expect(spill.isNullObject).toBe(true);
    });
  });

  test('rows of uneven length are filled with #N/A; blanks of an array read as 0', async () => {
    const wb = workbook();
    wb.customFunctions.associate('UNEVEN', () => [[1, 2], [3], [null, '']]);
    await write(wb, 'A1', [['=CASHFLOW.UNEVEN()']]);
    expect(await read(wb, 'A1:B3')).toEqual([
      [1, 2],
      [3, '#N/A'],
      [0, ''],
    ]);
  });

  test('a cell holding a value in the way: the anchor shows #SPILL! (with its reason) and nothing spills, until it is cleared', async () => {
    const { wb } = await listing(async (book) => write(book, 'C3', [['in the way']]));
    expect(await read(wb, 'B2:C4')).toEqual([
      ['#SPILL!', ''],
      ['', 'in the way'],
      ['', ''],
    ]);
    expect(wb.cellErrorMessage('Data', 1, 1)).toBe("Spill range isn't blank.");
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('C3').clear();
      await context.sync();
    });
    expect(await read(wb, 'B2:C4')).toEqual(ROWS);
    expect(wb.cellErrorMessage('Data', 1, 1)).toBeUndefined();
  });

  test('editing a cell inside the spill range makes the anchor #SPILL!; the function is not called again', async () => {
    const { wb, list } = await listing();
    await write(wb, 'B4', [[99]]);
    expect(await read(wb, 'B2:C4')).toEqual([
      ['#SPILL!', ''],
      ['', ''],
      [99, ''],
    ]);
    expect(list).toHaveBeenCalledTimes(1);
  });

  test('an array that would spill into a table is #SPILL!, even into its empty cells', async () => {
    const { wb } = await listing(async (book) => {
      await book.run(async (context) => {
        context.workbook.worksheets.getItem('Data').tables.add('C1:D3', true); // headers in row 1, empty data rows 2-3
        await context.sync();
      });
    });
    expect(wb.values('Data', 'C2:C3')).toEqual([[''], ['']]);
    expect(await read(wb, 'B2:B4')).toEqual([['#SPILL!'], [''], ['']]);
    expect(wb.cellErrorMessage('Data', 1, 1)).toBe('Spill range is in a table.');
  });

  test('an array that would spill beyond the sheet is #SPILL!', async () => {
    const wb = workbook();
    wb.customFunctions.associate('LIST', async () => ROWS);
    await write(wb, 'A1048575', [['=CASHFLOW.LIST()']]);
    await wb.customFunctionsSettled();
    expect(await read(wb, 'A1048575:A1048576')).toEqual([['#SPILL!'], ['']]);
  });

  test('formulas read the spilled cells: SUM over the range, ROWS and SUM of A1#, COUNTA, lookups', async () => {
    const { wb } = await listing();
    await write(wb, 'E1:E6', [
      ['=SUM(B2:B10)'],
      ['=ROWS(B2#)'],
      ['=SUM(B2#)'],
      ['=COUNTA(B1:C10)'],
      ['=VLOOKUP(2,B2:C4,2,FALSE)'],
      ['=C3&"!"'],
    ]);
    expect(await read(wb, 'E1:E6')).toEqual([[6], [3], [6], [6], ['b'], ['b!']]);
    await write(wb, 'E7', [['=ROWS(A1#)']]); // A1 does not spill
    expect(await read(wb, 'E7')).toEqual([['#REF!']]);
  });

  test('an array inside a formula reads like a reference: SUM, INDEX and ROWS take it, arithmetic on it is #VALUE!', async () => {
    const wb = workbook();
    wb.customFunctions.associate('LIST', async () => ROWS);
    await write(wb, 'A1:A4', [
      ['=SUM(CASHFLOW.LIST())'],
      ['=INDEX(CASHFLOW.LIST(),2,2)'],
      ['=COLUMNS(CASHFLOW.LIST())'],
      ['=CASHFLOW.LIST()*2'],
    ]);
    await wb.customFunctionsSettled();
    expect(await read(wb, 'A1:A4')).toEqual([[6], ['b'], [2], ['#VALUE!']]);
  });

  test('getSpillingToRange / getSpillParent (and their OrNullObject forms)', async () => {
    const { wb } = await listing();
    await write(wb, 'F1', [[5]]);
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      const spilling = sheet.getRange('B2').getSpillingToRange().load('address');
      const parent = sheet.getRange('C4').getSpillParent().load('address');
      const anchorParent = sheet.getRange('B2').getSpillParent().load('address');
      const noSpill = sheet.getRange('F1').getSpillingToRangeOrNullObject();
      const noParent = sheet.getRange('F1').getSpillParentOrNullObject();
      const fromInside = sheet.getRange('B3').getSpillingToRangeOrNullObject();
      await context.sync();
      expect([spilling.address, parent.address, anchorParent.address]).toEqual(['Data!B2:C4', 'Data!B2', 'Data!B2']);
      expect([noSpill.isNullObject, noParent.isNullObject, fromInside.isNullObject]).toEqual([true, true, true]);
    });
    const notAnchor = await rejection(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Data').getRange('F1').getSpillingToRange();
        await context.sync();
      }),
    );
    expect(notAnchor.code).toBe('ItemNotFound');
    const manyCells = await rejection(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Data').getRange('B2:C4').getSpillParent();
        await context.sync();
      }),
    );
    expect(manyCells.code).toBe('InvalidArgument');
  });

  test("the spilled cells show with the anchor's number format, unless they have their own", async () => {
    const wb = workbook();
    wb.customFunctions.associate('AMOUNTS', async () => [[1.5], [2.25], [3]]);
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('A1').numberFormat = [['0.00']];
      sheet.getRange('A3').numberFormat = [['0%']];
      sheet.getRange('A1').formulas = [['=CASHFLOW.AMOUNTS()']];
      await context.sync();
    });
    await wb.customFunctionsSettled();
    expect(await read(wb, 'A1:A3', 'text')).toEqual([['1.50'], ['2.25'], ['300%']]);
    expect(wb.cell('Data', 1, 0).format).toBe('0.00');
    expect(wb.numberFormats('Data', 'A2')).toEqual([['General']]); // its own format is still General
  });

  test('async: the anchor is #BUSY! and nothing spills until the array lands', async () => {
    const wb = workbook();
    const answer = deferred<number[][]>();
    wb.customFunctions.associate('LATER', () => answer.promise);
    await write(wb, 'A1', [['=CASHFLOW.LATER()']]);
    expect(await read(wb, 'A1:A2')).toEqual([['#BUSY!'], ['']]);
    answer.resolve([[1], [2]]);
    await wb.customFunctionsSettled();
    expect(await read(wb, 'A1:A2')).toEqual([[1], [2]]);
    expect(wb.extent('Data')).toEqual({ rows: 2, columns: 1 });
  });

  test('the snapshot keeps the formula, not the spilled values', async () => {
    const { wb } = await listing();
    const cells = wb.snapshot().sheets[0]?.cells;
    expect(cells?.rows).toEqual([1]);
    expect(cells?.contents).toEqual([{ kind: 'Formula', formula: '=CASHFLOW.LIST()' }]);
  });

  test('rows inserted above: the anchor moves and spills from its new place', async () => {
    const { wb } = await listing();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('1:2').insert('Down');
      await context.sync();
    });
    await wb.customFunctionsSettled();
    expect(await read(wb, 'B4:C6')).toEqual(ROWS);
    expect(await read(wb, 'B2:C3')).toEqual([
      ['', ''],
      ['', ''],
    ]);
  });
});
