/**
 * The Import table on the Excel simulation, sent to the sandbox: added empty on a sheet of its own with the offline
 * accounts as the Account column's in-cell list; a statement pasted (rows added, a date typed as text, a hostile
 * purpose), sent: ids and statuses in their cells (statuses as text), bad rows waiting with their reasons, the service
 * holding the good rows once; sent again: nothing sent.
 */

import { CHANGED_FILL } from '../../../src/hosts/excel/input-style';
import { createClient, type CashflowClient } from '../../../src/api';
import { ExcelImportSheet } from '../../../src/hosts/excel/excel-import-sheet';
import { startSandbox } from '../../../src/sandbox';
import { addImportTable, importStatement } from '../../../src/sync/import';
import { asUser, installSim, type Sim } from './sim-setup';

let sim: Sim;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: CashflowClient;
beforeEach(async () => {
  sim = installSim({ sheets: ['Sheet1'] });
  sandbox = await startSandbox({ port: 0, transactions: 20 });
  client = createClient({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.company.clientId,
    clientSecret: sandbox.credentials.company.clientSecret,
    language: 'en',
    sleep: async () => undefined,
  });
});
afterEach(async () => {
  sim.uninstall();
  await sandbox.close();
});

/** Pastes lines into the new Import table as a user would: into its blank row, the table growing by the rest. */
async function paste(lines: (string | number)[][]): Promise<void> {
  await asUser(sim, async (context) => {
    const table = context.workbook.tables.getItem('Import');
    const [first, ...rest] = lines.map((l) => [...l, '', '']);
    table.getDataBodyRange().values = [first as (string | number)[]];
    table.rows.add(undefined, rest);
    await context.sync();
  });
}

async function column(header: string): Promise<unknown[]> {
  return asUser(sim, async (context) => {
    const range = context.workbook.tables.getItem('Import').columns.getItem(header).getDataBodyRange().load('values,numberFormat');
    await context.sync();
    return range.values.map((r, i) => (header === 'Import status' ? [r[0], range.numberFormat[i]?.[0]] : r[0]));
  });
}

