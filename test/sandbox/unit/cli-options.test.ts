import { spawnSync } from 'node:child_process';
import { parseCliArgs } from '../../../src/sandbox/cli-options';

describe('CLI options', () => {
  it('has the documented defaults', () => {
    const result = parseCliArgs([]);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.options).toMatchObject({
        port: 8787,
        host: '127.0.0.1',
        seed: 42,
        transactions: 5000,
        tokenTtl: 300,
        cors: true,
        faults: {},
      });
    }
  });

  it('takes a company as large as a worksheet and a little more (the 1,000,000-row pull benchmark)', () => {
    const million = parseCliArgs(['--transactions', '1000000']);
    expect(million.ok && million.options.transactions).toBe(1_000_000);
    const aboveTheSheet = parseCliArgs(['--transactions', '1100000']);
    expect(aboveTheSheet.ok && aboveTheSheet.options.transactions).toBe(1_100_000);
    expect(parseCliArgs(['--transactions', '1100001']).ok).toBe(false);
  });

  it('maps every flag', () => {
    const result = parseCliArgs([
      '--port',
      '0',
      '--seed=7',
      '--transactions',
      '200000',
      '--token-ttl',
      '60',
      '--link-host',
      'http://api.example.test',
      '--data',
      '/tmp/x.json',
      '--cors-origin',
      'https://a.example',
      '--cors-origin',
      'https://b.example',
      '--fault-500',
      '0.1',
      '--fault-429',
      '0.2',
      '--retry-after',
      '3',
      '--fault-slow',
      '0.3',
      '--slow-ms',
      '50',
      '--fault-drop',
      '0.05',
      '--fault-after-write-500',
      '0.04',
      '--fault-after-write-drop',
      '0.03',
      '--fault-seed',
      '11',
      '--fault-concurrent-edits',
      '1',
      '--fault-concurrent-budget-edits',
      '0.5',
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.options).toMatchObject({
      port: 0,
      seed: 7,
      transactions: 200000,
      tokenTtl: 60,
      linkHost: 'http://api.example.test',
      dataFile: '/tmp/x.json',
      cors: { origins: ['https://a.example', 'https://b.example'] },
      faults: {
        error500Rate: 0.1,
        rate429: 0.2,
        retryAfterSeconds: 3,
        slowRate: 0.3,
        slowMs: 50,
        dropRate: 0.05,
        afterWrite500Rate: 0.04,
        afterWriteDropRate: 0.03,
        seed: 11,
        concurrentEditRate: 1,
        concurrentBudgetEditRate: 0.5,
      },
    });
    const noCors = parseCliArgs(['--no-cors']);
    expect(noCors.ok && noCors.options.cors).toBe(false);
  });

  it.each([
    [['--port', 'abc'], '--port'],
    [['--port', '70000'], '--port'],
    [['--fault-500', '2'], '--fault-500'],
    [['--transactions', '1100001'], '--transactions'],
    [['--link-host', 'not a url'], '--link-host'],
    [['--bogus'], 'Unknown option'],
    [['--seed'], 'needs a value'],
  ])('rejects %p naming %s', (argv, fragment) => {
    const result = parseCliArgs(argv);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(fragment);
  });
});

describe('npm run sandbox with a bad option', () => {
  it('prints what is wrong and exits with code 2, starting nothing', () => {
    const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'src/sandbox/cli.ts', '--transactions', 'lots'], {
      cwd: `${__dirname}/../../..`,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(`${run.stdout}${run.stderr}`).toMatch(/transactions/);
    expect(run.stdout).not.toMatch(/listening/);
  });
});
