/**
 * One table of every benchmark's figures, kept honest (issue #30): each benchmark hands its rows to `saveSection`,
 * which writes them into `bench/results.json` under the benchmark's name with the machine and the date of that run
 * (the sections of benchmarks not run this time stay as they were, each with its own date); `npm run bench` prints
 * the whole table at the end and writes it into docs/benchmarks.md between the `bench-results` markers, so the
 * figures there come from the file, never typed by hand (`test/bench/results.test.ts` compares them).
 *
 * A row names what is measured, our figure, the baseline measured in the same run (or none, for figures that have
 * only a target), the ratio between them and the target with its verdict.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { replaceBlock } from '../scripts/readme-block';

export const RESULTS_FILE = path.join(__dirname, 'results.json');
export const BENCHMARKS_DOC = path.join(__dirname, '..', 'docs', 'benchmarks.md');
export const RESULTS_BLOCK = 'bench-results';

const rowSchema = z.object({
  /** What is measured, with its conditions: "add-in CPU, 100,000-row pull, 0 ms per sync". */
  measure: z.string(),
  /** Our figure with its unit. */
  ours: z.string(),
  /** The baseline measured in the same run, named ("raw floor 0.9 s"), or "–". */
  baseline: z.string(),
  /** Ours against the baseline ("1.63×"), or "–". */
  ratio: z.string(),
  target: z.string(),
  /** null: for information, no verdict. */
  holds: z.boolean().nullable(),
});
export type ResultRow = z.infer<typeof rowSchema>;

const sectionSchema = z.object({ title: z.string(), date: z.string(), machine: z.string(), rows: z.array(rowSchema) });
export type ResultSection = z.infer<typeof sectionSchema>;

const resultsSchema = z.object({ sections: z.record(z.string(), sectionSchema) });
export type BenchResults = z.infer<typeof resultsSchema>;

/** The sections in the order the table shows them (others after them, by name). */
export const SECTION_ORDER = [
  'pull',
  'pull-1m',
  'incremental',
  'push-20ms',
  'push-0ms',
  'functions',
  'pane',
  'soak',
  'pull-soak',
  'sandbox',
];

/** "2 × Intel(R) Xeon(R) …, 23 GB, Node v20.20.2, linux" */
export function machineText(): string {
  const cpus = os.cpus();
  const model = (cpus[0]?.model ?? 'unknown CPU').replace(/\s+/g, ' ').trim();
  return `${os.availableParallelism()} × ${model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${process.platform}`;
}

export function readResults(file = RESULTS_FILE): BenchResults {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { sections: {} };
  }
  return resultsSchema.parse(JSON.parse(text));
}

/** Writes one benchmark's rows (replacing its earlier ones) with today's date and this machine. */
export function saveSection(key: string, title: string, rows: ResultRow[], file = RESULTS_FILE, now = new Date()): BenchResults {
  const results = readResults(file);
  results.sections[key] = { title, date: now.toISOString().slice(0, 10), machine: machineText(), rows };
  const ordered = Object.fromEntries(sortedKeys(results).map((k) => [k, results.sections[k]]));
  const out: BenchResults = { sections: ordered as BenchResults['sections'] };
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return out;
}

function sortedKeys(results: BenchResults): string[] {
  const rank = (key: string): number => {
    const i = SECTION_ORDER.indexOf(key);
    return i < 0 ? SECTION_ORDER.length : i;
  };
  return Object.keys(results.sections).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const verdict = (holds: boolean | null): string => (holds === null ? 'for information' : holds ? 'yes' : '**no**');
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The Markdown table of every section: a heading row per benchmark with its date and machine, then its rows. */
export function renderResults(results: BenchResults): string {
  const lines = ['| measure | ours | baseline (same run) | ratio | target | holds? |', '|---|---|---|---|---|---|'];
  for (const key of sortedKeys(results)) {
    const section = results.sections[key];
    if (section === undefined) continue;
    lines.push(`| **${cell(section.title)}** (\`${key}\`, ${section.date}; ${cell(section.machine)}) | | | | | |`);
    for (const row of section.rows)
      lines.push(`| ${[row.measure, row.ours, row.baseline, row.ratio, row.target].map(cell).join(' | ')} | ${verdict(row.holds)} |`);
  }
  return lines.join('\n');
}

/** Prints the table and rewrites the docs block from the file. */
export function publishResults(results = readResults(), doc = BENCHMARKS_DOC): void {
  const table = renderResults(results);
  console.log(`\nAll benchmarks (${path.relative(process.cwd(), RESULTS_FILE)}):\n${table}`);
  const before = readFileSync(doc, 'utf8');
  const after = replaceBlock(before, RESULTS_BLOCK, table);
  if (after !== before) writeFileSync(doc, after);
}

/** "1.63×" */
export const times = (ratio: number, digits = 2): string => `${Number.isFinite(ratio) ? ratio.toFixed(digits) : '–'}×`;
