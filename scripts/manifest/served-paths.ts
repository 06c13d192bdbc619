import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the dev server serves: the files of a build in `dist/` when there is one, else what the build emits. */
export function servedPaths(root: string): Set<string> {
  const dist = join(root, 'dist');
  if (existsSync(join(dist, 'taskpane.html'))) return new Set(listFiles(dist).map((f) => relative(dist, f)));
  const assets = readdirSync(join(root, 'assets')).filter((f) => f.endsWith('.png')).map((f) => `assets/${f}`);
  return new Set(['taskpane.html', 'taskpane.js', 'functions.js', 'functions.json', 'manifest.xml', ...assets]);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}
