/** The proxy's command line: one option table gives parsing, --help and the README's option list. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROXY_OPTIONS, USAGE, parseCliArgs, renderOptionsMarkdown } from '../../src/proxy/cli-options';
import { readBlock } from '../../scripts/readme-block';

const ROOT = join(__dirname, '..', '..');
const run = (...argv: string[]) =>
  spawnSync(process.execPath, [require.resolve('tsx/cli'), 'src/proxy/cli.ts', ...argv], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('npm run proxy options', () => {
  it('has the documented defaults; --target is the only required flag', () => {
    expect(parseCliArgs(['--target', 'https://api.example.com'])).toEqual({
      ok: true,
      options: { target: 'https://api.example.com', port: 8788, host: '127.0.0.1' },
    });
    expect(PROXY_OPTIONS.filter((spec) => 'required' in spec).map((spec) => spec.name)).toEqual(['target']);
  });

  it('maps every flag; --allow-origin repeats and takes *, --allow-host repeats', () => {
    const result = parseCliArgs([
      '--target=http://127.0.0.1:8787/',
      '--port',
      '0',
      '--host',
      '::1',
      '--allow-origin',
      'https://addin.example',
      '--allow-origin',
      '*',
      '--allow-host',
      'proxy.example.com',
      '--allow-host',
      'proxy.lan:8788',
    ]);
    expect(result).toEqual({
      ok: true,
      options: {
        target: 'http://127.0.0.1:8787/',
        port: 0,
        host: '::1',
        allowedOrigins: ['https://addin.example', '*'],
        allowedHosts: ['proxy.example.com', 'proxy.lan:8788'],
      },
    });
  });

  it('a bad option lists every problem, then the usage, with exit code 2', () => {
    expect(parseCliArgs(['--target', 'https://api.example.com/v1', '--port', '70000', '--allow-origin', 'addin', '--open'])).toEqual({
      ok: false,
      exitCode: 2,
      message: [
        'Invalid options:',
        '  --target: "https://api.example.com/v1" has a path, query or fragment; give the origin only, such as https://api.example.com or http://127.0.0.1:8787: request paths are appended to it.',
        '  --port: 70000 is out of range (0 to 65535)',
        '  --allow-origin: "addin" is not an origin such as http://localhost:3000 (no path)',
        '  Unknown option: --open',
        '',
        USAGE,
      ].join('\n'),
    });
    expect(parseCliArgs([])).toMatchObject({
      ok: false,
      exitCode: 2,
      message: expect.stringContaining('Option --target is required (ORIGIN).'),
    });
    expect(parseCliArgs(['--target', 'https://u:p@api.example.com'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('carries credentials'),
    });
  });

  it('--help (or -h) asks to print the usage and exit 0, even without --target', () => {
    for (const argv of [['--help'], ['-h'], ['--port', 'x', '--help']])
      expect(parseCliArgs(argv)).toEqual({ ok: false, message: USAGE, exitCode: 0 });
  });

  it("src/proxy/README.md's option list is what the table renders (after editing src/proxy/cli-options.ts, run npm run docs:options)", () => {
    const readme = readFileSync(join(ROOT, 'src', 'proxy', 'README.md'), 'utf8');
    expect(readBlock(readme, 'proxy-options')).toBe(renderOptionsMarkdown());
    for (const spec of PROXY_OPTIONS) {
      expect(USAGE.split('\n').filter((line) => line.startsWith(`  --${spec.name} `))).toHaveLength(1);
      expect(
        renderOptionsMarkdown()
          .split('\n')
          .filter((line) => line.startsWith(`| \`--${spec.name}`)),
      ).toHaveLength(1);
    }
  });

  it('the command prints the usage for --help (exit 0) and a message with the usage for a bad option (exit 2), starting nothing', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout.trim()).toBe(USAGE);
    const bad = run('--target', 'ftp://api.example.com');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--target: "ftp://api.example.com" is not http or https');
    expect(bad.stderr).toContain(USAGE);
    expect(bad.stdout).not.toMatch(/listening/);
  });
});
