/**
 * The preview's Open and Download through the xlsx host: the template opened in the simulation and loaded fills its
 * tables in place; a table pulled into the simulation and downloaded equals, cell for cell, the same table pulled by
 * the xlsx host; a download re-opened keeps the sheets (very hidden ones too), cells, formats, lists and settings,
 * and a budget edited in it is sent to the sandbox; the file after the send holds no credential or token.
 */

import { Workbook, type Worksheet } from 'exceljs';
import { ExcelPushSheet } from '../../../src/hosts/excel/excel-push-sheet';
import { SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { SheetPushJournal } from '../../../src/hosts/excel/sheet-push-journal';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import { saveWorkbook } from '../../../src/hosts/xlsx/save-workbook';
import { openWorkbookFile, workbookFileBytes } from '../../../src/preview/workbook-file/workbook-file';
import { openXlsxDocument, saveXlsxDocument, scanPackage, xlsxHost } from '../../../src/hosts/xlsx';
import { spreadsheetTexts } from '../../fixtures/spreadsheet-text';
import { planningAddIn } from '../../../src/template/template-add-in';
import { createPuller, MemoryPullStateStore } from '../../../src/sync/pull';
import { pushBudgets } from '../../../src/sync/push';
import { FORECAST_BUDGETS_TABLE } from '../../../src/sync/tables';
import { buildTemplate, saveTemplate } from '../../../src/template/planning-template';
import { harness, startService, type Harness, type Sandbox } from '../../sync/pull/support';

const ADD_IN = { id: '773ffca3-b486-40c2-a9ee-f12cfa211984', version: '0.1.0.0' };

let sandbox: Sandbox;
let h: Harness;
beforeAll(async () => {
  sandbox = await startService({ transactions: 300 });
});
afterAll(() => sandbox.close());
afterEach(() => h.uninstall());

const addIn = planningAddIn(ADD_IN);

async function reopen(bytes: ArrayBuffer | Uint8Array): Promise<Workbook> {
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes instanceof Uint8Array ? (bytes.slice().buffer as ArrayBuffer) : bytes);
  return workbook;
}

async function snapshotOfFileBytes(bytes: Uint8Array): Promise<ReturnType<Harness['workbook']['snapshot']>> {
  const opened = await openWorkbookFile(bytes, ADD_IN.id);
  expect(opened.addIn?.reference.id).toBe(ADD_IN.id);
  return opened.snapshot;
}

describe('Open', () => {
  it('opens the template in the simulation; loading fills its empty tables in place, and the Overview reads them', async () => {
    h = harness(sandbox);
    h.workbook.restore(await snapshotOfFileBytes(await saveTemplate(await buildTemplate({ language: 'en' }), ADD_IN)));
    const before = h.workbook.tableLayouts();
    expect(before.map((t) => [t.name, t.sheet, t.row, t.column, t.dataRowCount])).toEqual([
      ['Transactions', 'Transactions', 1, 0, 0],
      ['Invoices', 'Invoices', 1, 0, 0],
      ['ForecastBudgets', 'Forecast budgets', 1, 0, 0],
      ['Categories', 'Categories', 1, 0, 0],
      ['BalanceSummary', 'Accounts', 1, 0, 5],
      ['Accounts', 'Accounts', 10, 0, 0],
    ]);
    expect(h.workbook.formulas('Overview', 'B5')).toEqual([['=CASHFLOW.BALANCE()']]);
    for (const resource of ['transactions', 'invoices', 'forecastBudgets', 'categories', 'accounts'] as const)
      await h.puller.pull({ resource });
    const after = h.workbook.tableLayouts();
    // The pull of Transactions adds the very hidden lists sheet of its category list (#28), after the template's sheets.
    expect(h.workbook.sheetNames()).toEqual([
      'Start here',
      'Overview',
      'Plan',
      'Transactions',
      'Invoices',
      'Forecast budgets',
      'Categories',
      'Accounts',
      'cashflow_lists',
    ]);
    expect(h.workbook.visibility('cashflow_lists')).toBe('VeryHidden');
    for (const table of after) {
      const was = before.find((t) => t.name === table.name);
      expect([table.name, table.sheet, table.row, table.column]).toEqual([was?.name, was?.sheet, was?.row, was?.column]);
      expect([table.name, table.dataRowCount > 0]).toEqual([table.name, true]);
    }
    expect(after.find((t) => t.name === 'Transactions')?.dataRowCount).toBe(300);
    // The Overview's category rows follow the Categories table.
    const [[firstPath]] = h.workbook.values('Categories', 'D3') as [[string]];
    expect(h.workbook.values('Overview', 'A21')).toEqual([[firstPath]]);
    expect(h.workbook.values('Overview', `A${20 + 40}`)[0]?.[0]).not.toBe(0);
  });
});

