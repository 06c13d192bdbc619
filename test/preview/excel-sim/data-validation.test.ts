/**
 * `Range.dataValidation` (ExcelApi 1.8) as learn.microsoft.com documents it ("Excel.DataValidation class", "Add data
 * validation to Excel ranges"): a list rule, prompt, error alert, ignoreBlanks, type, valid, clear(); stored per cell
 * and moved by inserts and deletes; kept by a table that grows; API writes are not validated, a user's typing is.
 */

import { createSimulatedWorkbook, DEFAULT_ALERT, ValidationRefusal, type SimulatedWorkbook } from '../../../src/preview/excel-sim';
import { rejection } from './support';

const LIST = { list: { inCellDropDown: true, source: 'FS,S,F' } };
const PROMPT = { title: 'Pick a code', message: 'FS: forecast and scenario · S: scenario · F: forecast', showPrompt: true };
const ALERT = { title: 'Not a code', message: 'Base takes FS, S or F.', style: 'Stop' as const, showAlert: true };

/** B2:B4 with the list, its prompt and alert, and values FS, S, F. */
async function withList(wb: SimulatedWorkbook): Promise<void> {
  await wb.run(async (context) => {
    const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2:B4');
    range.values = [['FS'], ['S'], ['F']];
    range.dataValidation.rule = LIST;
    range.dataValidation.ignoreBlanks = false;
    range.dataValidation.prompt = PROMPT;
    range.dataValidation.errorAlert = ALERT;
    await context.sync();
  });
}

async function validationOf(wb: SimulatedWorkbook, address: string): Promise<Excel.Interfaces.DataValidationData> {
  return wb.run(async (context) => {
    const dv = context.workbook.worksheets.getItem('Sheet1').getRange(address).dataValidation;
    dv.load('rule, type, ignoreBlanks, prompt, errorAlert, valid');
    await context.sync();
    return dv.toJSON();
  });
}

/** The value a cell holds (0-based), '' when empty. */
function valueAt(wb: SimulatedWorkbook, row: number, column: number): unknown {
  const { result } = wb.cell('Sheet1', row, column);
  return result.kind === 'Empty' ? '' : result.value;
}

