/**
 * Range and worksheet navigation methods of the Office.js reference (ExcelApi 1.1/1.2/1.4/1.5), Application.calculate,
 * and rows added to an empty table (the "Create a table" sample of "Work with tables using the Excel JavaScript API").
 */

import { createSimulatedWorkbook, installExcelSimulation } from '../../../src/preview/excel-sim';

describe('Range navigation', () => {
  it('getLastCell / getLastColumn / getLastRow (the reference examples on B2:D5)', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2:D5');
      const cell = range.getLastCell().load('address');
      const column = range.getLastColumn().load('address');
      const row = range.getLastRow().load('address');
      await context.sync();
      expect([cell.address, column.address, row.address]).toEqual(['Sheet1!D5', 'Sheet1!D2:D5', 'Sheet1!B5:D5']);
    });
  });

  it('getRowsAbove/Below and getColumnsBefore/After: default 1, a count outside, a negative count inside', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('C3:E6');
      const got = [
        range.getRowsAbove(),
        range.getRowsAbove(2),
        range.getRowsBelow(),
        range.getRowsBelow(3),
        range.getColumnsBefore(),
        range.getColumnsAfter(2),
        range.getRowsAbove(-2),
        range.getRowsBelow(-1),
        range.getColumnsBefore(-2),
        range.getColumnsAfter(-1),
      ].map((r) => r.load('address'));
      await context.sync();
      expect(got.map((r) => r.address)).toEqual([
        'Sheet1!C2:E2',
        'Sheet1!C1:E2',
        'Sheet1!C7:E7',
        'Sheet1!C7:E9',
        'Sheet1!B3:B6',
        'Sheet1!F3:G6',
        'Sheet1!C3:E4',
        'Sheet1!C6:E6',
        'Sheet1!C3:D6',
        'Sheet1!E3:E6',
      ]);
    });
    // Off the grid: row 0 has nothing above it.
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').getRowsAbove().load('address');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument', debugInfo: { errorLocation: 'Range.getRowsAbove' } });
  });

  it('getBoundingRect and getIntersection take a Range or an address; no intersection → ItemNotFound / null object', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data', 'Other'] });
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      const range = sheet.getRange('B2:C5');
      const bounding = range.getBoundingRect('D10:E15').load('address');
      const byRange = range.getBoundingRect(sheet.getRange('A7')).load('address');
      const overlap = range.getIntersection('Data!C4:F9').load('address, values');
      const none = range.getIntersectionOrNullObject(sheet.getRange('H1:H2'));
      const some = range.getIntersectionOrNullObject('A1:B2');
      await context.sync();
      expect(bounding.address).toBe('Data!B2:E15');
      expect(byRange.address).toBe('Data!A2:C7');
      expect(overlap.address).toBe('Data!C4:C5');
      expect(overlap.values).toEqual([[''], ['']]);
      expect(none.isNullObject).toBe(true);
      expect(some.isNullObject).toBe(false);
    });
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Data').getRange('A1').getIntersection('C3');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'ItemNotFound', debugInfo: { errorLocation: 'Range.getIntersection' } });
    await expect(
      wb.run(async (context) => {
        const other = context.workbook.worksheets.getItem('Other').getRange('A1');
        context.workbook.worksheets.getItem('Data').getRange('A1').getBoundingRect(other);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
  });
});

describe('worksheet navigation', () => {
  it('getLast, getNext, getPrevious (visibleOnly skips hidden sheets)', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['One', 'Two', 'Three', 'Four'] });
    await wb.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.getItem('Two').visibility = 'Hidden';
      sheets.getItem('Four').visibility = 'Hidden';
      const first = sheets.getFirst();
      const names = [
        sheets.getLast(),
        sheets.getLast(true),
        first.getNext(),
        first.getNext(true),
        sheets.getItem('Three').getPrevious(),
        sheets.getItem('Three').getPrevious(true),
      ].map((s) => s.load('name'));
      await context.sync();
      expect(names.map((s) => s.name)).toEqual(['Four', 'Three', 'Two', 'Three', 'Two', 'One']);
    });
  });

  it('getNextOrNullObject / getPreviousOrNullObject give a null object at the ends; getNext there fails with ItemNotFound', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['One', 'Two'] });
    await wb.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const afterLast = sheets.getItem('Two').getNextOrNullObject();
      const beforeFirst = sheets.getItem('One').getPreviousOrNullObject();
      const next = sheets.getItem('One').getNextOrNullObject().load('name');
      await context.sync();
      expect([afterLast.isNullObject, beforeFirst.isNullObject, next.isNullObject, next.name]).toEqual([true, true, false, 'Two']);
    });
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Two').getNext().load('name');
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'ItemNotFound', debugInfo: { errorLocation: 'Worksheet.getNext' } });
  });
});

