/**
 * Either host continues the other's push: baselines and journal written by the Excel host (on the simulation) and
 * copied cell for cell into a workbook file read back equal by the xlsx host's stores, and the other way; each host
 * then writes on where the other left off.
 */

import { Workbook } from 'exceljs';
import { SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { SheetPushJournal } from '../../../src/hosts/excel/sheet-push-journal';
import { XlsxBaselineStore } from '../../../src/hosts/xlsx/xlsx-baseline-store';
import { XlsxPushJournal } from '../../../src/hosts/xlsx/xlsx-push-journal';
import { BASELINE_SHEET } from '../../../src/sync/push/baseline-sheet-layout';
import { JOURNAL_SHEET } from '../../../src/sync/push/journal-sheet-layout';
import { installSim, type Sim } from '../excel/sim-setup';
import { baselineRows, journalEntry } from '../../support/push-state-fixtures';
import { throughFile } from './xlsx-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim({ sheets: ['Data'] });
});
afterEach(() => sim.uninstall());

const long = { id: 99_999, externalId: '=1+1', fields: { description: `${'ä'.repeat(40_000)}😀` } };

/** The simulation's sheet, cell for cell from A1, into a new sheet of the file (text cells as Excel has them). */
function copyToFile(name: string, workbook: Workbook): void {
  const { rows, columns } = sim.workbook.extent(name);
  const sheet = workbook.addWorksheet(name);
  sim.workbook.values(name, `A1:${String.fromCharCode(64 + Math.min(columns, 26))}${rows}`).forEach((line, r) =>
    line.forEach((value, c) => {
      if (value === '') return;
      const cell = sheet.getCell(r + 1, c + 1);
      cell.numFmt = '@';
      cell.value = value;
    }),
  );
}

/** The file's sheet, cell for cell, into a new sheet of the simulation (text format first, then the values). */
async function copyToExcel(workbook: Workbook, name: string): Promise<void> {
  const source = workbook.getWorksheet(name);
  if (source === undefined) throw new Error(`no sheet ${name}`);
  const values = Array.from({ length: source.rowCount }, (_, r) =>
    Array.from({ length: source.columnCount }, (_, c) => source.getCell(r + 1, c + 1).value ?? ''),
  );
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.add(name);
    const range = sheet.getRangeByIndexes(0, 0, values.length, values[0]?.length ?? 0);
    range.numberFormat = values.map((line) => line.map(() => '@'));
    range.values = values as string[][];
    await context.sync();
  });
}

test('a baseline and a journal written in Excel are read equal from the file, and the file host writes on', async () => {
  await new SheetBaselineStore().write('ForecastBudgets', [...baselineRows(200), long]);
  await new SheetBaselineStore().write('Scenario_4_Budgets', baselineRows(3, 500));
  const journal = new SheetPushJournal();
  for (const n of [1, 2, 3]) await journal.append(journalEntry(n, n === 2 ? 300 : 3));
  const workbook = new Workbook();
  copyToFile(BASELINE_SHEET, workbook);
  copyToFile(JOURNAL_SHEET, workbook);
  const file = await throughFile(workbook);

  const baselines = new XlsxBaselineStore(file);
  expect(await baselines.read('ForecastBudgets')).toEqual([...baselineRows(200), long]);
  expect(await baselines.read('Scenario_4_Budgets')).toEqual(baselineRows(3, 500));
  const fileJournal = new XlsxPushJournal(file);
  expect(await fileJournal.list()).toEqual(await journal.list());
  // Written on: the file's next entry follows Excel's, an undo marks Excel's entry in place.
  await fileJournal.append(journalEntry(4));
  await fileJournal.replace({ ...journalEntry(1), undoneBy: journalEntry(4).id });
  expect((await fileJournal.list()).map((e) => [e.id, e.undoneBy])).toEqual([
    [journalEntry(4).id, undefined],
    [journalEntry(3).id, undefined],
    [journalEntry(2).id, undefined],
    [journalEntry(1).id, journalEntry(4).id],
  ]);
});

test('a baseline and a journal written in the file are read equal in Excel, and the Excel host writes on', async () => {
  const workbook = new Workbook();
  await new XlsxBaselineStore(workbook).write('ForecastBudgets', [long, ...baselineRows(150)]);
  await new XlsxBaselineStore(workbook).write('Scenario_4_Budgets', baselineRows(2, 700));
  const fileJournal = new XlsxPushJournal(workbook);
  for (const n of [5, 6]) await fileJournal.append(journalEntry(n, n === 5 ? 250 : 2));
  const file = await throughFile(workbook);
  await copyToExcel(file, BASELINE_SHEET);
  await copyToExcel(file, JOURNAL_SHEET);

  const baselines = new SheetBaselineStore();
  expect(await baselines.read('ForecastBudgets')).toEqual([long, ...baselineRows(150)]);
  expect(await baselines.read('Scenario_4_Budgets')).toEqual(baselineRows(2, 700));
  const journal = new SheetPushJournal();
  expect(await journal.list()).toEqual([journalEntry(6, 2), journalEntry(5, 250)]);
  expect(await journal.entry(journalEntry(5).id)).toEqual(journalEntry(5, 250));
  await journal.append(journalEntry(7));
  await baselines.write('Scenario_4_Budgets', baselineRows(1, 900));
  expect((await journal.list()).map((e) => e.id)).toEqual([7, 6, 5].map((n) => journalEntry(n).id));
  expect(await baselines.read('ForecastBudgets')).toEqual([long, ...baselineRows(150)]);
});
