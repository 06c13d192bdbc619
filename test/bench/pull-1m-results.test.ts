import type { MillionFigures } from '../../bench/pull-1m-run';
import { addinLiveHeapMb, pull1mResultRows, type SizeRun } from '../../bench/pull-1m-results';

/** A pull of `rows` costing `msPerRow` wall and CPU, its workbook 1 kB a row on a 10 MB heap. */
function figures(rows: number, msPerRow: number, extra: Partial<MillionFigures> = {}): MillionFigures {
  const workbookMb = rows / 1000;
  return {
    rows,
    wallMs: rows * msPerRow,
    cpuMs: rows * msPerRow,
    simMs: 0,
    requests: rows / 1000 + 3,
    syncs: 10,
    complete: true,
    service: { count: rows, sumCents: 123 },
    table: { rows, sumCents: 123 },
    peakHeapMb: 10 + workbookMb + 40,
    peakRssMb: 0,
    heapWithWorkbookMb: 10 + workbookMb,
    heapWithoutWorkbookMb: 10,
    baselineHeapMb: 0,
    baselineStored: true,
    probes: [
      { rows: rows / 2, heapMb: 10 + workbookMb / 2 + 30 },
      { rows, heapMb: 10 + workbookMb + 5 },
    ],
    ...extra,
  };
}

const run = (size: number, msPerRow: number, extra: Partial<MillionFigures> = {}): SizeRun => ({
  size,
  figures: figures(size, msPerRow, extra),
  probe: figures(size, msPerRow),
  sandboxStartMs: 0,
});

describe('the 1,000,000-row pull rows', () => {
  it('judge each size against the 100,000-row run within ±20 %', () => {
    const rows = pull1mResultRows([run(10_000, 0.05), run(100_000, 0.02), run(1_000_000, 0.023)], []);
    expect(rows.slice(0, 3).map((r) => r.holds)).toEqual([false, true, true]);
    expect(rows[2]?.ratio).toBe('wall 1.15×, CPU 1.15×');
  });

  it("estimate the add-in's live heap apart from the workbook's share of the rows written", () => {
    // at half the rows: 10 + 500 + 30 MB, of which the workbook's share is 500 MB
    expect(addinLiveHeapMb(figures(1_000_000, 0.02))).toBeCloseTo(40);
  });

  it('hold the refresh to incremental, verified and 10 s; the file to 1,000,000 rows', () => {
    const refresh = {
      mode: 'incremental' as const,
      requests: 7,
      rows: 1_000_000,
      fetched: 100,
      changes: 100,
      changesSeen: 100,
      phases: {},
    };
    const fast = pull1mResultRows(
      [run(100_000, 0.02), run(1_000_000, 0.02, { refresh: { ...refresh, wallMs: 9_000, verified: true } })],
      [],
    );
    const slow = pull1mResultRows(
      [run(100_000, 0.02), run(1_000_000, 0.02, { refresh: { ...refresh, wallMs: 25_000, verified: true } })],
      [],
    );
    expect(fast.find((r) => r.measure.startsWith('refresh'))?.holds).toBe(true);
    expect(slow.find((r) => r.measure.startsWith('refresh'))?.holds).toBe(false);
    const file = pull1mResultRows([run(100_000, 0.02)], [{ size: 100_000, failure: 'heap out of memory' }]);
    expect(file[file.length - 1]).toMatchObject({ holds: false, ours: 'did not complete: heap out of memory' });
  });
});
