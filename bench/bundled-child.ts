/**
 * A benchmark's measured side in a node process of its own: its entry file bundled by esbuild as the add-in ships (one
 * scope-hoisted file, like the webpack production build; not through tsx, whose loader turns every import of one
 * module from another into a property getter, ~0.1 s of CPU in a 100,000-row pull), built once per entry and run.
 * The child reads its run from BENCH_CHILD_RUN (JSON) and prints its figures as one line `BENCH_FIGURES <json>`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

export const CHILD_MARK = 'BENCH_FIGURES ';

const bundles = new Map<string, Promise<string>>();

/** `entry`: a file in bench/ ("pull-child.ts"); gives the bundle's path (built once per process). */
export function bundled(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (bundle === undefined) {
    const outfile = path.join(__dirname, '..', 'node_modules', '.cache', 'bench', entry.replace(/\.ts$/, '.cjs'));
    bundle = build({
      entryPoints: [path.join(__dirname, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      external: ['esbuild'], // the bundler itself, imported by benchmark files, is never called in the child
      logLevel: 'warning',
    }).then(() => outfile);
    bundles.set(entry, bundle);
  }
  return bundle;
}

/** Runs `entry` bundled in a fresh node process (`nodeArgs` before it, e.g. a heap limit) and reads its figures. */
export async function runBundledChild<T>(entry: string, run: unknown, nodeArgs: readonly string[] = []): Promise<T> {
  const bundle = await bundled(entry);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, bundle], {
      env: { ...process.env, BENCH_CHILD_RUN: JSON.stringify(run) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const line = output.split('\n').find((l) => l.startsWith(CHILD_MARK));
      if (code !== 0 || line === undefined) reject(new Error(`bench child ${entry} exited with ${code ?? signal}: ${output.slice(-500)}`));
      else resolve(JSON.parse(line.slice(CHILD_MARK.length)) as T);
    });
  });
}

/** The child's side: its run, as the parent handed it over. */
export function childRun<T>(): T {
  return JSON.parse(process.env.BENCH_CHILD_RUN ?? '') as T;
}

/** The child's side: its figures, the line the parent reads. */
export function reportFigures(figures: unknown): void {
  console.log(CHILD_MARK + JSON.stringify(figures));
}
