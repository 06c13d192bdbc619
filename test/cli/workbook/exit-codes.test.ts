/**
 * The exit codes a script relies on, each from a real run of `runWorkbookCli`: --help (0), bad options (2), a
 * secret on the command line (2), no secret (2), a wrong secret (3), the service down (5: a closed port), a file open
 * in Excel (6: its lock file beside the target). The secret appears on neither stream.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { EXIT } from '../../../src/cli/workbook/exit-codes';
import { runCli, secretEnv, serviceArgs, startService, tempDir, type Run, type Sandbox } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startService();
});
afterAll(() => sandbox.close());

/** A port nothing listens on: taken, then freed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function printed(run: Run): string {
  return run.stdout + run.stderr;
}

test('--help prints the usage on stdout and exits 0, for the tool and for each command', async () => {
  const dir = tempDir();
  const tool = await runCli(['--help'], { cwd: dir });
  expect([tool.code, tool.stdout]).toEqual([EXIT.done, expect.stringContaining('Exit codes:\n  0  done')]);
  const exportHelp = await runCli(['export', '--help'], { cwd: dir });
  expect([exportHelp.code, exportHelp.stdout, exportHelp.stderr]).toEqual([0, expect.stringContaining('--base-url URL'), '']);
  const inspectHelp = await runCli(['inspect', '-h'], { cwd: dir });
  expect([inspectHelp.code, inspectHelp.stdout]).toEqual([0, expect.stringContaining('Usage: npm run workbook -- inspect FILE.xlsx')]);
});

test('bad options, an unknown command, a command to come, no secret and a secret on the command line exit 2', async () => {
  const dir = tempDir();
  const cases: Array<[string[], string]> = [
    [['export', '--base-url', 'ftp://x', '--client-id', 'a', '--out', 'a.xlsx'], '--base-url: is not a base URL'],
    [['export', ...serviceArgs(sandbox)], 'Option --out is required'],
    [['export', ...serviceArgs(sandbox), '--out', 'a.xlsx', '--tables', 'budgetz'], 'budgetz: not a table'],
    [
      ['export', ...serviceArgs(sandbox), '--out', 'a.xlsx', '--period', 'thisYear', '--from', '2026-01-01'],
      '--period replaces --from and --to',
    ],
    [['export', ...serviceArgs(sandbox), '--out', 'a.csv'], 'must end in .xlsx'],
    [['frobnicate'], 'Unknown command: frobnicate'],
    [['refresh', 'a.xlsx'], 'Option --in is required'],
    [['refresh', '--in', 'a.csv'], '--in a.csv: the file must end in .xlsx'],
    [[], 'Usage: npm run workbook'],
    [['export', ...serviceArgs(sandbox), '--out', 'a.xlsx'], 'No client secret: set CASHFLOW_CLIENT_SECRET'],
    [['export', ...serviceArgs(sandbox), '--out', 'a.xlsx', '--client-secret', 'demo-secret'], '--client-secret is not accepted'],
    [['export', ...serviceArgs(sandbox), '--out', 'a.xlsx', '--client-secret=demo-secret'], '--client-secret is not accepted'],
    [['export', ...serviceArgs(sandbox), '--out', 'exists.xlsx'], 'exists: add --force to replace it'],
  ];
  writeFileSync(join(dir, 'exists.xlsx'), 'a workbook of someone');
  for (const [argv, message] of cases) {
    const run = await runCli(argv, { cwd: dir, env: argv.includes('exists.xlsx') ? secretEnv(sandbox) : {} });
    expect([argv, run.code, run.stderr]).toEqual([argv, EXIT.badInput, expect.stringContaining(message)]);
    expect(printed(run)).not.toContain('demo-secret');
  }
  expect(existsSync(join(dir, 'a.xlsx'))).toBe(false);
});

test('a base URL that is not the service (no such path: 404) is bad input (2), not an unexpected failure', async () => {
  const dir = tempDir();
  const argv = ['export', '--base-url', `${sandbox.url}/not-the-api/`, '--client-id', sandbox.credentials.company.clientId];
  const run = await runCli([...argv, '--out', 'a.xlsx'], { cwd: dir, env: secretEnv(sandbox) });
  expect(run.code).toBe(EXIT.badInput);
  expect(printed(run)).not.toContain(sandbox.credentials.company.clientSecret);
  expect(existsSync(join(dir, 'a.xlsx'))).toBe(false);
});

test('a wrong secret is refused by the service (3); nothing is written and the secret is not printed', async () => {
  const dir = tempDir();
  const run = await runCli(['export', ...serviceArgs(sandbox), '--out', 'a.xlsx', '--json'], {
    cwd: dir,
    env: { ...secretEnv(sandbox), CASHFLOW_CLIENT_SECRET: 'not-the-secret-4711' },
  });
  expect(run.code).toBe(EXIT.refused);
  expect(JSON.parse(run.stdout)).toMatchObject({ command: 'export', exitCode: 3 });
  expect(printed(run)).not.toContain('not-the-secret-4711');
  expect(existsSync(join(dir, 'a.xlsx'))).toBe(false);
});

test('a service that cannot be reached ends with 5 once the retry budget ran out; nothing is written', async () => {
  const dir = tempDir();
  const argv = ['export', '--base-url', `http://127.0.0.1:${await closedPort()}`, '--client-id', 'demo-company', '--out', 'a.xlsx'];
  const run = await runCli([...argv, '--give-up-after', '5'], { cwd: dir, env: secretEnv(sandbox) });
  expect([run.code, run.stderr]).toEqual([EXIT.serviceDown, expect.any(String)]);
  expect(printed(run)).not.toContain(sandbox.credentials.company.clientSecret);
  expect(existsSync(join(dir, 'a.xlsx'))).toBe(false);
});

test('a target open in Excel (its lock file beside it) is not replaced: exit 6 before anything is fetched', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'plan.xlsx'), 'the previous file');
  writeFileSync(join(dir, '~$plan.xlsx'), '');
  let requests = 0;
  const run = await runCli(['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--force'], {
    cwd: dir,
    env: secretEnv(sandbox),
    io: { fetch: (...args: Parameters<typeof fetch>) => ((requests += 1), fetch(...args)) },
  });
  expect([run.code, run.stderr]).toEqual([EXIT.fileBusy, expect.stringContaining('is open in Excel')]);
  expect(requests).toBe(0);
  const existing = await runCli(['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx'], { cwd: dir, env: secretEnv(sandbox) });
  expect(existing.code).toBe(EXIT.fileBusy);
});

test('export --force replaces the file only as it was when the run began: one saved meanwhile is kept (exit 6)', async () => {
  const dir = tempDir();
  const target = join(dir, 'plan.xlsx');
  writeFileSync(target, 'last night’s file');
  let saved = false;
  const run = await runCli(['export', ...serviceArgs(sandbox), '--out', 'plan.xlsx', '--force'], {
    cwd: dir,
    env: secretEnv(sandbox),
    // A colleague saves the file while the tables are fetched.
    io: {
      fetch: (...args: Parameters<typeof fetch>) => {
        if (!saved) writeFileSync(target, 'a colleague’s edits, saved during the run');
        saved = true;
        return fetch(...args);
      },
    },
  });
  expect([run.code, run.stderr]).toEqual([EXIT.fileBusy, expect.stringContaining('changed on disk during the run')]);
  expect(readFileSync(target, 'utf8')).toBe('a colleague’s edits, saved during the run');
});
