/**
 * The in-cell lists of a pulled budget table's code columns (#26): exactly Frequency, Sequence type and Base of a
 * pushable table carry a list of their codes, with the prompt and Stop alert in the pull's language, after a first
 * write and after a refresh, rows a refresh adds included; a push's appended rows keep them; All budgets has none.
 */

import { ExcelPushSheet } from '../../../src/hosts/excel/excel-push-sheet';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { ALL_BUDGETS_TABLE, FORECAST_BUDGETS_TABLE, tableSpec, type TableModel } from '../../../src/sync/tables';
import { codeList } from '../../../src/sync/tables/code-list';
import { codeChoices } from '../../../src/sync/tables/code-labels';
import type { Language } from '../../../src/i18n/catalog';
import type { Budget } from '../../../src/api';
import { budget, budgets, MODEL } from './budget-sheet';
import { asUser, ids, installSim, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim({ sheets: ['Sheet1'] });
});
afterEach(() => sim.uninstall());

interface ColumnValidation {
  header: string;
  type: string;
  rows: number;
  rule?: Excel.DataValidationRule;
  ignoreBlanks?: boolean;
  prompt?: Excel.DataValidationPrompt;
  errorAlert?: Excel.DataValidationErrorAlert;
}

/** The validation of each column's whole data body, as Excel reports it. */
async function validations(tableName: string): Promise<ColumnValidation[]> {
  return asUser(sim, async (context) => {
    const columns = context.workbook.tables.getItem(tableName).columns.load('items/name');
    await context.sync();
    const loaded = columns.items.map((column) => {
      const body = column.getDataBodyRange().load('rowCount');
      return { header: column.name, body, validation: body.dataValidation.load('type, rule, ignoreBlanks, prompt, errorAlert') };
    });
    await context.sync();
    return loaded.map(({ header, body, validation }) =>
      validation.type === 'None'
        ? { header, type: 'None', rows: body.rowCount }
        : {
            header,
            type: validation.type,
            rows: body.rowCount,
            rule: validation.rule,
            ignoreBlanks: validation.ignoreBlanks,
            prompt: validation.prompt,
            errorAlert: validation.errorAlert,
          },
    );
  });
}

async function write(model: TableModel<Budget>, count: number, language: Language = 'en'): Promise<void> {
  await new ExcelWorkbookPort().writeTable(tableSpec(model, { language }), budgets(ids(1, count)));
}

const listed = (all: ColumnValidation[]) => all.filter((c) => c.type !== 'None');

describe('in-cell lists on the code columns of a pulled budget table', () => {
  test('a new forecast table: lists on exactly Frequency, Sequence type and Base, over every data row, in the pull language', async () => {
    await write(FORECAST_BUDGETS_TABLE, 4, 'de');
    const all = await validations(MODEL.tableName);
    expect(listed(all).map((c) => [c.header, c.type, c.rows])).toEqual([
      ['Frequency', 'List', 4],
      ['Sequence type', 'List', 4],
      ['Base', 'List', 4],
    ]);
    const base = all.find((c) => c.header === 'Base');
    const words = codeList({ header: 'Base', choices: codeChoices('budgetBase', false) }, 'de');
    expect(base).toEqual({
      header: 'Base',
      type: 'List',
      rows: 4,
      rule: { list: { inCellDropDown: true, source: 'FS,S,F' } },
      ignoreBlanks: false,
      prompt: { showPrompt: true, title: words.prompt.title, message: 'FS: Prognose und Szenario · S: Szenario · F: Prognose' },
      errorAlert: { showAlert: true, style: 'Stop', title: words.error.title, message: words.error.message },
    });
    // The service takes an empty frequency (one-time) and sequence type: blanks pass there.
    expect(all.find((c) => c.header === 'Frequency')?.ignoreBlanks).toBe(true);
    expect(all.find((c) => c.header === 'Sequence type')?.rule).toEqual({ list: { inCellDropDown: true, source: 'AP,GP,HP' } });
  });

  test('a refresh keeps the lists on exactly the table rows, the rows it adds included; a shrunk table leaves none below', async () => {
    await write(FORECAST_BUDGETS_TABLE, 3);
    await write(FORECAST_BUDGETS_TABLE, 8);
    expect(listed(await validations(MODEL.tableName)).map((c) => [c.header, c.rows])).toEqual([
      ['Frequency', 8],
      ['Sequence type', 8],
      ['Base', 8],
    ]);
    await write(FORECAST_BUDGETS_TABLE, 2);
    expect(listed(await validations(MODEL.tableName)).map((c) => c.rows)).toEqual([2, 2, 2]);
    // The header is in row 2 (the stamp above it), the two rows in 3 and 4: nothing from row 5 down.
    const below = await asUser(sim, async (context) => {
      const range = context.workbook.worksheets.getItem(MODEL.sheetName).getRange('A5:AZ12').dataValidation.load('type');
      await context.sync();
      return range.type;
    });
    expect(below).toBe('None');
  });

  test('a refresh in another language writes the words of that language', async () => {
    await write(FORECAST_BUDGETS_TABLE, 2, 'en');
    await write(FORECAST_BUDGETS_TABLE, 2, 'it');
    expect((await validations(MODEL.tableName)).find((c) => c.header === 'Base')?.prompt?.message).toBe(
      'FS: Previsione e scenario · S: Scenario · F: Previsione',
    );
  });

  test('rows a push appends (rows.add) have the lists too', async () => {
    await write(FORECAST_BUDGETS_TABLE, 2);
    await new ExcelPushSheet().append(MODEL, [budget(50, { id: null })]);
    expect(listed(await validations(MODEL.tableName)).map((c) => c.rows)).toEqual([3, 3, 3]);
  });

  test('All budgets (read-only) has no list anywhere', async () => {
    await write(ALL_BUDGETS_TABLE, 3);
    expect(listed(await validations(ALL_BUDGETS_TABLE.tableName))).toEqual([]);
  });
});
