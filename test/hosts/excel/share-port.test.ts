/**
 * Sharing a workbook on the Excel simulation (#27): the check before sharing lists the add-in's tables with their
 * rows, the connection, the very hidden sheets and the settings with their sizes, and finds every secret the pane
 * knows where it hides (a setting's value, a name inside it, a hidden cell) without ever naming the value; "Empty the
 * data tables" leaves each table its header, formats, widths, in-cell lists and the user's columns (a formula kept)
 * with one blank row, clears the stamps, removes baselines, journal and pull state, keeps the connection, and refuses
 * while changes wait; the auto-open setting is written true/false as Office reads it.
 */

import { ExcelSharePort } from '../../../src/hosts/excel/excel-share-port';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { SettingsConnectionStore } from '../../../src/hosts/excel/settings-connection';
import { SettingsPullStateStore } from '../../../src/hosts/excel/settings-pull-state';
import { BASELINE_SHEET, SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { JOURNAL_SHEET, SheetPushJournal } from '../../../src/hosts/excel/sheet-push-journal';
import type { PullState } from '../../../src/sync/pull/pull-state';
import { AUTO_SHOW_SETTING as AUTO_OPEN_SETTING } from '../../../src/hosts/office-settings';
import { checkBeforeSharing, emptyDataTables, secretProbes, type KnownCredentials } from '../../../src/sync/share';
import { buildLookups, tableSpec, toRow, TRANSACTIONS_TABLE } from '../../../src/sync/tables';
import { LISTS_SHEET } from '../../../src/sync/tables/lists-sheet';
import type { Account, Category, Transaction } from '../../../src/api';
import { account, category, transaction } from '../../api/support/fixtures';
import { budgets, MODEL, SHEET } from './budget-sheet';
import { asUser, ids, installSim, type Sim } from './sim-setup';
import { ExcelImportSheet } from '../../../src/hosts/excel/excel-import-sheet';
import { ANALYSIS_SHEET } from '../../../src/hosts/excel/analysis-sheet';
import { accountList } from '../../../src/sync/import';
import { IMPORT_TABLE, importTableSpec } from '../../../src/sync/import/import-table';

let sim: Sim;
beforeEach(() => {
  sim = installSim({ sheets: ['Sheet1'] });
});
afterEach(() => sim.uninstall());

const STAMP = 'Forecast budgets · Demo GmbH · all rows · refreshed 2026-03-01 10:00 UTC · complete, 12 rows';
const SECRET = 's3cr3t-Value/with+chars';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.live-token';
const KNOWN: KnownCredentials[] = [{ profileName: 'Demo GmbH', clientId: 'client-4711', clientSecret: SECRET, accessTokens: [TOKEN] }];

const state: PullState = {
  version: 1,
  tableName: MODEL.tableName,
  sheetName: SHEET,
  target: { resource: 'forecastBudgets' },
  lastPullStartedAt: '2026-03-01T10:00:00.000Z',
  lastPullAt: '2026-03-01T10:00:05.000Z',
  lastMode: 'full',
  rowCount: 12,
  complete: true,
  baseline: 'stored',
  stamps: { [MODEL.tableName]: STAMP },
};

/** A working file: 12 budgets pulled with their stamp, a user column (a formula) and a note, baseline, journal, connection. */
async function workingFile(): Promise<void> {
  const port = new ExcelWorkbookPort();
  await port.writeTable(tableSpec(MODEL, { language: 'en' }), budgets(ids(1, 12)));
  await port.writeStamp(MODEL.tableName, { text: STAMP });
  await asUser(sim, async (context) => {
    const table = context.workbook.tables.getItem(MODEL.tableName);
    const mine = table.columns.add(undefined, undefined, 'Double');
    await context.sync();
    mine.getDataBodyRange().formulas = Array.from({ length: 12 }, (_, i) => [`=${i + 1}*2`]);
    const note = table.columns.add(undefined, undefined, 'Note');
    await context.sync();
    note.getDataBodyRange().values = Array.from({ length: 12 }, () => ['check']);
    await context.sync();
  });
  await new SettingsPullStateStore().set(state);
  await new SheetBaselineStore().write(
    MODEL.tableName,
    ids(1, 12).map((id) => ({ id, externalId: `ext-${id}`, fields: { name: `Budget ${id}`, amount: id } })),
  );
  await new SheetPushJournal().append({
    id: 'push-1',
    at: '2026-03-01T11:00:00.000Z',
    tableName: MODEL.tableName,
    rows: [{ op: 'patch', id: 1, externalId: 'ext-1', before: { amount: 1 }, sent: { amount: 2 }, outcome: 'landed' }],
  });
  await new SettingsConnectionStore().set({ profileName: 'Demo GmbH', baseUrl: 'https://api.example.com/' });
}

function check() {
  return checkBeforeSharing({
    port: new ExcelSharePort(),
    pullStates: new SettingsPullStateStore(),
    connection: new SettingsConnectionStore(),
    probes: secretProbes(KNOWN),
  });
}

describe('the check before sharing', () => {
  test('lists the tables with their rows, the connection, the hidden sheets and settings with sizes; no secret', async () => {
    await workingFile();
    const report = await check();
    expect(report.tables).toEqual([{ tableName: MODEL.tableName, sheetName: SHEET, rows: 12 }]);
    expect(report.connection).toEqual({ status: 'found', connection: { profileName: 'Demo GmbH', baseUrl: 'https://api.example.com/' } });
    expect(report.hiddenSheets.map((s) => [s.name, s.purpose])).toEqual([
      [BASELINE_SHEET, 'baseline'],
      [JOURNAL_SHEET, 'journal'],
    ]);
    const baseline = report.hiddenSheets[0];
    expect(baseline?.rows).toBe(13); // its header row and one row per budget
    expect(baseline?.cells).toBeGreaterThanOrEqual(13 * 3);
    expect(baseline?.bytes).toBeGreaterThan(12 * 20);
    expect(report.settings.map((s) => s.key).sort()).toEqual(['cashflow.connection', `cashflow.pull.${MODEL.tableName.toLowerCase()}`]);
    expect(report.settings.every((s) => s.bytes > 20)).toBe(true);
    expect(report.autoOpen).toBe(false);
    expect(report.findings).toEqual([]);
  });

  test('finds each secret where it hides, JSON-escaped or in a hidden cell, and credential-like names; never the value', async () => {
    await workingFile();
    await asUser(sim, async (context) => {
      context.workbook.settings.add('other.cache', { auth: { clientSecret: 'x' }, note: `kept ${SECRET}` });
      context.workbook.settings.add('other.session', `Bearer ${TOKEN}`);
      const sheet = context.workbook.worksheets.getItem(BASELINE_SHEET);
      sheet.getRange('H5').values = [[`client client-4711`]];
      await context.sync();
    });
    const report = await check();
    expect(report.findings).toEqual(
      expect.arrayContaining([
        { place: { kind: 'setting', key: 'other.cache' }, what: 'credentialName', name: 'clientSecret' },
        { place: { kind: 'setting', key: 'other.cache' }, what: 'clientSecret', profileName: 'Demo GmbH' },
        { place: { kind: 'setting', key: 'other.session' }, what: 'accessToken', profileName: 'Demo GmbH' },
        { place: { kind: 'sheet', purpose: 'baseline' }, what: 'clientId', profileName: 'Demo GmbH' },
      ]),
    );
    expect(report.findings).toHaveLength(4);
    expect(JSON.stringify(report)).not.toContain(SECRET);
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });

  test('finds a secret written into a formula whose value shows nothing of it', async () => {
    await workingFile();
    await asUser(sim, async (context) => {
      const notes = context.workbook.worksheets.add('Notes');
      notes.getRange('C3').formulas = [[`=IF(FALSE,"${SECRET}","")`]];
      await context.sync();
    });
    expect(sim.workbook.values('Notes')[2]?.[2] ?? '').toBe('');
    expect((await check()).findings).toEqual([
      { place: { kind: 'cells', sheet: 'Notes' }, what: 'clientSecret', profileName: 'Demo GmbH' },
    ]);
  });

  test("finds a secret pasted into a cell of the workbook's own sheets, a hidden one too, named by its sheet", async () => {
    await workingFile();
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('D40').values = [[`the API secret is ${SECRET}`]];
      const archive = context.workbook.worksheets.add('Archive');
      archive.getRange('B2').values = [[encodeURIComponent(TOKEN)]];
      archive.visibility = Excel.SheetVisibility.hidden;
      await context.sync();
    });
    const report = await check();
    expect(report.findings).toEqual([
      { place: { kind: 'cells', sheet: 'Sheet1' }, what: 'clientSecret', profileName: 'Demo GmbH' },
      { place: { kind: 'cells', sheet: 'Archive' }, what: 'accessToken', profileName: 'Demo GmbH' },
    ]);
    expect(JSON.stringify(report)).not.toContain(SECRET);
  });
});

