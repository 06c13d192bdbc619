/**
 * One production build of the add-in per change of its sources, shared by every jest worker and the benchmarks.
 * The tests drive the add-in through the preview, so this build asks for it (`--env preview`): the add-in's files
 * plus the preview's pages and bundles, no source maps (what `npm run build` ships, plus the preview).
 *
 * The build lands in `.cache/e2e-dist/<key>/`, where the key is made from the newest modification time and the
 * number of the files and folders that go into the bundle (src/ with its folders, so deleting or renaming a file
 * counts, webpack.config.js, the tsconfigs, package-lock.json, manifest.xml, the icons). A developer never tests a
 * stale bundle, and a run with nothing changed builds nothing.
 *
 * Workers running test files in parallel take a lock (a file created with `wx`, holding the builder's pid) and
 * wait for the one that builds; the builder writes into a temporary folder and renames it to the key at the end,
 * so a folder under its key is always a complete build.
 *
 * `buildAddin({ origin })` is the build for a deployment on that origin (`npm run build -- --env origin=…`, without the
 * preview: what an IT admin ships), cached the same way beside the preview build under `origin-<key>`
 * (test/deploy uses it): each kind is built at most once per change of the sources.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
const CACHE = path.join(ROOT, '.cache', 'e2e-dist');
const LOCK = path.join(ROOT, '.cache', 'e2e-dist.lock');
const BUILD_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 250;

/** Files (and for src/, folders) whose change means a new bundle. */
const INPUT_FILES = ['webpack.config.js', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'manifest.xml'];

interface Inputs {
  newestMs: number;
  count: number;
}

function scan(dir: string, into: Inputs): void {
  const stat = statSync(dir);
  into.newestMs = Math.max(into.newestMs, stat.mtimeMs);
  into.count += 1;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) scan(full, into);
    else {
      into.newestMs = Math.max(into.newestMs, statSync(full).mtimeMs);
      into.count += 1;
    }
  }
}

/** The key of the current sources: changes whenever a file that goes into the build changes, appears or goes. */
export function sourceKey(): string {
  const inputs: Inputs = { newestMs: 0, count: 0 };
  scan(path.join(ROOT, 'src'), inputs);
  for (const file of INPUT_FILES) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) {
      inputs.newestMs = Math.max(inputs.newestMs, statSync(full).mtimeMs);
      inputs.count += 1;
    }
  }
  // Only the icons at the top of assets/ are copied; assets/screenshots/ (written by the tests) is not an input.
  for (const entry of readdirSync(path.join(ROOT, 'assets'), { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.png')) {
      inputs.newestMs = Math.max(inputs.newestMs, statSync(path.join(ROOT, 'assets', entry.name)).mtimeMs);
      inputs.count += 1;
    }
  }
  return createHash('sha1').update(`${inputs.newestMs}:${inputs.count}`).digest('hex').slice(0, 12);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or returns false; a lock left by a process that no longer runs is removed. */
function tryLock(): boolean {
  try {
    writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(LOCK, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && !alive(holder)) rmSync(LOCK, { force: true });
    return false;
  }
}

/** What `npm run build` runs (webpack under tsx, which loads src/deploy for an origin build), with these `--env`s. */
function webpack(outputPath: string, env: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        require.resolve('webpack-cli/bin/cli.js'),
        '--mode',
        'production',
        ...env.flatMap((e) => ['--env', e]),
        '--env',
        `outputPath=${outputPath}`,
      ],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: BUILD_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`webpack failed (${error.message.split('\n')[0]}):\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`));
        else resolve();
      },
    );
  });
}

export interface Build {
  /** The folder holding taskpane.html, the bundles, office-js/ and (once it lands) the preview pages. */
  dir: string;
  /** True when this call ran webpack, false when the cached build was current. */
  built: boolean;
  /** Time spent in this call: the build, the wait for another worker's build, or the check alone. */
  ms: number;
}

/**
 * The production build of the current sources: the cached one when it is current, otherwise built now (or
 * awaited when another process is building it).
 */
export async function buildAddin(options: { origin?: string } = {}): Promise<Build> {
  const t0 = performance.now();
  mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  // The preview build's folders are the bare key; an origin build's carry its kind and origin.
  const kind = options.origin === undefined ? '' : `origin-${createHash('sha1').update(options.origin).digest('hex').slice(0, 8)}-`;
  const env = options.origin === undefined ? ['preview'] : [`origin=${options.origin}`];
  for (;;) {
    const key = `${kind}${sourceKey()}`;
    const dir = path.join(CACHE, key);
    if (existsSync(dir)) return { dir, built: false, ms: performance.now() - t0 };
    if (tryLock()) {
      try {
        if (existsSync(dir)) return { dir, built: false, ms: performance.now() - t0 };
        const temporary = path.join(CACHE, `.building-${process.pid}`);
        rmSync(temporary, { recursive: true, force: true });
        await webpack(temporary, env);
        renameSync(temporary, dir);
        // Older builds of this kind are of no use any more; keep only the current one (and the other kinds').
        const sameKind = (name: string) => (kind === '' ? !name.startsWith('origin-') && !name.startsWith('.') : name.startsWith(kind));
        for (const old of readdirSync(CACHE))
          if (old !== key && sameKind(old)) rmSync(path.join(CACHE, old), { recursive: true, force: true });
        return { dir, built: true, ms: performance.now() - t0 };
      } finally {
        rmSync(LOCK, { force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`Waited ${BUILD_TIMEOUT_MS / 1000} s for another process's build (lock ${LOCK}).`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
