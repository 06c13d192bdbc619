import { relative, resolve } from 'node:path';
import { buildImportGraph, importCycles, sourceFiles, type SourceReader } from './import-graph';

const root = resolve(__dirname, '../..');

/** A reader over in-memory files (absolute paths). */
function memory(files: Record<string, string>): SourceReader {
  return {
    read: (file) => {
      const text = files[file];
      if (text === undefined) throw new Error(`no file ${file}`);
      return text;
    },
    isFile: (file) => file in files,
  };
}

describe('import cycles', () => {
  test('no file under src imports itself, directly or through others (type-only imports and re-exports count)', () => {
    const graph = buildImportGraph(sourceFiles(resolve(root, 'src')));
    expect(graph.size).toBeGreaterThan(100);
    const cycles = importCycles(graph).map((files) => files.map((file) => relative(root, file)).join(' <-> '));
    expect(cycles).toEqual([]);
  });

  test('a cycle through a type-only import, a re-export and a folder index is reported; the files outside it are not', () => {
    const files = {
      '/p/a.ts': "import type { B } from './b';\nimport { z } from 'zod';\nexport const a = 1;",
      '/p/b.ts': "export { c } from './c';\nexport type B = number;",
      '/p/c/index.ts': "import { a } from '../a';\nexport const c = a;",
      '/p/d.tsx': "import { a } from './a';\nimport { missing } from './nowhere';",
      '/p/e.ts': "import('./d');\nimport './e';",
    };
    const graph = buildImportGraph(Object.keys(files), memory(files));
    expect(graph.get('/p/a.ts')).toEqual(['/p/b.ts']);
    expect(graph.get('/p/b.ts')).toEqual(['/p/c/index.ts']);
    expect(importCycles(graph)).toEqual([['/p/a.ts', '/p/b.ts', '/p/c/index.ts'], ['/p/e.ts']]);
  });

  test('an acyclic graph has no cycles', () => {
    const files = { '/q/a.ts': "import './b';", '/q/b.ts': "export * from './c';", '/q/c.ts': 'export const c = 1;' };
    expect(importCycles(buildImportGraph(Object.keys(files), memory(files)))).toEqual([]);
  });
});