describe('Download', () => {
  it('writes a table pulled into the simulation as the xlsx host writes the same pull, cell for cell', async () => {
    h = harness(sandbox);
    await h.puller.pull({ resource: 'transactions' });
    const file = await reopen(await workbookFileBytes(h.workbook.snapshot(), addIn));
    const downloaded = file.getWorksheet('Transactions') as Worksheet;

    const xlsx = new XlsxWorkbookPort(new Workbook());
    await createPuller({ client: h.client, port: xlsx, store: new MemoryPullStateStore() }).pull({ resource: 'transactions' });
    const direct = (await reopen(await saveWorkbook(xlsx.workbook))).getWorksheet('Transactions') as Worksheet;

    const table = (sheet: Worksheet) =>
      (sheet.getTable('Transactions') as unknown as { model: { tableRef: string; columns: Array<{ name: string }> } }).model;
    expect(table(downloaded).tableRef).toBe(table(direct).tableRef);
    expect(table(downloaded).columns).toEqual(table(direct).columns.map((c) => expect.objectContaining({ name: c.name })));
    const width = table(direct).columns.length;
    let compared = 0;
    // From the header down (row 1 holds the stamp, whose refresh time differs by the seconds between the pulls).
    for (let row = 2; row <= 302; row += 1) {
      for (let column = 1; column <= width; column += 1) {
        const a = downloaded.getCell(row, column);
        const b = direct.getCell(row, column);
        expect([a.address, a.value, a.numFmt]).toEqual([b.address, b.value, b.numFmt]);
        compared += 1;
      }
    }
    expect(compared).toBe(301 * width);
    // The category list (#28): its very hidden sheet and the Category column's rule over it, as the xlsx host writes them.
    const lists = (workbook: Workbook) => workbook.getWorksheet('cashflow_lists');
    expect([lists(file)?.state, lists(file)?.getColumn(1).values]).toEqual([
      lists(xlsx.workbook)?.state,
      lists(xlsx.workbook)?.getColumn(1).values,
    ]);
    expect(lists(file)?.state).toBe('veryHidden');
    const category = table(direct).columns.findIndex((c) => c.name === 'Category') + 1;
    const rule = direct.getCell(3, category).dataValidation;
    expect(rule.formulae?.[0]).toMatch(/^'cashflow_lists'!\$A\$1:\$A\$\d+$/);
    expect(downloaded.getCell(3, category).dataValidation).toEqual(rule);
    // Opened again in the preview, the cell offers the paths from the hidden sheet.
    h.workbook.restore(await snapshotOfFileBytes(await workbookFileBytes(h.workbook.snapshot(), addIn)));
    expect(h.workbook.cellList('Transactions', 2, category - 1)?.items).toEqual(
      (lists(xlsx.workbook)?.getColumn(1).values ?? []).filter((v) => typeof v === 'string'),
    );
  });

  it('keeps, through a file, the sheets and their visibility, cells, formats, styles, lists, frozen rows and the settings', async () => {
    h = harness(sandbox, { puller: { baselines: new SheetBaselineStore() } });
    await h.puller.pull({ resource: 'forecastBudgets' });
    await Excel.run(async (context) => {
      context.workbook.settings.add('cashflow.test', 'a "quoted" <text> & more');
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1').numberFormat = [['@']];
      sheet.getRange('A1:B2').values = [
        ['=HYPERLINK("x")', 1.5],
        [true, ''],
      ];
      sheet.getRange('B1').format.fill.color = '#FFC000';
      sheet.getRange('B1').format.font.bold = true;
      sheet.getRange('C3').formulas = [['=SUM(B1:B2)*2']];
      await context.sync();
    });
    const original = h.workbook.snapshot();
    const restored = await snapshotOfFileBytes(await workbookFileBytes(original, addIn));
    h.workbook.restore(restored);
    expect(h.workbook.sheetNames()).toEqual(original.sheets.map((s) => s.name));
    expect(original.sheets.map((s) => s.visibility)).toContain('VeryHidden');
    expect(restored.sheets.map((s) => [s.name, s.visibility])).toEqual(original.sheets.map((s) => [s.name, s.visibility]));
    for (const sheet of original.sheets)
      expect([sheet.name, h.workbook.formulas(sheet.name)]).toEqual([sheet.name, cellsOf(sheet.name, original)]);
    expect(h.workbook.values('Sheet1', 'A1:C3')).toEqual([
      ['=HYPERLINK("x")', 1.5, ''],
      [true, '', ''],
      ['', '', 3],
    ]);
    expect(h.workbook.cellColors('Sheet1', 0, 1)).toMatchObject({ fill: '#FFC000' });
    expect(h.workbook.settings()['cashflow.test']).toBe('a "quoted" <text> & more');
    expect(Object.keys(h.workbook.settings())).toEqual(Object.keys(Object.fromEntries(original.settings)));
    const budgets = original.sheets.find((s) => s.name === 'Forecast budgets');
    expect(restored.sheets.find((s) => s.name === 'Forecast budgets')?.frozen).toEqual(budgets?.frozen);
    expect(h.workbook.cellList('Forecast budgets', 2, listColumn(original))?.items.length).toBeGreaterThan(1);
  });

  it('a download re-opened, edited and sent lands on the sandbox', async () => {
    const baselines = new SheetBaselineStore();
    h = harness(sandbox, { puller: { baselines } });
    await h.puller.pull({ resource: 'forecastBudgets' });
    const bytes = await workbookFileBytes(h.workbook.snapshot(), addIn);
    h.uninstall();
    h = harness(sandbox);
    // The tokens this session is given, to look for them in the file afterwards.
    const tokens: string[] = [];
    h.hook.current = async (request) => {
      if (!new URL(request.url).pathname.endsWith('/auth/token/')) return undefined;
      const response = await fetch(request);
      tokens.push(((await response.clone().json()) as { access_token: string }).access_token);
      return response;
    };
    h.workbook.restore(await snapshotOfFileBytes(bytes));
    const { headers, row } = await Excel.run(async (context) => {
      const range = context.workbook.tables.getItem('ForecastBudgets').getRange().load('values');
      await context.sync();
      const [head = [], ...rows] = range.values as unknown[][];
      return { headers: head.map(String), row: rows.findIndex((r) => r[head.indexOf('External Id')] === 'fc-miete') };
    });
    expect(row).toBeGreaterThanOrEqual(0);
    await Excel.run(async (context) => {
      context.workbook.tables.getItem('ForecastBudgets').getDataBodyRange().getCell(row, headers.indexOf('Amount')).values = [[-4321.5]];
      await context.sync();
    });
    const result = await pushBudgets(
      FORECAST_BUDGETS_TABLE,
      { kind: 'forecast' },
      {
        client: h.client,
        sheet: new ExcelPushSheet(),
        baselines,
        journal: new SheetPushJournal(),
        language: 'en',
        baselineState: 'stored',
        sleep: async () => undefined,
      },
    );
    expect(result.counts.landed).toBe(1);
    const landed: number[] = [];
    for await (const b of h.client.forecastBudgets.items({}, { pageSize: 1000 })) if (b.external_id === 'fc-miete') landed.push(b.amount);
    expect(landed).toEqual([-4321.5]);

    // The file after the send holds the new baseline and the journal, and no credential or token in any part.
    const after = await workbookFileBytes(h.workbook.snapshot(), addIn);
    const { clientId, clientSecret } = sandbox.credentials.company;
    expect(tokens.length).toBeGreaterThan(0);
    const scan = await scanPackage(after, [clientId, clientSecret, ...tokens]);
    expect(scan.findings).toEqual([]);
    expect(scan.parts).toEqual(expect.arrayContaining(['xl/webextensions/webextension1.xml']));
  });
});

