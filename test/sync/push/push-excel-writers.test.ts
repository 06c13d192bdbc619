/**
 * The invoice and transaction writers through the Excel simulation (#28): the table pulled by the real puller (its
 * baseline in the very hidden sheet), cells typed as a user types them, sent with the Excel host's push sheet and
 * journal against the sandbox, with faults mid-write: an answer lost after the service applied the PATCH array is read
 * back (the rows land, the array is not sent twice); a service failing throughout leaves every edit in its cell,
 * highlighted, the reason in the status column; sent again once it answers, everything lands once.
 */

import { ExcelPushSheet } from '../../../src/hosts/excel/excel-push-sheet';
import { SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { SheetPushJournal } from '../../../src/hosts/excel/sheet-push-journal';
import { invoiceWriteModel, pushTable, transactionWriteModel, type PushResult, type WriteModel } from '../../../src/sync/push';
import { INVOICES_TABLE, type TableModel } from '../../../src/sync/tables';
import type { Invoice } from '../../../src/api';
import { tableView, type TableView } from './excel-table-view';
import { harness, startService, type FetchHook, type Harness, type Sandbox } from '../pull/support';

let sandbox: Sandbox;
let h: Harness;
const baselines = new SheetBaselineStore();
beforeEach(async () => {
  lostAnswers = 0;
  sandbox = await startService({ transactions: 40 });
  h = harness(sandbox, { puller: { baselines } });
});
afterEach(async () => {
  h.uninstall();
  await sandbox.close();
});

const push = (model: WriteModel<unknown>): Promise<PushResult> =>
  pushTable(model, {
    client: h.client,
    sheet: new ExcelPushSheet(),
    baselines,
    journal: new SheetPushJournal(),
    language: 'en',
    baselineState: 'stored',
    choices: {},
    sleep: async () => undefined,
  });

const table = tableView;

async function typeInto(name: string, row: number, header: string, value: string | number): Promise<void> {
  const view = await table(name);
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem(view.sheet).getRangeByIndexes(view.headerRow + 1 + row, view.headers.indexOf(header), 1, 1).values =
      [[value]];
    await context.sync();
  });
}

const at = (view: TableView, row: number, header: string): unknown => view.rows[row]?.[view.headers.indexOf(header)];

/** PATCHes of `path` the service received: those recorded, and the one whose answer the hook lost. */
let lostAnswers = 0;
const patches = (path: string) => lostAnswers + h.sent.filter((s) => s.method === 'PATCH' && s.path === path).length;

/** The first PATCH of `path` reaches the service, its answer is lost on the way back. */
function losesFirstAnswer(path: string): FetchHook {
  lostAnswers = 0;
  return async (request) => {
    if (lostAnswers > 0 || request.method !== 'PATCH' || new URL(request.url).pathname !== path) return undefined;
    lostAnswers += 1;
    await fetch(request);
    throw new TypeError('fetch failed');
  };
}

const failsEveryPatch: FetchHook = (request) =>
  request.method === 'PATCH'
    ? new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } })
    : undefined;