describe('Empty the data tables', () => {
  async function bodyOf() {
    return asUser(sim, async (context) => {
      const table = context.workbook.tables.getItem(MODEL.tableName);
      const header = table.getHeaderRowRange().load('values, rowIndex');
      const body = table.getDataBodyRange().load('values, formulas, numberFormat, rowCount');
      const base = table.columns.getItem('Base').getDataBodyRange().dataValidation.load('type');
      await context.sync();
      return {
        headers: header.values[0] as string[],
        headerRow: header.rowIndex,
        rows: body.rowCount,
        values: body.values,
        formulas: body.formulas,
        formats: body.numberFormat,
        baseList: base.type,
      };
    });
  }

  test('one blank row keeping header, formats, widths, lists and the user column formula; stamps, sheets and pull state go, the connection stays', async () => {
    await workingFile();
    const before = await bodyOf();
    const widths = sim.workbook.columnWidths(SHEET, before.headers.length);
    const result = await emptyDataTables({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      language: 'en',
      pendingRows: async () => 0,
    });

    expect(result).toEqual({
      status: 'done',
      tables: [{ tableName: MODEL.tableName, rowsRemoved: 12, formulasKept: 1 }],
      stampsCleared: 1,
      sheetsRemoved: [BASELINE_SHEET, JOURNAL_SHEET],
      statesCleared: 1,
      grids: [],
      extras: [],
    });
    const after = await bodyOf();
    expect(after.headers).toEqual(before.headers);
    expect(after.headers.slice(-2)).toEqual(['Double', 'Note']);
    expect(after.rows).toBe(1);
    const double = after.headers.indexOf('Double');
    expect(after.formulas[0]?.[double]).toBe('=1*2');
    expect(after.values[0]?.filter((v, i) => i !== double && v !== '')).toEqual([]);
    expect(after.formats[0]).toEqual(before.formats[0]);
    expect(after.baseList).toBe('List');
    expect(sim.workbook.columnWidths(SHEET, before.headers.length)).toEqual(widths);
    expect(sim.workbook.values(SHEET)[after.headerRow - 1]?.[0]).toBe('');
    expect(sim.workbook.sheetNames()).toEqual(['Sheet1', SHEET]);
    expect(Object.keys(sim.workbook.settings())).toEqual(['cashflow.connection']);
    expect((await check()).tables).toEqual([]);
  });

  test('the Import table (its rows and its list of account names) and the Analysis sheet are listed, then removed', async () => {
    await workingFile();
    const accounts = accountList([{ ...account(7), name: 'Kasse Filiale Nord' } as unknown as Account], 'en');
    await new ExcelImportSheet().create(importTableSpec('en'), accounts);
    await asUser(sim, async (context) => {
      const table = context.workbook.tables.getItem(IMPORT_TABLE);
      table.getDataBodyRange().values = [[46000, -12.5, 'Coffee', 'Café Nord', '', '', 'Kasse Filiale Nord', '', '']];
      const analysis = context.workbook.worksheets.add(ANALYSIS_SHEET);
      analysis.getRange('A1:B2').values = [
        ['Horizon', 'Balance'],
        ['30 days', 123456.78],
      ];
      await context.sync();
    });
    const importSheet = importTableSpec('en').sheetName;
    expect((await check()).extras).toEqual([
      { kind: 'importTable', sheetName: importSheet, rows: 1 },
      { kind: 'analysisSheet', sheetName: ANALYSIS_SHEET },
    ]);

    const result = await emptyDataTables({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      language: 'en',
      pendingRows: async () => 0,
    });
    expect(result.status === 'done' && result.extras.map((e) => e.kind)).toEqual(['importTable', 'analysisSheet']);
    expect(sim.workbook.sheetNames()).not.toContain(ANALYSIS_SHEET);
    expect(await new ExcelImportSheet().exists()).toBe(false);
    // Nothing of the statement or of the accounts' names is left on the Import table's sheet.
    const left = JSON.stringify(sim.workbook.values(importSheet));
    expect(left).not.toContain('Coffee');
    expect(left).not.toContain('Kasse Filiale Nord');
    const validation = await asUser(sim, async (context) => {
      const rule = context.workbook.worksheets.getItem(importSheet).getRange('A1:K3').dataValidation.load('type');
      await context.sync();
      return rule.type;
    });
    expect(validation).toBe('None');
    expect((await check()).extras).toEqual([]);
  });

  test('refused while changes wait to be sent: nothing is touched', async () => {
    await workingFile();
    const settings = sim.workbook.settings();
    const result = await emptyDataTables({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      language: 'en',
      pendingRows: async () => 3,
    });
    expect(result).toEqual({ status: 'refused', pendingRows: 3, pendingFigures: 0 });
    expect((await bodyOf()).rows).toBe(12);
    expect(sim.workbook.settings()).toEqual(settings);
    expect(sim.workbook.sheetNames()).toContain(BASELINE_SHEET);
  });

  test('a stamp the user replaced stays', async () => {
    await workingFile();
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem(SHEET).getRange('A1').values = [['My note']];
      await context.sync();
    });
    const result = await emptyDataTables({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      language: 'en',
      pendingRows: async () => 0,
    });
    expect(result.status === 'done' && result.stampsCleared).toBe(0);
    expect(sim.workbook.values(SHEET)[0]?.[0]).toBe('My note');
  });
});