describe('untrusted text', () => {
  it('stays text through a download and an Open: every text of the corpus, no formula in the file or back in the preview', async () => {
    h = harness(sandbox);
    const corpus = spreadsheetTexts().map((e) => e.text);
    await Excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRangeByIndexes(0, 0, corpus.length, 1);
      range.numberFormat = corpus.map(() => ['@']);
      range.values = corpus.map((text) => [text]);
      await context.sync();
    });
    const bytes = await workbookFileBytes(h.workbook.snapshot(), addIn);
    const sheet = (await reopen(bytes)).getWorksheet('Sheet1') as Worksheet;
    corpus.forEach((text, i) => {
      const cell = sheet.getCell(i + 1, 1);
      // An empty text is an empty cell, in Excel as in the file.
      expect([i, cell.formula, cell.value]).toEqual([i, undefined, text === '' ? null : text]);
    });
    h.workbook.restore(await snapshotOfFileBytes(bytes));
    const formulas = h.workbook.formulas('Sheet1', `A1:A${corpus.length}`).map((row) => row[0]);
    const values = h.workbook.values('Sheet1', `A1:A${corpus.length}`).map((row) => row[0]);
    expect(values).toEqual(corpus);
    expect(formulas).toEqual(corpus);
    expect(
      h.workbook
        .valueTypes('Sheet1', `A1:A${corpus.length}`)
        .flat()
        .filter((type) => type !== 'String' && type !== 'Empty'),
    ).toEqual([]);
  });
});