describe('Application.calculate', () => {
  it('accepts the CalculationType values (as the Excel global enum too) and refuses others', async () => {
    const { workbook, globals, uninstall } = installExcelSimulation({}, createSimulatedWorkbook());
    try {
      await globals.Excel.run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1').formulas = [['=2*3']];
        context.workbook.application.calculate(globals.Excel.CalculationType.full);
        context.application.calculate('Recalculate');
        context.application.calculate('FullRebuild');
        await context.sync();
      });
      expect(workbook.values('Sheet1', 'A1')).toEqual([[6]]);
      await expect(
        globals.Excel.run(async (context) => {
          context.application.calculate('Partial' as 'Full');
          await context.sync();
        }),
      ).rejects.toMatchObject({ code: 'InvalidArgument', debugInfo: { errorLocation: 'Application.calculate' } });
    } finally {
      uninstall();
    }
  });
});

describe('rows added to an empty table', () => {
  it('fill its blank data row first: a table made from "A1:D1" plus seven rows has seven data rows', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Sample'] });
    const data = [
      ['1/1/2017', 'The Phone Company', 'Communications', '$120'],
      ['1/2/2017', 'Northwind Electric Cars', 'Transportation', '$142'],
      ['1/5/2017', 'Best For You Organics Company', 'Groceries', '$27'],
      ['1/10/2017', 'Coho Vineyard', 'Restaurant', '$33'],
      ['1/11/2017', 'Bellows College', 'Education', '$350'],
      ['1/15/2017', 'Trey Research', 'Other', '$135'],
      ['1/15/2017', 'Best For You Organics Company', 'Groceries', '$97'],
    ];
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sample');
      const expensesTable = sheet.tables.add('A1:D1', true);
      expensesTable.name = 'ExpensesTable';
      expensesTable.getHeaderRowRange().values = [['Date', 'Merchant', 'Category', 'Amount']];
      expensesTable.rows.add(null, data);
      const range = expensesTable.getRange().load('address');
      const body = expensesTable.getDataBodyRange().load('address');
      const count = expensesTable.rows.getCount();
      const first = expensesTable.rows.getItemAt(0).load('values');
      await context.sync();
      expect([range.address, body.address, count.value]).toEqual(['Sample!A1:D8', 'Sample!A2:D8', 7]);
      expect(first.values[0]?.[1]).toBe('The Phone Company');
    });
    expect(wb.text('Sample', 'B2:B8').map((r) => r[0])).toEqual(data.map((r) => r[1]));
  });

  it('also after every row was deleted; a table whose rows hold data, or rows added without values, keep appending', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:B3').values = [
        ['Key', 'Value'],
        ['a', 1],
        ['b', 2],
      ];
      const table = sheet.tables.add('A1:B3', true);
      table.rows.add(undefined, [['c', 3]]);
      const full = table.getRange().load('address');
      await context.sync();
      expect(full.address).toBe('Sheet1!A1:B4');
      table.rows.deleteRowsAt(0, 3);
      await context.sync();
      table.rows.add(undefined, [
        ['x', 9],
        ['y', 8],
      ]);
      const refilled = table.getRange().load('address, values');
      await context.sync();
      expect(refilled.address).toBe('Sheet1!A1:B3');
      expect(refilled.values).toEqual([
        ['Key', 'Value'],
        ['x', 9],
        ['y', 8],
      ]);
      const empty = sheet.tables.add('D1:E1', true);
      empty.rows.add();
      const blankAdded = empty.getRange().load('address');
      await context.sync();
      expect(blankAdded.address).toBe('Sheet1!D1:E3');
    });
  });
});

describe('selection', () => {
  it('getSelectedRange is A1 of the active sheet until Range.select() selects other cells (and activates their sheet)', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['One', 'Two'] });
    await wb.run(async (context) => {
      const initial = context.workbook.getSelectedRange().load('address');
      await context.sync();
      expect(initial.address).toBe('One!A1');
      context.workbook.worksheets.getItem('Two').getRange('B2:C3').select();
      await context.sync();
      const selected = context.workbook.getSelectedRange().load('address');
      const active = context.workbook.worksheets.getActiveWorksheet().load('name');
      await context.sync();
      expect([selected.address, active.name]).toEqual(['Two!B2:C3', 'Two']);
      selected.values = [
        [1, 2],
        [3, 4],
      ];
      await context.sync();
    });
    expect(wb.values('Two', 'B2:C3')).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