describe('transaction categories', () => {
  async function pulled(): Promise<{ view: TableView; paths: string[] }> {
    await h.puller.pull({ resource: 'transactions' });
    const view = await table('Transactions');
    const categories = await h.client.categories.list();
    const parents = new Set(categories.map((c) => c.parent));
    const leafIds = new Set(
      categories.filter((c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id)).map((c) => c.id),
    );
    // Paths as the table shows them, of the leaves a transaction can take.
    const paths = [
      ...new Set(
        view.rows
          .filter((r) => leafIds.has(at(view, view.rows.indexOf(r), 'Category Id') as number))
          .map((r) => String(r[view.headers.indexOf('Category')])),
      ),
    ];
    return { view, paths };
  }

  test('an answer lost after the PATCH array landed is read back: the rows say Sent, the array went once', async () => {
    const { view, paths } = await pulled();
    const targets = [0, 1, 2].map((row) => paths.find((p) => p !== at(view, row, 'Category')) as string);
    for (const [row, path] of targets.entries()) await typeInto('Transactions', row, 'Category', path);
    h.hook.current = losesFirstAnswer('/transactions/');
    const result = await push(transactionWriteModel() as WriteModel<unknown>);
    expect(result.counts.landed).toBe(3);
    expect(patches('/transactions/')).toBe(1);
    const after = await table('Transactions');
    for (const [row, path] of targets.entries()) {
      expect(at(after, row, 'Category')).toBe(path);
      expect(at(after, row, 'Push status')).toMatch(/^Sent /);
    }
    const service = await h.client.transactions.page({ ids: [0, 1, 2].map((row) => at(view, row, 'Id') as number) });
    expect(service.results.map((t) => t.id === at(view, 0, 'Id') || t.id === at(view, 1, 'Id') || t.id === at(view, 2, 'Id'))).toEqual([
      true,
      true,
      true,
    ]);
  });

  test('a service failing throughout keeps every edit in its cell with the reason; sent again once it answers, each lands once', async () => {
    const { view, paths } = await pulled();
    const target = paths.find((p) => p !== at(view, 0, 'Category')) as string;
    await typeInto('Transactions', 0, 'Category', target);
    h.hook.current = failsEveryPatch;
    const failed = await push(transactionWriteModel() as WriteModel<unknown>);
    expect(failed.rows[0]?.outcome).toMatch(/^(failed|unknown)$/);
    let after = await table('Transactions');
    expect(at(after, 0, 'Category')).toBe(target);
    expect(String(at(after, 0, 'Push status'))).toMatch(/^Not sent|^Not confirmed/);
    h.hook.current = undefined;
    const before = patches('/transactions/');
    const again = await push(transactionWriteModel() as WriteModel<unknown>);
    expect(again.counts.landed).toBe(1);
    expect(patches('/transactions/') - before).toBe(1);
    after = await table('Transactions');
    expect(at(after, 0, 'Push status')).toMatch(/^Sent /);
    const [transaction] = (await h.client.transactions.page({ ids: [at(view, 0, 'Id') as number] })).results;
    expect(at(after, 0, 'Category Id')).toBe(transaction?.category.id);
  });
});

describe('invoices', () => {
  const model = invoiceWriteModel(INVOICES_TABLE as TableModel<Invoice>, { kind: 'company' }) as WriteModel<unknown>;

  test('an answer lost after the PATCH array landed is read back; a failing service keeps the edit with its reason, sent again it lands once', async () => {
    await h.puller.pull({ resource: 'invoices' });
    await typeInto('Invoices', 0, 'Notes', 'Promised by phone');
    await typeInto('Invoices', 1, 'Notes', 'Second reminder sent');
    h.hook.current = losesFirstAnswer('/invoices/');
    const result = await push(model);
    expect(result.counts.landed).toBe(2);
    expect(patches('/invoices/')).toBe(1);
    let view = await table('Invoices');
    expect(at(view, 1, 'Push status')).toMatch(/^Sent /);
    expect((await h.client.invoices.get(at(view, 1, 'Id') as number)).notes).toBe('Second reminder sent');

    await typeInto('Invoices', 0, 'Notes', 'Paid next week');
    h.hook.current = failsEveryPatch;
    const failed = await push(model);
    expect(failed.rows[0]?.outcome).toMatch(/^(failed|unknown)$/);
    view = await table('Invoices');
    expect(at(view, 0, 'Notes')).toBe('Paid next week');
    expect(String(at(view, 0, 'Push status'))).toMatch(/^Not sent|^Not confirmed/);
    h.hook.current = undefined;
    const before = patches('/invoices/');
    expect((await push(model)).counts.landed).toBe(1);
    expect(patches('/invoices/') - before).toBe(1);
    expect((await h.client.invoices.get(at(view, 0, 'Id') as number)).notes).toBe('Paid next week');
  });
});