describe('the lists sheet of the category cells (#28)', () => {
  const transactionsState: PullState = {
    ...state,
    tableName: 'Transactions',
    sheetName: 'Transactions',
    target: { resource: 'transactions' },
    rowCount: 3,
    stamps: {},
  };

  /** A Transactions table pulled with four categories (three offered), beside the budgets' working file. */
  async function withTransactions(): Promise<void> {
    await workingFile();
    const categories = [
      { ...category(1), is_category: false },
      category(2, 1),
      category(3, 1),
      category(4, 1),
      { ...category(5, 1), is_default: true },
    ] as unknown as Category[];
    const lookups = buildLookups({ categories });
    const rows = [1, 2, 3].map((id) =>
      toRow(
        TRANSACTIONS_TABLE,
        transaction(id, 1, { category: { id: 2, name: 'Category 2', description: '' } }) as unknown as Transaction,
        lookups,
      ),
    );
    await new ExcelWorkbookPort().writeTable(tableSpec(TRANSACTIONS_TABLE, { lookups, language: 'en' }), rows);
    await new SettingsPullStateStore().set(transactionsState);
  }

  async function categoryList(): Promise<string> {
    return asUser(sim, async (context) => {
      const validation = context.workbook.tables
        .getItem('Transactions')
        .columns.getItem('Category')
        .getDataBodyRange()
        .dataValidation.load('type');
      await context.sync();
      return validation.type;
    });
  }

  test('the check lists it with its purpose and size, and scans its cells', async () => {
    await withTransactions();
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem(LISTS_SHEET).getRange('A9').values = [['client-4711']];
      await context.sync();
    });
    const report = await check();
    expect(report.hiddenSheets.map((s) => [s.name, s.purpose, s.rows, s.cells])).toEqual([
      [BASELINE_SHEET, 'baseline', 13, expect.any(Number)],
      [JOURNAL_SHEET, 'journal', expect.any(Number), expect.any(Number)],
      [LISTS_SHEET, 'lists', 9, 4],
    ]);
    expect(report.findings).toEqual([{ place: { kind: 'sheet', purpose: 'lists' }, what: 'clientId', profileName: 'Demo GmbH' }]);
  });

  test('emptying removes it, and the Category column loses the list that picked from it; the next pull sets both again', async () => {
    await withTransactions();
    expect(await categoryList()).toBe('List');
    const result = await emptyDataTables({
      port: new ExcelSharePort(),
      pullStates: new SettingsPullStateStore(),
      language: 'en',
      pendingRows: async () => 0,
    });
    expect(result.status === 'done' && result.sheetsRemoved).toEqual([BASELINE_SHEET, JOURNAL_SHEET, LISTS_SHEET]);
    expect(sim.workbook.sheetNames()).not.toContain(LISTS_SHEET);
    expect(await categoryList()).toBe('None');
    const lookups = buildLookups({ categories: [category(1), category(2, 1)] as unknown as Category[] });
    await new ExcelWorkbookPort().writeTable(tableSpec(TRANSACTIONS_TABLE, { lookups }), [
      toRow(TRANSACTIONS_TABLE, transaction(9) as unknown as Transaction, lookups),
    ]);
    expect(sim.workbook.visibility(LISTS_SHEET)).toBe('VeryHidden');
    expect(await categoryList()).toBe('List');
  });
});

describe('Open this pane with the workbook', () => {
  test('writes Office.AutoShowTaskpaneWithDocument true or false, read back', async () => {
    const port = new ExcelSharePort();
    expect(await port.readAutoOpen()).toBe(false);
    await port.writeAutoOpen(true);
    expect(sim.workbook.settings()[AUTO_OPEN_SETTING]).toBe(true);
    expect(await port.readAutoOpen()).toBe(true);
    expect((await check()).autoOpen).toBe(true);
    await port.writeAutoOpen(false);
    expect(sim.workbook.settings()[AUTO_OPEN_SETTING]).toBe(false);
    expect(await port.readAutoOpen()).toBe(false);
  });
});