function refusal(action: () => void): ValidationRefusal {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('Range.dataValidation', () => {
  test('a list rule, prompt and error alert set on a range load back per cell, with type List and valid', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    expect(await validationOf(wb, 'B3')).toEqual({
      rule: LIST,
      type: 'List',
      ignoreBlanks: false,
      prompt: PROMPT,
      errorAlert: ALERT,
      valid: true,
    });
    // A cell without validation: type None, Office.js's defaults (blanks ignored, no prompt shown, alert Stop).
    expect(await validationOf(wb, 'D1')).toMatchObject({
      type: 'None',
      ignoreBlanks: true,
      prompt: { message: '', showPrompt: false, title: '' },
      errorAlert: { message: '', showAlert: true, style: 'Stop', title: '' },
      valid: true,
    });
  });

  test('unloaded properties throw PropertyNotLoaded; the navigation property is the same proxy and loads through a path', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2');
      expect(range.dataValidation).toBe(range.dataValidation);
      expect(() => range.dataValidation.type).toThrow(/not available/);
      range.load('dataValidation/type');
      await context.sync();
      expect(range.dataValidation.type).toBe('List');
    });
  });

  test('over cells that differ: type Inconsistent or MixedCriteria, the other properties null; valid null when some pass', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('C2:C4').dataValidation.rule = { list: { inCellDropDown: false, source: 'A,B' } };
      sheet.getRange('B3').values = [['X']]; // the API writes what it likes: not validated
      await context.sync();
    });
    expect(await validationOf(wb, 'B2:C4')).toMatchObject({ type: 'Inconsistent', rule: null, prompt: null, valid: null });
    expect(await validationOf(wb, 'B1:B4')).toMatchObject({ type: 'MixedCriteria', rule: null, errorAlert: null });
    expect((await validationOf(wb, 'B2:B4')).valid).toBeNull();
    expect((await validationOf(wb, 'B3')).valid).toBe(false);
  });

  test('a list from a range of cells reads back as an absolute reference; its cells are the items', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Sheet1', 'Codes'] });
    await wb.run(async (context) => {
      const codes = context.workbook.worksheets.getItem('Codes').getRange('A1:A2');
      codes.values = [['RE'], ['PA']];
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').dataValidation.rule = {
        list: { inCellDropDown: true, source: codes as unknown as Excel.Range },
      };
      context.workbook.worksheets.getItem('Sheet1').getRange('A2').dataValidation.rule = {
        list: { inCellDropDown: true, source: '=$C$1:$C$2' },
      };
      await context.sync();
    });
    expect((await validationOf(wb, 'A1')).rule).toEqual({ list: { inCellDropDown: true, source: '=Codes!$A$1:$A$2' } });
    expect((await validationOf(wb, 'A2')).rule).toEqual({ list: { inCellDropDown: true, source: '=$C$1:$C$2' } });
    expect(wb.cellList('Sheet1', 0, 0)?.items).toEqual(['RE', 'PA']);
    wb.typeIntoCell('Sheet1', 0, 0, 'pa');
    expect(refusal(() => wb.typeIntoCell('Sheet1', 0, 0, 'XX')).message).toBe(DEFAULT_ALERT.message);
  });

  test('a list from a very hidden sheet (a quoted source, as a workbook keeps a long list): offered, checked; once that sheet is deleted, #REF! and nothing passes', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Sheet1'] });
    await wb.run(async (context) => {
      const lists = context.workbook.worksheets.add('cashflow_lists');
      lists.visibility = 'VeryHidden';
      lists.getRange('A1:A3').values = [['Costs › Rent'], ['Costs › Energy'], ['Income › Sales']];
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2:B4');
      range.dataValidation.rule = { list: { inCellDropDown: true, source: "='cashflow_lists'!$A$1:$A$3" } };
      range.dataValidation.errorAlert = ALERT;
      await context.sync();
    });
    expect((await validationOf(wb, 'B2:B4')).rule).toEqual({ list: { inCellDropDown: true, source: '=cashflow_lists!$A$1:$A$3' } });
    expect(wb.cellList('Sheet1', 2, 1)?.items).toEqual(['Costs › Rent', 'Costs › Energy', 'Income › Sales']);
    expect(refusal(() => wb.typeIntoCell('Sheet1', 2, 1, 'Costs')).message).toBe(ALERT.message);
    wb.typeIntoCell('Sheet1', 2, 1, 'costs › energy');
    expect(valueAt(wb, 2, 1)).toBe('costs › energy');

    await wb.run(async (context) => {
      const lists = context.workbook.worksheets.getItem('cashflow_lists');
      lists.visibility = 'Hidden';
      lists.delete();
      await context.sync();
    });
    expect((await validationOf(wb, 'B2')).rule).toEqual({ list: { inCellDropDown: true, source: '=#REF!' } });
    expect(wb.cellList('Sheet1', 2, 1)?.items).toEqual([]);
    expect(refusal(() => wb.typeIntoCell('Sheet1', 3, 1, 'Costs › Rent')).message).toBe(ALERT.message);
  });

  test('rules the simulation does not model, two kinds at once, a rule over differing cells and over-long texts are refused', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    const attempt = (set: (range: Excel.Range) => void, address = 'E1') =>
      rejection(
        wb.run(async (context) => {
          set(context.workbook.worksheets.getItem('Sheet1').getRange(address) as unknown as Excel.Range);
          await context.sync();
        }),
      );
    expect((await attempt((r) => (r.dataValidation.rule = { wholeNumber: { formula1: 0, operator: 'GreaterThan' } }))).message).toMatch(
      /does not model .*wholeNumber/,
    );
    expect((await attempt((r) => (r.dataValidation.rule = { ...LIST, custom: { formula: '=TRUE' } }))).code).toBe('InvalidArgument');
    // office-js #2594: a rule over cells whose validations differ (B1 has none, B2 one) is refused; clear() first.
    expect((await attempt((r) => (r.dataValidation.rule = LIST), 'B1:B2')).code).toBe('InvalidArgument');
    expect((await attempt((r) => (r.dataValidation.prompt = { ...PROMPT, title: 'x'.repeat(33) }))).code).toBe('InvalidArgument');
    expect((await attempt((r) => (r.dataValidation.errorAlert = { ...ALERT, message: 'x'.repeat(226) }))).code).toBe('InvalidArgument');
    expect((await attempt((r) => (r.dataValidation.errorAlert = { ...ALERT, style: 'Loud' as 'Stop' }))).code).toBe('InvalidArgument');
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B1:B2');
      range.dataValidation.clear();
      range.dataValidation.rule = LIST;
      await context.sync();
    });
    expect((await validationOf(wb, 'B1:B2')).type).toBe('List');
  });

  test('clear() removes it (only where the range overlaps); Range.clear() of everything too, of contents or formats not', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:B2').dataValidation.clear();
      sheet.getRange('B3').clear('Contents');
      sheet.getRange('B3').clear('Formats');
      sheet.getRange('B4').clear();
      await context.sync();
    });
    expect((await validationOf(wb, 'B2')).type).toBe('None');
    expect((await validationOf(wb, 'B3')).type).toBe('List');
    expect((await validationOf(wb, 'B4')).type).toBe('None');
  });

  test('moves with its cells on row inserts and deletes, and on column inserts', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('1:2').insert('Down'); // B2:B4 → B4:B6
      sheet.getRange('B5').delete('Up'); // B4:B6 → B4:B5
      sheet.getRange('A:A').insert('Right'); // → C4:C5
      await context.sync();
    });
    expect((await validationOf(wb, 'C4:C5')).type).toBe('List');
    expect((await validationOf(wb, 'C3')).type).toBe('None');
    expect((await validationOf(wb, 'C6')).type).toBe('None');
    expect((await validationOf(wb, 'B4:B6')).type).toBe('None');
  });

  test('a table that grows by rows.add keeps its column lists in the new rows (from the row above); a deleted row takes its list along', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:B3').values = [
        ['Name', 'Base'],
        ['Rent', 'FS'],
        ['Fees', 'S'],
      ];
      const table = sheet.tables.add('A1:B3', true);
      table.columns.getItem('Base').getDataBodyRange().dataValidation.rule = LIST;
      await context.sync();
      table.rows.add(undefined, [
        ['Tax', 'F'],
        ['Loan', 'FS'],
      ]);
      table.rows.add(0, [['First', 'S']]);
      await context.sync();
      table.rows.getItemAt(1).delete();
      await context.sync();
    });
    // Rows: First, Fees, Tax, Loan (Rent deleted); every Base cell has the list, nothing below the table.
    expect((await validationOf(wb, 'B2:B5')).type).toBe('List');
    expect((await validationOf(wb, 'A2:A5')).type).toBe('None');
    expect((await validationOf(wb, 'B6')).type).toBe('None');
  });

  test('values written by the API are not validated; what a user types is, case aside, and a refusal keeps the old value', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2').values = [['nonsense']];
      await context.sync();
    });
    expect(valueAt(wb, 1, 1)).toBe('nonsense');

    const refused = refusal(() => wb.typeIntoCell('Sheet1', 2, 1, 'X'));
    expect([refused.title, refused.message, refused.style]).toEqual([ALERT.title, ALERT.message, 'Stop']);
    expect(valueAt(wb, 2, 1)).toBe('S');
    // Excel's list is not case-sensitive; the value stays as typed.
    wb.typeIntoCell('Sheet1', 2, 1, 'f');
    expect(valueAt(wb, 2, 1)).toBe('f');
    // Clearing a cell is not an entry Excel checks.
    wb.typeIntoCell('Sheet1', 2, 1, '');
    expect(valueAt(wb, 2, 1)).toBe('');
  });

  test('a Warning or Information alert, or none shown, lets the typed value in', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('B2').dataValidation.errorAlert = { style: 'Warning' } as Excel.DataValidationErrorAlert;
      sheet.getRange('B3').dataValidation.errorAlert = { showAlert: false } as Excel.DataValidationErrorAlert;
      await context.sync();
    });
    wb.typeIntoCell('Sheet1', 1, 1, 'X');
    wb.typeIntoCell('Sheet1', 2, 1, 'Y');
    expect([valueAt(wb, 1, 1), valueAt(wb, 2, 1)]).toEqual(['X', 'Y']);
    // Fields not given stay as they were.
    expect((await validationOf(wb, 'B2')).errorAlert).toEqual({ ...ALERT, style: 'Warning' });
  });

  test('what a user meets in a cell: the list for its drop-down and the prompt; kept in snapshots', async () => {
    const wb = createSimulatedWorkbook();
    await withList(wb);
    expect(wb.cellList('Sheet1', 1, 1)).toEqual({
      items: ['FS', 'S', 'F'],
      inCellDropDown: true,
      prompt: { title: PROMPT.title, message: PROMPT.message },
    });
    expect(wb.cellList('Sheet1', 0, 1)).toBeUndefined();
    const copy = createSimulatedWorkbook();
    copy.restore(JSON.parse(JSON.stringify(wb.snapshot())) as ReturnType<SimulatedWorkbook['snapshot']>);
    expect(await validationOf(copy, 'B2:B4')).toMatchObject({ type: 'List', prompt: PROMPT, errorAlert: ALERT, ignoreBlanks: false });
    expect(wb.snapshot().sheets[0]?.validations?.records).toHaveLength(1);
  });
});
