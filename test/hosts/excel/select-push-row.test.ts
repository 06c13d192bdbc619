import { selectPushRow } from '../../../src/hosts/excel/select-push-row';
import { budgets, MODEL, reorderRows, SHEET, writeBudgets } from './budget-sheet';
import { asUser, installSim, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

async function selection(): Promise<{ address: string; sheet: string }> {
  return asUser(sim, async (context) => {
    const range = context.workbook.getSelectedRange().load('address');
    const sheet = context.workbook.worksheets.getActiveWorksheet().load('name');
    await context.sync();
    return { address: range.address, sheet: sheet.name };
  });
}

test("selects the row's cells on its sheet, found by id after the user sorted the rows; a row that is gone is not selected", async () => {
  await writeBudgets(budgets([1, 2, 3]));
  await asUser(sim, async (context) => {
    context.workbook.worksheets.getItem('Summary').activate();
    await context.sync();
  });
  await reorderRows(sim, [2, 0, 1]);
  // Budget 3 was at position 2; it is now the first data row (sheet row 3, below the stamp and the header).
  expect(await selectPushRow(MODEL, { position: 2, id: 3, externalId: 'ext-3' })).toBe(true);
  const { address, sheet } = await selection();
  expect(sheet).toBe(SHEET);
  expect(address).toMatch(/!A3:[A-Z]+3$/);
  expect(await selectPushRow(MODEL, { position: 9, id: 99, externalId: 'gone' })).toBe(false);
});