describe('across hosts', () => {
  it("a table pulled in the preview, with a column of the user's, is refreshed in its file by the xlsx host", async () => {
    h = harness(sandbox);
    await h.puller.pull({ resource: 'transactions', filters: { type: 'incomes' } });
    const incomes = h.workbook.tableLayouts().find((t) => t.name === 'Transactions')?.dataRowCount ?? 0;
    expect(incomes).toBeGreaterThan(0);
    expect(incomes).toBeLessThan(300);
    // The user's own column to the right of the table: a note on the first row.
    const firstId = h.workbook.values('Transactions', 'A3')[0]?.[0];
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem('Transactions');
      table.columns.add(undefined, undefined, 'My note');
      table.getDataBodyRange().getLastColumn().getCell(0, 0).values = [['check with bank']];
      await context.sync();
    });
    const { document } = await openXlsxDocument(await workbookFileBytes(h.workbook.snapshot(), addIn), { addInId: ADD_IN.id });
    const host = xlsxHost(document);
    await createPuller({ client: h.client, port: host.port, store: new MemoryPullStateStore() }).pull({ resource: 'transactions' });
    const read = await host.port.readTable('Transactions');
    expect(read.rows).toHaveLength(300);
    const headers = (document.workbook.getWorksheet('Transactions')?.getRow(2).values as unknown[]).slice(1).map(String);
    expect(headers.at(-1)).toBe('My note');
    const noted = read.rows.filter((r) => r[r.length - 1] === 'check with bank');
    expect(noted.map((r) => r[0])).toEqual([firstId]);
  });

  it('a budget table pulled in the preview is sent from its file by the xlsx host, and the preview shows the outcome', async () => {
    const baselines = new SheetBaselineStore();
    h = harness(sandbox, { puller: { baselines } });
    await h.puller.pull({ resource: 'forecastBudgets' });
    const { document } = await openXlsxDocument(await workbookFileBytes(h.workbook.snapshot(), addIn), { addInId: ADD_IN.id });
    const host = xlsxHost(document);
    const { rows } = await host.port.readTable('ForecastBudgets');
    const sheet = document.workbook.getWorksheet('Forecast budgets') as Worksheet;
    const headers = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    const row = rows.findIndex((r) => r[headers.indexOf('External Id')] === 'fc-gehaelter');
    expect(row).toBeGreaterThanOrEqual(0);
    sheet.getCell(3 + row, headers.indexOf('Amount') + 1).value = -9876.5;
    const result = await pushBudgets(
      FORECAST_BUDGETS_TABLE,
      { kind: 'forecast' },
      {
        client: h.client,
        sheet: host.push.sheet,
        baselines: host.baselines,
        journal: host.push.journal,
        language: 'en',
        baselineState: 'stored',
        sleep: async () => undefined,
      },
    );
    expect(result.counts.landed).toBe(1);
    const landed: number[] = [];
    for await (const b of h.client.forecastBudgets.items({}, { pageSize: 1000 }))
      if (b.external_id === 'fc-gehaelter') landed.push(b.amount);
    expect(landed).toEqual([-9876.5]);

    // Back in the preview: the Excel host reads the journal entry and the row's status the xlsx host wrote.
    const back = await openWorkbookFile(await saveXlsxDocument(document, addIn), ADD_IN.id);
    h.uninstall();
    h = harness(sandbox);
    h.workbook.restore(back.snapshot);
    const [entry] = await new SheetPushJournal().list();
    expect(entry?.rows.map((r) => r.externalId)).toEqual(['fc-gehaelter']);
    const status = h.workbook
      .values('Forecast budgets')
      .find((r) => r.includes('fc-gehaelter'))
      ?.at(-1);
    expect(String(status)).toMatch(/\S/);
    expect((await new SheetBaselineStore().read('ForecastBudgets'))?.find((b) => b.externalId === 'fc-gehaelter')).toBeDefined();
    const { clientId, clientSecret } = sandbox.credentials.company;
    expect((await scanPackage(await saveXlsxDocument(document, addIn), [clientId, clientSecret])).findings).toEqual([]);
  });
});

function cellsOf(sheetName: string, snapshot: ReturnType<Harness['workbook']['snapshot']>): unknown[][] {
  const probe = harness(sandbox);
  try {
    probe.workbook.restore(snapshot);
    return probe.workbook.formulas(sheetName);
  } finally {
    probe.uninstall();
  }
}

function listColumn(snapshot: ReturnType<Harness['workbook']['snapshot']>): number {
  const sheet = snapshot.sheets.find((s) => s.name === 'Forecast budgets');
  const [, column = -1] = sheet?.validations?.cells[0] ?? [];
  return column;
}
