/**
 * The one table of benchmark figures (issue #30): each benchmark's rows go into bench/results.json under its name with
 * the date and the machine, the others' rows stay; docs/benchmarks.md shows the table rendered from that file, so its
 * figures cannot be typed by hand.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushResultRows, speedGoal } from '../../bench/push-results';
import type { SideFigures } from '../../bench/push-figures';
import { counting } from '../../bench/request-counter';
import { BENCHMARKS_DOC, readResults, renderResults, RESULTS_BLOCK, saveSection, type ResultRow } from '../../bench/results';
import { readBlock } from '../../scripts/readme-block';

const row = (measure: string, holds: boolean | null): ResultRow => ({
  measure,
  ours: '1 s',
  baseline: 'naive 10 s',
  ratio: '10.0×',
  target: '≥ 10×',
  holds,
});

describe('bench/results.json', () => {
  it('keeps the sections of benchmarks not run, replaces the one run, in the table order, each with its date and machine', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-results-')), 'results.json');
    saveSection('sandbox', 'The sandbox', [row('pages', null)], file, new Date('2026-11-20T10:00:00Z'));
    saveSection('pull', 'Pull', [row('cpu', false)], file, new Date('2026-11-25T10:00:00Z'));
    saveSection('pull', 'Pull', [row('cpu', true)], file, new Date('2026-11-26T10:00:00Z'));
    const results = readResults(file);
    expect(Object.keys(results.sections)).toEqual(['pull', 'sandbox']);
    expect(results.sections.pull).toMatchObject({ date: '2026-11-26', rows: [{ measure: 'cpu', holds: true }] });
    expect(results.sections.sandbox?.date).toBe('2026-11-20');
    expect(results.sections.pull?.machine).toMatch(/^\d+ × .+, \d+ GB, Node v\d+/);
  });

  it('renders one Markdown table: a heading row per benchmark, the verdicts in words, pipes escaped', () => {
    const table = renderResults({
      sections: {
        pull: { title: 'Pull', date: '2026-11-26', machine: '2 × CPU', rows: [row('a | b', true), row('c', false), row('d', null)] },
      },
    });
    expect(table.split('\n')).toEqual([
      '| measure | ours | baseline (same run) | ratio | target | holds? |',
      '|---|---|---|---|---|---|',
      '| **Pull** (`pull`, 2026-11-26; 2 × CPU) | | | | | |',
      '| a \\| b | 1 s | naive 10 s | 10.0× | ≥ 10× | yes |',
      '| c | 1 s | naive 10 s | 10.0× | ≥ 10× | **no** |',
      '| d | 1 s | naive 10 s | 10.0× | ≥ 10× | for information |',
    ]);
  });

  it("docs/benchmarks.md's table is bench/results.json rendered", () => {
    const doc = readFileSync(BENCHMARKS_DOC, 'utf8');
    expect(readBlock(doc, RESULTS_BLOCK)).toBe(renderResults(readResults()));
    expect(Object.keys(readResults().sections).length).toBeGreaterThan(0);
  });
});

describe('the push rows', () => {
  const side = (rows: number, wallMs: number, cpuMs: number): SideFigures => ({
    label: 'x',
    rows,
    wallMs,
    cpuMs,
    counter: counting(),
    sandboxCpuMs: undefined,
  });

  it('hold at 1× on bare loopback and at 5× with latency, and for CPU only below the sequential client', () => {
    expect(speedGoal(0)).toBe(1);
    expect(speedGoal(20)).toBe(5);
    const [speed, cpu] = pushResultRows('budgets', 0, [side(1000, 2000, 1500), side(1000, 2100, 1600)]);
    expect(speed).toMatchObject({ ratio: '1.1×', holds: true, ours: '500 rows/s', baseline: 'one at a time 476 rows/s' });
    expect(cpu).toMatchObject({ ours: '1.50 ms', holds: true });
    const [slow] = pushResultRows('budgets', 20, [side(1000, 2000, 1500), side(1000, 8000, 1600)]);
    expect(slow).toMatchObject({ ratio: '4.0×', target: '≥ 5×', holds: false });
  });
});
