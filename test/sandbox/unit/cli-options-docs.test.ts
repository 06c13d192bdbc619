/** One table of sandbox options: the usage text, --help and the README's option list all come from it. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_OPTIONS, USAGE, parseCliArgs, renderOptionsMarkdown, renderUsage } from '../../../src/sandbox/cli-options';
import { readBlock, replaceBlock } from '../../../scripts/readme-block';

const ROOT = join(__dirname, '..', '..', '..');

describe('the option table', () => {
  it('names every flag once; every flag but a switch has a value placeholder', () => {
    const names = SANDBOX_OPTIONS.map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
    for (const spec of SANDBOX_OPTIONS) expect('value' in spec).toBe(spec.kind !== 'switch');
  });

  it('renders one usage line and one README row per flag', () => {
    for (const spec of SANDBOX_OPTIONS) {
      expect(USAGE.split('\n').filter((line) => line.startsWith(`  --${spec.name} `))).toHaveLength(1);
      expect(
        renderOptionsMarkdown()
          .split('\n')
          .filter((line) => line.startsWith(`| \`--${spec.name}`)),
      ).toHaveLength(1);
    }
    expect(renderUsage()).toBe(USAGE);
  });
});

describe("src/sandbox/README.md's option list", () => {
  const readme = readFileSync(join(ROOT, 'src', 'sandbox', 'README.md'), 'utf8');

  it('is what the table renders (after editing src/sandbox/cli-options.ts, run npm run docs:options)', () => {
    expect(readBlock(readme, 'sandbox-options')).toBe(renderOptionsMarkdown());
  });

  it('is caught when edited by hand', () => {
    const edited = readme.replace('| `--port N` | port to listen on', '| `--port N` | the port to listen on');
    expect(edited).not.toBe(readme);
    expect(readBlock(edited, 'sandbox-options')).not.toBe(renderOptionsMarkdown());
    expect(readBlock(replaceBlock(edited, 'sandbox-options', renderOptionsMarkdown()), 'sandbox-options')).toBe(renderOptionsMarkdown());
    expect(replaceBlock(edited, 'sandbox-options', renderOptionsMarkdown())).toBe(readme);
  });

  it('needs both markers', () => {
    expect(() => readBlock('no block here', 'sandbox-options')).toThrow(/sandbox-options:start/);
  });
});

describe('--help and bad options', () => {
  it('--help (or -h) asks to print the usage and exit 0, even next to other flags', () => {
    for (const argv of [['--help'], ['-h'], ['--port', 'abc', '--help']]) {
      expect(parseCliArgs(argv)).toEqual({ ok: false, message: USAGE, exitCode: 0 });
    }
  });

  it('a whole number is decimal digits: 0x1F and 1e3 are refused, not read as 31 and 1000', () => {
    for (const text of ['0x1F', '1e3', '8787.0', ' ']) {
      const result = parseCliArgs(['--port', text]);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain(`--port: ${JSON.stringify(text)} is not a whole number`);
    }
    expect(parseCliArgs(['--port', '8787'])).toMatchObject({ ok: true });
  });

  it('a bad option lists every problem, then the usage, with exit code 2', () => {
    const result = parseCliArgs(['--port', 'abc', '--bogus', 'extra', '--no-cors=yes', '--token-ttl', '0']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.exitCode).toBe(2);
    expect(result.message).toBe(
      [
        'Invalid options:',
        '  --port: "abc" is not a whole number',
        '  Unknown option: --bogus',
        '  Unexpected argument: extra (options start with --)',
        '  --no-cors: takes no value',
        '  --token-ttl: 0 is out of range (at least 1)',
        '',
        USAGE,
      ].join('\n'),
    );
  });

  it('a flag where a value belongs is a missing value, and the flag is still read', () => {
    const result = parseCliArgs(['--seed', '--fault-500=2']);
    expect(!result.ok && result.message.split('\n\n')[0]).toBe(
      'Invalid options:\n  Option --seed needs a value (N).\n  --fault-500: "2" is not a share from 0 to 1',
    );
    const negative = parseCliArgs(['--seed', '-5', '--link-host=http://a.example:8080']);
    expect(negative.ok && negative.options).toMatchObject({ seed: -5, linkHost: 'http://a.example:8080' });
  });

  it('npm run sandbox -- --help prints the usage on stdout and exits 0, starting nothing', () => {
    const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'src/sandbox/cli.ts', '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(USAGE);
  });
});
