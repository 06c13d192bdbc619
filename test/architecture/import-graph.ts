/**
 * The import graph of the TypeScript sources and its cycles (used by import-cycles.test.ts).
 *
 * Every import counts: type-only imports, `export ... from` re-exports, side-effect imports and `import()`
 * (`ts.preProcessFile` finds them all). Only relative specifiers are followed (packages are not ours); they resolve
 * as the compiler does here: `x.ts`, `x.tsx`, then `x/index.ts`.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as ts from 'typescript';

/** Each file and the files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** How the graph reads files: the disk, or (in the unit case) a map of file texts. */
export interface SourceReader {
  read(file: string): string;
  isFile(file: string): boolean;
}

export const disk: SourceReader = {
  read: (file) => readFileSync(file, 'utf8'),
  isFile: (file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  },
};

/** Every `.ts`/`.tsx` file under `dir`, sorted. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** Every module specifier the text imports or re-exports, type-only ones included. */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The file a relative specifier names, or undefined (a package, or nothing there). */
export function resolveImport(from: string, specifier: string, reader: SourceReader): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => reader.isFile(candidate));
}

export function buildImportGraph(files: readonly string[], reader: SourceReader = disk): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importSpecifiers(reader.read(file))
      .map((specifier) => resolveImport(file, specifier, reader))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components, each sorted; components in the order Tarjan completes them. */
export function stronglyConnectedComponents(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component.sort());
    }
  };

  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components;
}

/** The import cycles: components of more than one file, and files that import themselves. Sorted. */
export function importCycles(graph: ImportGraph): string[][] {
  return stronglyConnectedComponents(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0] as string) ?? []).includes(component[0] as string))
    .sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
