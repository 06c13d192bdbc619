import { listenForUserEdits, type UserEdit } from '../../../src/hosts/excel/user-edit-listener';
import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../../src/preview/excel-sim';

let sim: Installation;
beforeEach(async () => {
  sim = installExcelSimulation(globalThis, createSimulatedWorkbook({ sheets: ['Budgets', 'Notes'] }));
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Budgets');
    sheet.getRange('B2:C4').values = [
      ['Name', 'Amount'],
      ['Rent', -4500],
      ['Phone', -80],
    ];
    sheet.tables.add('Budgets!B2:C4', true).name = 'ForecastBudgets';
    await context.sync();
  });
});
afterEach(() => sim.uninstall());

test("a user's edit inside a table is told with the table's name; edits outside tables and the add-in's own writes are not", async () => {
  const edits: UserEdit[] = [];
  let told: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (told = resolve));
  const stop = await listenForUserEdits((edit) => {
    edits.push(edit);
    told();
  });
  // Not the user's, or not in a table: nothing is told.
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem('Budgets').getRange('C3').values = [[-4600]];
    await context.sync();
  });
  sim.workbook.typeIntoCell('Budgets', 0, 0, 'a note above the table');
  sim.workbook.typeIntoCell('Notes', 2, 2, 'another sheet');
  // The user types into the table's Amount column.
  sim.workbook.typeIntoCell('Budgets', 3, 2, '-90');
  await first;
  expect(edits).toEqual([{ tableNames: ['ForecastBudgets'], headers: { ForecastBudgets: ['Amount'] } }]);

  await stop();
  sim.workbook.typeIntoCell('Budgets', 2, 2, '-1');
  // Registered after the stop: this listener proves the stopped one would have been told by now.
  const later = await new Promise<UserEdit>((resolve) => {
    void listenForUserEdits(resolve).then(() => sim.workbook.typeIntoCell('Budgets', 2, 1, 'Rent office'));
  });
  expect(later).toEqual({ tableNames: ['ForecastBudgets'], headers: { ForecastBudgets: ['Name'] } });
  expect(edits).toHaveLength(1);
});

test('an edit across columns names the headers it reached, only those inside the table', async () => {
  const edit = await new Promise<UserEdit>((resolve) => {
    // A paste over A3:C3: column A is outside the table, B and C inside.
    void listenForUserEdits(resolve).then(() => sim.workbook.pasteValues('Budgets', 2, 0, [['x', 'Rent', '-1']]));
  });
  expect(edit).toEqual({ tableNames: ['ForecastBudgets'], headers: { ForecastBudgets: ['Name', 'Amount'] } });
});