test('added with its account list, pasted, sent: ids and statuses in the rows, the bad ones waiting; sent again: nothing', async () => {
  const sheet = new ExcelImportSheet();
  expect(await sheet.exists()).toBe(false);
  await addImportTable(client, sheet, 'en');
  expect(await sheet.exists()).toBe(true);
  expect(sim.workbook.tables()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Import', sheet: 'Import' })]));
  const list = sim.workbook.cellList('Import', 2, 6);
  expect(list?.items).toEqual(expect.arrayContaining(['Kasse', 'Treuhandkonto']));
  expect(list?.items).not.toContain('Geschäftskonto');
  expect(list?.prompt?.message).toMatch(/^The offline account this row goes into: /);

  await paste([
    ['2025-02-03', -49.9, '=HYPERLINK("http://x")', 'Büro GmbH', 'DE89 3704 0044 0532 0130 00', 'office', 'Kasse'],
    ['1999-12-31', -10, 'Too early', 'Shop', '', '', 'Kasse'],
    ['2025-02-04', 1200, 'Refund', 'Client', '', '', 'Firmenkreditkarte'],
  ]);
  const result = await importStatement({ client, sheet, language: 'en', sleep: async () => undefined });
  expect(result.counts).toMatchObject({ imported: 1, waiting: 2 });
  const ids = await column('Transaction Id');
  expect(typeof ids[0]).toBe('number');
  expect(ids.slice(1)).toEqual(['', '']);
  const statuses = await column('Import status');
  expect(statuses[0]).toEqual(['Imported', '@']);
  expect(statuses[1]).toEqual([
    'Not sent: Value date: 1999-12-31 lies before 2000-01-01: the service takes no transactions before that.',
    '@',
  ]);
  expect(String((statuses[2] as string[])[0])).toMatch(/^Not sent: Account: Firmenkreditkarte has a disconnected bank connection/);
  // The rows that wait for the user stand out in amber; the imported one is plain.
  const fill = (row: number) => sim.workbook.cellColors('Import', 2 + row, 8).fill;
  expect([fill(0), fill(1), fill(2)]).toEqual([undefined, CHANGED_FILL, CHANGED_FILL]);

  const [created] = (await client.transactions.page({ ids: [ids[0] as number] })).results;
  expect(created).toMatchObject({
    value_date: '2025-02-03',
    amount: -49.9,
    purpose: '=HYPERLINK("http://x")',
    counterpart_name: 'Büro GmbH',
    tags: ['office'],
  });

  const again = await importStatement({ client, sheet, language: 'en', sleep: async () => undefined });
  expect(again.counts).toMatchObject({ already: 1, imported: 0, waiting: 2 });

  // The too-early date fixed: that row is imported and loses its amber; the other still waits in amber.
  sim.workbook.typeIntoCell('Import', 3, 0, '2025-01-31');
  const fixed = await importStatement({ client, sheet, language: 'en', sleep: async () => undefined });
  expect(fixed.counts).toMatchObject({ imported: 1, waiting: 1 });
  expect([fill(1), fill(2)]).toEqual([undefined, CHANGED_FILL]);
});

test('the pane closed during the second call leaves the first call’s id and the second’s mark in the table: sent again, nothing is posted', async () => {
  const sheet = new ExcelImportSheet();
  await addImportTable(client, sheet, 'en');
  await paste([
    ['2025-02-03', -10, 'Once A', 'Shop', '', '', 'Kasse'],
    ['2025-02-04', -20, 'Once B', 'Shop', '', '', 'Treuhandkonto'],
  ]);
  const table = async (): Promise<unknown[][]> => [await column('Transaction Id'), await column('Import status')];
  let posts = 0;
  let atSecondCall: unknown[][] = [];
  const counting = (watch: boolean): CashflowClient =>
    createClient({
      baseUrl: sandbox.url,
      clientId: sandbox.credentials.company.clientId,
      clientSecret: sandbox.credentials.company.clientSecret,
      language: 'en',
      sleep: async () => undefined,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'POST' && request.url.endsWith('/transactions/') && ++posts === 2 && watch) atSecondCall = await table();
        return fetch(request);
      },
    });
  // One account at a time: the Kasse call, then the Treuhandkonto call.
  await importStatement({ client: counting(true), sheet, language: 'en', sleep: async () => undefined, concurrency: 1 });
  const [ids, statuses] = atSecondCall as [unknown[], [unknown, unknown][]];
  expect(typeof ids[0]).toBe('number');
  expect(statuses[0]).toEqual(['Imported', '@']);
  expect(ids[1]).toBe('');
  expect(statuses[1]?.[0]).toMatch(/^Not confirmed: sent at \d\d:\d\d:\d\d \(row 2 of the table\)/);
  expect(statuses[1]?.[1]).toBe('@');

  // The pane closed then: nothing after that moment reached the table (the second call landed all the same).
  await asUser(sim, async (context) => {
    const body = context.workbook.tables.getItem('Import');
    body.columns.getItem('Transaction Id').getDataBodyRange().values = ids.map((id) => [id as string | number]);
    body.columns.getItem('Import status').getDataBodyRange().values = statuses.map(([status]) => [status as string]);
    await context.sync();
  });
  posts = 0;
  const again = await importStatement({ client: counting(false), sheet, language: 'en', sleep: async () => undefined });
  expect(posts).toBe(0);
  expect(again.counts).toMatchObject({ already: 1, imported: 1 });
  const after = await column('Transaction Id');
  expect(after.every((id) => typeof id === 'number')).toBe(true);
  const created: number[] = [];
  for await (const t of client.transactions.items({}, { pageSize: 1000 })) if (/^Once [AB]$/.test(t.purpose)) created.push(t.id);
  expect(created.sort()).toEqual([...after].sort());
});
