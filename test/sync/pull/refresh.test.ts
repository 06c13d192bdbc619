/**
 * Refresh: user columns stay on their records (by id) when the service inserted, deleted and reordered rows;
 * transactions refresh incrementally (only changed rows fetched) and fall back to a full pull when the
 * count/sum check against `/transactions/extended/` does not match.
 */

import type { Invoice } from '../../../src/api';
import { apiCalls, harness, startService, tableCells, type Harness, type Sandbox } from './support';

let sandbox: Sandbox;
let h: Harness;
/** The sandbox's clock: real time plus an offset the tests can move. */
const clock = { offsetMs: 0 };
beforeAll(async () => {
  sandbox = await startService({ transactions: 1200, now: () => new Date(Date.now() + clock.offsetMs) });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  clock.offsetMs = 0;
  // No margin: the sandbox runs on this machine's clock. The default (10 min, for clock skew against a real
  // service) would re-fetch rows the earlier tests changed, which would blur the request counts below.
  h = harness(sandbox, { puller: { incrementalMarginMs: 0 } });
});
afterEach(() => h.uninstall());

/** The user adds a "Note" column to the right of a pulled table: `note <id>` on every row. */
async function addNotes(tableName: string): Promise<void> {
  const { headers, rows } = tableCells(h.workbook, tableName);
  const id = headers.indexOf('Id');
  await h.workbook.run(async (context) => {
    const table = context.workbook.tables.getItem(tableName);
    table.columns.add(undefined, [['Note'], ...rows.map((row) => [`note ${String(row[id])}`])]);
    await context.sync();
  });
}

/** Every row's note is its own id's note (or empty for rows that are new since the notes were added). */
function expectNotesOnTheirRecords(tableName: string, newIds: readonly number[]): void {
  const { headers, rows } = tableCells(h.workbook, tableName);
  const id = headers.indexOf('Id');
  const note = headers.indexOf('Note');
  expect(note).toBe(headers.length - 1);
  for (const row of rows) {
    const expected = newIds.includes(row[id] as number) ? '' : `note ${String(row[id])}`;
    expect([row[id], row[note]]).toEqual([row[id], expected]);
  }
}

function ids(tableName: string): number[] {
  const { headers, rows } = tableCells(h.workbook, tableName);
  const id = headers.indexOf('Id');
  return rows.map((row) => row[id] as number);
}

async function offlineAccount(): Promise<number> {
  const account = (await h.client.accounts.summary()).accounts.find((a) => a.status === 'OFFLINE');
  if (!account) throw new Error('the demo company has offline accounts');
  return account.id;
}

