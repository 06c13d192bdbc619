/**
 * The push through the Excel simulation (#17): the table pulled by the real puller, edited as a user edits it (cells
 * typed, a row added under the table, a table row deleted, the rows sorted), sent with the Excel host's push sheet
 * and journal against the sandbox; what the service holds afterwards and what the table shows.
 */

import { ExcelPushSheet } from '../../../src/hosts/excel/excel-push-sheet';
import { SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { SheetPushJournal } from '../../../src/hosts/excel/sheet-push-journal';
import { pushBudgets, type PushChoices, type PushResult } from '../../../src/sync/push';
import { FORECAST_BUDGETS_TABLE } from '../../../src/sync/tables';
import { tableView, type TableView } from './excel-table-view';
import { harness, startService, type Harness, type Sandbox } from '../pull/support';

let sandbox: Sandbox;
let h: Harness;
const baselines = new SheetBaselineStore();
beforeEach(async () => {
  sandbox = await startService({ transactions: 20 });
  h = harness(sandbox, { puller: { baselines } });
  await h.puller.pull({ resource: 'forecastBudgets' });
});
afterEach(async () => {
  h.uninstall();
  await sandbox.close();
});

const push = (choices: PushChoices = {}): Promise<PushResult> =>
  pushBudgets(
    FORECAST_BUDGETS_TABLE,
    { kind: 'forecast' },
    {
      client: h.client,
      sheet: new ExcelPushSheet(),
      baselines,
      journal: new SheetPushJournal(),
      language: 'en',
      baselineState: 'stored',
      choices,
      sleep: async () => undefined,
    },
  );

const table = (): Promise<TableView> => tableView('ForecastBudgets');

const rowOf = (view: TableView, externalId: string) => view.rows.findIndex((r) => r[view.headers.indexOf('External Id')] === externalId);

async function typeInto(externalId: string, header: string, value: string | number): Promise<void> {
  const view = await table();
  await Excel.run(async (context) => {
    context.workbook.worksheets
      .getItem(view.sheet)
      .getRangeByIndexes(view.headerRow + 1 + rowOf(view, externalId), view.headers.indexOf(header), 1, 1).values = [[value]];
    await context.sync();
  });
}

async function cell(externalId: string, header: string): Promise<unknown> {
  const view = await table();
  return view.rows[rowOf(view, externalId)]?.[view.headers.indexOf(header)];
}

async function service(externalId: string) {
  const forecast: unknown[] = [];
  for await (const b of h.client.forecastBudgets.items({}, { pageSize: 1000 })) if (b.external_id === externalId) forecast.push(b);
  return forecast as Array<{ id: number; amount: number; name: string }>;
}

test('a row typed under the table is created; the id and the service defaults land in the row; the status column says so', async () => {
  const view = await table();
  const category = view.rows[rowOf(view, 'fc-miete')]?.[view.headers.indexOf('Category Id')];
  await Excel.run(async (context) => {
    const values = view.headers.map(
      (header) =>
        ({
          'External Id': 'typed-in-excel',
          Name: 'Typed in Excel',
          'Category Id': category,
          'Settlement date': '2027-05-31',
          Amount: -750,
        })[header] ?? '',
    );
    context.workbook.tables.getItem('ForecastBudgets').rows.add(undefined, [values as (string | number)[]]);
    await context.sync();
  });
  const result = await push();
  expect(result.counts.landed).toBe(1);
  const [created] = await service('typed-in-excel');
  expect(created).toMatchObject({ name: 'Typed in Excel', amount: -750 });
  expect(await cell('typed-in-excel', 'Id')).toBe(created?.id);
  expect(await cell('typed-in-excel', 'Base')).not.toBe('');
  expect(await cell('typed-in-excel', 'Push status')).toMatch(/^Sent /);
  expect((await push()).rows).toEqual([]);
});

test('a deleted table row is deleted on the service once confirmed; a sorted table is matched by id', async () => {
  await Excel.run(async (context) => {
    const t = context.workbook.tables.getItem('ForecastBudgets');
    const body = t.getDataBodyRange().load('formulas,numberFormat');
    await context.sync();
    // The user sorts the table (the simulation has no sort: the rows are rewritten in reverse order, as a sort leaves them).
    body.numberFormat = [...(body.numberFormat as string[][])].reverse();
    body.formulas = [...(body.formulas as string[][])].reverse();
    await context.sync();
  });
  await typeInto('fc-miete', 'Name', 'Renamed after a sort');
  const view = await table();
  await Excel.run(async (context) => {
    context.workbook.tables.getItem('ForecastBudgets').rows.getItemAt(rowOf(view, 'fc-sozial')).delete();
    await context.sync();
  });
  const waiting = await push();
  expect(waiting.counts).toMatchObject({ landed: 1, needsDeleteConfirmation: 1 });
  expect(await service('fc-sozial')).toHaveLength(1);
  expect((await service('fc-miete'))[0]?.name).toBe('Renamed after a sort');
  const confirmed = await push({ deletes: true });
  expect(confirmed.counts.landed).toBe(1);
  expect(await service('fc-sozial')).toEqual([]);
});

test('an external ID with "." waits for the whole-row confirmation, then goes by PUT and takes the service\'s row', async () => {
  await typeInto('sap.4711', 'Amount', -1234);
  const waiting = await push();
  expect(waiting.rows[0]).toMatchObject({ outcome: 'needsReplace' });
  expect(await cell('sap.4711', 'Push status')).toMatch(/^Waiting for confirmation/);
  const sent = await push({ wholeRows: true });
  expect(sent.rows[0]).toMatchObject({ outcome: 'landed', op: 'replace' });
  // The service cannot keep an ID with "." in a body: the row now shows what the service holds.
  const view = await table();
  const row = view.rows.find((r) => r[view.headers.indexOf('Amount')] === -1234);
  expect(row?.[view.headers.indexOf('External Id')]).toBe('');
});

test('a table pulled with filters sends only its rows: budgets the filter left out are never taken as deleted', async () => {
  // Pulled again with a filter: the budgets below zero only (expenses), fewer rows than the forecast has.
  await h.puller.pull({ resource: 'forecastBudgets', filters: { max_value: -1 } }, { mode: 'full' });
  const view = await table();
  expect(view.rows.length).toBeGreaterThan(0);
  expect(rowOf(view, 'fc-umsatz')).toBe(-1); // an income: not in the filtered table
  await typeInto('fc-miete', 'Amount', -4600);
  const result = await push({ deletes: true });
  expect(result.rows.map((r) => [r.ref.externalId, r.change, r.outcome])).toEqual([['fc-miete', 'changed', 'landed']]);
  expect(await service('fc-umsatz')).toHaveLength(1);
});

test('the Excel host reads the status column: a "Waiting" status of a row typed back is cleared at the next send (#25 item 9)', async () => {
  const pulled = await cell('sap.4711', 'Amount');
  await typeInto('sap.4711', 'Amount', -1234);
  await push();
  expect(await cell('sap.4711', 'Push status')).toMatch(/^Waiting for confirmation/);
  const read = await new ExcelPushSheet().read(FORECAST_BUDGETS_TABLE);
  expect(read.rows.find((r) => r.externalId === 'sap.4711')?.status).toMatch(/^Waiting for confirmation/);
  await typeInto('sap.4711', 'Amount', pulled as number);
  await typeInto('fc-miete', 'Amount', -4700);
  await push();
  expect(await cell('fc-miete', 'Push status')).toMatch(/^Sent /);
  expect(await cell('sap.4711', 'Push status')).toBe('');
});

test('a budget whose description is longer than a cell holds: another field sent, the text written back cut with the mark, nothing more to send', async () => {
  const long = `${'Lange Beschreibung. '.repeat(2_000)}Ende`; // 40,004 characters, the service keeps them all
  const categories = await h.client.categories.list();
  const parents = new Set(categories.map((c) => c.parent));
  const leaf = categories.find((c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id));
  if (leaf === undefined) throw new Error('no leaf category');
  const body = { name: 'Long', category: leaf.id, settlement_date: '2027-01-31', amount: '-10', description: long };
  await h.client.forecastBudgets.create({ ...body, external_id: 'long-text' });
  await h.puller.pull({ resource: 'forecastBudgets' });
  await typeInto('long-text', 'Amount', -20);

  const result = await push();
  expect(result.counts.landed).toBe(1);
  const description = String(await cell('long-text', 'Description'));
  expect([description.length, description.endsWith('…[✂]')]).toEqual([32_767, true]);
  expect(String(await cell('long-text', 'Push status'))).toMatch(/^Sent /);
  const service = await h.client.forecastBudgets.getByExternalId('long-text');
  expect([service.amount, service.description.length]).toEqual([-20, long.length]);
  // The baseline holds the text as the cell does: the next send finds nothing changed (a cut text is never sent).
  expect((await push()).counts).toMatchObject({ landed: 0, blocked: 0, failed: 0 });
  expect((await h.client.forecastBudgets.getByExternalId('long-text')).description).toBe(long);
});
