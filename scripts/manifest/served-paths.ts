import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * What the server serves: the files of `build` when it is a build (it holds taskpane.html: a manifest checked beside
 * them, `dist/manifest.xml`), else those of `dist/` when there is one, else what the build emits.
 */
export function servedPaths(root: string, build?: string): Set<string> {
  for (const dir of [build, join(root, 'dist')]) {
    if (dir !== undefined && existsSync(join(dir, 'taskpane.html')))
      return new Set(listFiles(dir).map((f) => relative(dir, f).split(sep).join('/')));
  }
  const assets = readdirSync(join(root, 'assets'))
    .filter((f) => f.endsWith('.png'))
    .map((f) => `assets/${f}`);
  return new Set(['taskpane.html', 'taskpane.js', 'functions.js', 'functions.json', 'manifest.xml', ...assets]);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}