describe('refresh keeps user columns on their records', () => {
  it('transactions: rows imported into an offline account are inserted in order, notes stay', async () => {
    await h.puller.pull({ resource: 'transactions' });
    await addNotes('Transactions');
    const before = ids('Transactions');
    const created = await h.client.accounts.createTransactions(await offlineAccount(), [
      { value_date: new Date().toISOString().slice(0, 10), amount: -12.5, purpose: 'Kaffee' },
      { value_date: '2023-06-15', amount: 99.99, purpose: 'Erstattung' },
    ]);
    const result = await h.puller.refresh('Transactions');
    expect(result).toMatchObject({ mode: 'incremental', fetchedRows: 2, inserted: 2, replaced: 0 });
    expect(result.write.rowsWritten).toBe(2); // the two rows alone, each at its place (#30)
    const after = ids('Transactions');
    expect(after).toHaveLength(before.length + 2);
    expect(new Set(after)).toEqual(new Set([...before, ...created.map((t) => t.id)]));
    expectNotesOnTheirRecords(
      'Transactions',
      created.map((t) => t.id),
    );
    // Same order as the service.
    const service = (await h.client.transactions.pages({}).all()).map((t) => t.id);
    expect(after).toEqual(service);
  });

  it('invoices: deleted, re-dated (reordered) and new invoices', async () => {
    await h.puller.pull({ resource: 'invoices' });
    await addNotes('Invoices');
    const before = ids('Invoices');
    const invoices: Invoice[] = await h.client.invoices.pages({}).all();
    const [gone1, gone2, moved1, moved2] = invoices.slice(2) as [Invoice, Invoice, Invoice, Invoice];
    await h.client.invoices.delete({ id: gone1.id });
    await h.client.invoices.delete({ id: gone2.id });
    await h.client.invoices.update([
      { id: moved1.id, expected_date: '2099-12-31', status: 'PL', amount: 1234.56 },
      { id: moved2.id, status: 'OD', amount: 7.7 },
    ]);
    const fresh = await h.client.invoices.create({ reference: 'NEW-1', name: 'Neu', amount: 10, due_date: '2099-01-01' });
    const result = await h.puller.refresh('Invoices');
    expect(result.mode).toBe('full');
    const after = ids('Invoices');
    expect(after).not.toContain(gone1.id);
    expect(after).not.toContain(gone2.id);
    expect(after).toContain(fresh.id);
    expect(after.indexOf(moved1.id)).not.toBe(before.indexOf(moved1.id));
    expect(after).toEqual((await h.client.invoices.pages({}).all()).map((i) => i.id));
    expectNotesOnTheirRecords('Invoices', [fresh.id]);
    const { headers, rows } = tableCells(h.workbook, 'Invoices');
    const row = rows.find((r) => r[headers.indexOf('Id')] === moved1.id);
    expect(row?.[headers.indexOf('Amount')]).toBe(1234.56);
  });
});

