/**
 * `npm run workbook -- inspect` on a file `export` wrote, with a budget's amount changed through the xlsx push
 * sheet: the tables, their pull states, the pending change, the connection, the hidden sheets and settings, the
 * secret scan; human text and `--json`. A secret put into a cell is found (exit 8); a file that is no workbook is
 * bad input (exit 2).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openXlsxDocument, saveXlsxDocument, xlsxHost } from '../../../src/hosts/xlsx';
import { FORECAST_BUDGETS_TABLE } from '../../../src/sync/tables';
import { ADD_IN, runCli, secretEnv, serviceArgs, startService, tempDir, type Sandbox } from './support';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startService();
  dir = tempDir();
  const run = await runCli(
    ['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--name', 'Demo AG', '--tables', 'forecastBudgets,categories,accounts'],
    {
      cwd: dir,
      env: secretEnv(sandbox),
    },
  );
  expect(run.code).toBe(0);
});
afterAll(() => sandbox.close());

/** The exported file with one budget's amount changed as the pane's push sheet writes a cell; returns its name. */
async function editBudget(
  from: string,
  to: string,
  edit: (document: Awaited<ReturnType<typeof openXlsxDocument>>['document']) => void = () => undefined,
): Promise<string> {
  const { document, addIn } = await openXlsxDocument(new Uint8Array(readFileSync(join(dir, from))), { addInId: ADD_IN.id });
  const sheet = xlsxHost(document).push.sheet;
  const read = await sheet.read(FORECAST_BUDGETS_TABLE);
  const row = read.rows.find((r) => r.externalId === 'fc-miete') ?? read.rows[0];
  if (row === undefined) throw new Error('no budget row');
  await sheet.update(FORECAST_BUDGETS_TABLE, [
    { position: row.position, id: row.id, externalId: row.externalId, values: { amount: -4321.5 }, highlight: ['amount'] },
  ]);
  edit(document);
  writeFileSync(join(dir, to), await saveXlsxDocument(document, addIn));
  return String(row.fields.name);
}

test('inspect lists the tables, their pull states, a pending change, the connection, hidden sheets and settings; the scan is clean', async () => {
  const name = await editBudget('plan.xlsx', 'edited.xlsx');
  const human = await runCli(['inspect', 'edited.xlsx'], { cwd: dir, env: secretEnv(sandbox) });
  expect(human.code).toBe(0);
  expect(human.stdout).toContain('Connection: Demo AG at ' + new URL(sandbox.url).href);
  expect(human.stdout).toMatch(
    /ForecastBudgets \(sheet Forecast budgets\): \d+ rows\n {4}forecastBudgets, filter all rows\n {4}last refresh \S+ \(full\), complete/,
  );
  expect(human.stdout).toContain('pending changes: 1 changed, 0 new, 0 deleted');
  expect(human.stdout).toContain(`changed ${name}: Amount`);
  expect(human.stdout).toContain('→ -4321.5');
  expect(human.stdout).toContain('BalanceSummary (sheet Accounts): 5 rows, written with Accounts');
  expect(human.stdout).toMatch(/cashflow_baseline \(veryHidden\): \d+ rows/);
  expect(human.stdout).toMatch(/cashflow\.pull\.forecastbudgets: \d+ bytes/);
  expect(human.stdout).toContain('Secret scan: clean');

  const json = await runCli(['inspect', '--json', 'edited.xlsx'], { cwd: dir, env: secretEnv(sandbox) });
  const result = JSON.parse(json.stdout) as {
    tables: Array<{
      table: string;
      pull?: { target: { resource: string }; complete: boolean };
      pending?: { counts: object; rows: Array<{ kind: string; fields: Array<{ column: string; after: unknown }> }> };
    }>;
    connection: { status: string; connection: { profileName: string } };
    scan: { clean: boolean; secretsLookedFor: number };
    exitCode: number;
  };
  const budgets = result.tables.find((t) => t.table === 'ForecastBudgets');
  expect(budgets?.pull).toMatchObject({ target: { resource: 'forecastBudgets' }, complete: true });
  expect(budgets?.pending?.counts).toEqual({ changed: 1, new: 0, deleted: 0 });
  expect(budgets?.pending?.rows[0]?.fields).toEqual([expect.objectContaining({ column: 'Amount', after: -4321.5 })]);
  expect(result.tables.find((t) => t.table === 'Categories')?.pending).toBeUndefined();
  expect([result.connection.connection.profileName, result.scan, result.exitCode]).toEqual([
    'Demo AG',
    expect.objectContaining({ clean: true, secretsLookedFor: 1 }),
    0,
  ]);
  expect(json.stdout + json.stderr + human.stdout + human.stderr).not.toContain(sandbox.credentials.company.clientSecret);
});

test('inspect finds a secret written into a cell (exit 8, the secret not printed); a file that is no workbook is bad input', async () => {
  const secret = sandbox.credentials.company.clientSecret;
  await editBudget('plan.xlsx', 'leaky.xlsx', (document) => {
    const categories = document.workbook.getWorksheet('Categories');
    if (categories) categories.getCell('H40').value = `note: ${secret}`;
  });
  const run = await runCli(['inspect', 'leaky.xlsx'], { cwd: dir, env: secretEnv(sandbox) });
  expect(run.code).toBe(8);
  expect(run.stdout).toMatch(/Secret scan: 1 finding\(s\)[^\n]*\n {2}xl\/sharedStrings\.xml: secret secret 1/);
  expect(run.stdout + run.stderr).not.toContain(secret);

  writeFileSync(join(dir, 'notes.xlsx'), 'just text');
  const bad = await runCli(['inspect', 'notes.xlsx'], { cwd: dir });
  expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('is not an Excel workbook')]);
  const missing = await runCli(['inspect', 'nowhere.xlsx'], { cwd: dir });
  expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('no such file')]);
});