describe('incremental transactions', () => {
  it('fetches only the changed rows: one changes request, the lookups, one verification call', async () => {
    const first = await h.puller.pull({ resource: 'transactions' });
    expect(first.mode).toBe('full');
    const pages = Math.ceil(first.rowCount / 1000);
    // Full pull: the extended pages (their first page verifies), the categories, the accounts (currencies), one token.
    expect(
      apiCalls(h.sent)
        .map((s) => s.path)
        .sort(),
    ).toEqual([...Array(pages).fill('/transactions/extended/'), '/categories/', '/accounts/'].sort());
    expect(h.sent.filter((s) => s.path.endsWith('/auth/token/'))).toHaveLength(1);

    await addNotes('Transactions');
    const account = await offlineAccount();
    const [created] = await h.client.accounts.createTransactions(account, [{ value_date: '2024-02-29', amount: -1, purpose: 'Porto' }]);
    const transactions = await h.client.transactions.pages({}).all();
    const recategorize = transactions.find((t) => t.amount < 0 && t.id !== created?.id && !t.category.name.startsWith('Nicht'));
    const other = transactions.find(
      (t) => t.amount < 0 && t.category.id !== recategorize?.category.id && !t.category.name.startsWith('Nicht'),
    );
    if (!recategorize || !other || !created) throw new Error('demo data has categorized expenses');
    await h.client.transactions.updateCategory(recategorize.id, other.category.id);
    h.sent.length = 0;

    const result = await h.puller.refresh('Transactions');
    expect(result).toMatchObject({ mode: 'incremental', fetchedRows: 2, replaced: 1, inserted: 1, rowCount: first.rowCount + 1 });
    expect(result.verification?.ok).toBe(true);
    const calls = apiCalls(h.sent);
    expect(calls.map((s) => s.path).sort()).toEqual(['/transactions/', '/categories/', '/accounts/', '/transactions/extended/'].sort());
    expect(calls[0]?.query.get('min_date_updated')).toBe(first.startedAt);
    expect(calls[0]?.rows).toBe(2);
    const verification = calls.find((s) => s.path === '/transactions/extended/');
    expect(verification?.query.get('page_size')).toBe('1');
    expect(verification?.rows).toBe(1);
    const { headers, rows } = tableCells(h.workbook, 'Transactions');
    const row = rows.find((r) => r[headers.indexOf('Id')] === recategorize.id);
    expect(row?.[headers.indexOf('Category Id')]).toBe(other.category.id);
    expectNotesOnTheirRecords('Transactions', [created.id]);
    expect(ids('Transactions')).toEqual((await h.client.transactions.pages({}).all()).map((t) => t.id));

    // The refresh wrote the two changed rows alone, not the table (#30).
    expect(result.write.rowsWritten).toBe(2);

    // Nothing changed: one empty changes page, the category tree and the accounts (read every time), the verification,
    // and nothing written. A category cell the user edited (a recategorization not yet pushed) is left as it is.
    const pathColumn = headers.indexOf('Category');
    const categoryIdColumn = headers.indexOf('Category Id');
    await h.workbook.run(async (context) => {
      context.workbook.tables.getItem('Transactions').getDataBodyRange().getCell(3, pathColumn).values = [['Old name › Renamed since']];
      await context.sync();
    });
    h.sent.length = 0;
    const idle = await h.puller.refresh('Transactions');
    expect(idle).toMatchObject({ mode: 'incremental', fetchedRows: 0, write: { rowsWritten: 0 } });
    expect(
      apiCalls(h.sent)
        .map((s) => s.path)
        .sort(),
    ).toEqual(['/transactions/', '/categories/', '/accounts/', '/transactions/extended/'].sort());
    expect(tableCells(h.workbook, 'Transactions').rows[3]?.[pathColumn]).toBe('Old name › Renamed since');

    // A category renamed in the service since the last pull changes the path of rows that did not change themselves:
    // the refresh writes the whole table, every path rebuilt from its row's category id.
    const categoryId = tableCells(h.workbook, 'Transactions').rows[3]?.[categoryIdColumn] as number;
    const category = sandbox.store.categories.get(categoryId);
    if (!category) throw new Error('the row has a category of the demo company');
    const name = category.name;
    category.name = 'Umbenannt';
    try {
      const renamed = await h.puller.refresh('Transactions');
      expect(renamed).toMatchObject({ mode: 'incremental', fetchedRows: 0 });
      expect(renamed.write.rowsWritten).toBe(renamed.rowCount);
      const after = tableCells(h.workbook, 'Transactions');
      expect(after.rows[3]?.[pathColumn]).toMatch(/ › Umbenannt$/);
      const sameCategory = after.rows.filter((r) => r[categoryIdColumn] === categoryId);
      expect(sameCategory.length).toBeGreaterThan(1);
      for (const row of sameCategory) expect(row[pathColumn]).toMatch(/ › Umbenannt$/);
    } finally {
      category.name = name;
    }
  });

  it('a patched refresh keeps naming a text an earlier pull cut, in a row it did not write (#30)', async () => {
    const account = await offlineAccount();
    const [long] = await h.client.accounts.createTransactions(account, [
      { value_date: '2024-04-04', amount: -2, purpose: 'x'.repeat(40_000) },
    ]);
    const first = await h.puller.pull({ resource: 'transactions' });
    expect(first.textCuts).toEqual([expect.objectContaining({ id: long?.id, field: 'purpose' })]);
    await h.client.accounts.createTransactions(account, [{ value_date: '2024-04-05', amount: -1, purpose: 'kurz' }]);
    const refresh = await h.puller.refresh('Transactions');
    expect(refresh).toMatchObject({ mode: 'incremental', inserted: 1, write: { rowsWritten: 1 } });
    expect(refresh.textCuts).toEqual([{ id: long?.id, field: 'purpose', column: 'Purpose' }]);
    expect(refresh.warnings).toEqual([expect.stringContaining(`record ${String(long?.id)}`)]);
  });

  it('an edited reporting amount in the table makes the sum mismatch: full pull, reported, cell restored', async () => {
    await h.puller.pull({ resource: 'transactions' });
    await addNotes('Transactions');
    const cells = tableCells(h.workbook, 'Transactions');
    const column = cells.headers.indexOf('Reporting amount');
    const original = cells.rows[5]?.[column];
    await h.workbook.run(async (context) => {
      const range = context.workbook.tables.getItem('Transactions').getDataBodyRange().getCell(5, column);
      range.values = [[123456.78]];
      await context.sync();
    });
    h.sent.length = 0;
    const result = await h.puller.refresh('Transactions');
    expect(result.mode).toBe('full');
    expect(result.fallback).toMatchObject({ reason: 'mismatch', verification: { countMatches: true, sumMatches: false } });
    expect(result.fallback?.message).toMatch(/did not match the service/);
    expect(result.verification?.ok).toBe(true);
    expect(tableCells(h.workbook, 'Transactions').rows[5]?.[column]).toBe(original);
    expectNotesOnTheirRecords('Transactions', []);
    expect(apiCalls(h.sent).map((s) => s.path)).toEqual(expect.arrayContaining(['/transactions/', '/transactions/extended/']));
  });

  it('a change min_date_updated cannot see (stamped before the last pull) makes the count mismatch: full pull', async () => {
    await h.puller.pull({ resource: 'transactions' });
    await addNotes('Transactions');
    // The service's clock is an hour behind for this import: its date_updated lies before the last pull, as for
    // a late bank import stamped with an old time, or any change the filter cannot see (deletions).
    clock.offsetMs = -3_600_000;
    const [hidden] = await h.client.accounts.createTransactions(await offlineAccount(), [
      { value_date: '2024-03-01', amount: -3, purpose: 'Spät' },
    ]);
    clock.offsetMs = 0;
    if (!hidden) throw new Error('created');
    const result = await h.puller.refresh('Transactions');
    expect(result.mode).toBe('full');
    expect(result.fallback).toMatchObject({ reason: 'mismatch', verification: { countMatches: false } });
    expect(ids('Transactions')).toContain(hidden.id);
    expectNotesOnTheirRecords('Transactions', [hidden.id]);
  });

  it('deleting an invoice unlinks its transactions: the incremental refresh picks them up', async () => {
    await h.puller.pull({ resource: 'transactions' });
    const cells = tableCells(h.workbook, 'Transactions');
    const invoiceColumn = cells.headers.indexOf('Invoice Id');
    const linked = cells.rows.find((r) => typeof r[invoiceColumn] === 'number');
    if (!linked) throw new Error('demo data has matched transactions');
    const invoiceId = linked[invoiceColumn] as number;
    await h.client.invoices.delete({ id: invoiceId });
    const result = await h.puller.refresh('Transactions');
    expect(result.mode).toBe('incremental');
    expect(result.fetchedRows).toBeGreaterThan(0);
    const after = tableCells(h.workbook, 'Transactions');
    expect(after.rows.some((r) => r[invoiceColumn] === invoiceId)).toBe(false);
  });

  it('other filters or mode full pull everything; the stored state repeats the filters', async () => {
    const filters = { min_date: '2024-01-01', max_date: '2024-12-31', type: 'expenses' as const };
    const first = await h.puller.pull({ resource: 'transactions', filters });
    expect((await h.store.get('Transactions'))?.target).toEqual({ resource: 'transactions', filters });
    const api = await h.client.transactions.pages(filters).all();
    expect(first.rowCount).toBe(api.length);
    h.sent.length = 0;
    const again = await h.puller.refresh('Transactions');
    expect(again.mode).toBe('incremental');
    const changes = apiCalls(h.sent)[0];
    expect(changes?.query.get('min_date')).toBe('2024-01-01');
    expect(changes?.query.get('type')).toBe('expenses');
    const wider = await h.puller.pull({ resource: 'transactions', filters: { min_date: '2024-01-01' } });
    expect(wider.mode).toBe('full');
    const forced = await h.puller.pull({ resource: 'transactions', filters: { min_date: '2024-01-01' } }, { mode: 'full' });
    expect(forced.mode).toBe('full');
  });
});
