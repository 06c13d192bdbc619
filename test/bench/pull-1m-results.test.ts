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
  it('judge the cost of the rows each step adds, not the fixed cost a small table carries per row', () => {
    // 80 ms and 3 requests fixed, then 0.02 ms and 1/1,000 requests a row: linear, though 10,000 rows cost 1.4× per row
    const affine = (size: number, msPerRow: number): SizeRun =>
      run(size, msPerRow, { wallMs: 80 + size * msPerRow, cpuMs: 80 + size * msPerRow });
    const rows = pull1mResultRows([affine(10_000, 0.02), affine(100_000, 0.02), affine(1_000_000, 0.02)], []);
    const steps = rows.filter((r) => r.measure.includes('rows added'));
    expect(steps.map((r) => r.holds)).toEqual([true, true]);
    expect(steps[0]?.ours).toBe('wall 20.0 ms, CPU 20.0 ms, 1.00 requests');
    expect(rows.find((r) => r.measure.includes('fixed cost'))?.ours).toBe('wall 80 ms, CPU 80 ms, 3.0 requests');
    const perRow = rows.filter((r) => r.measure.includes('fixed cost included'));
    expect(perRow.map((r) => r.holds)).toEqual([null, null, null]);
    expect(perRow[0]?.ours).toBe('wall 28.0 ms, CPU 28.0 ms, 1.30 requests (13)');
  });

  it('fail a step that costs more than 20 % over the median per row added', () => {
    // from 300,000 to 1,000,000 each row costs 0.03 ms against 0.02 before
    const cost = (size: number, ms: number): SizeRun => run(size, 0.02, { wallMs: ms, cpuMs: ms });
    const rows = pull1mResultRows([cost(10_000, 200), cost(100_000, 2_000), cost(300_000, 6_000), cost(1_000_000, 27_000)], []);
    const steps = rows.filter((r) => r.measure.includes('rows added'));
    expect(steps.map((r) => r.holds)).toEqual([true, true, false]);
    expect(steps[2]?.ratio).toBe('wall 1.50×, CPU 1.50×, requests 1.00×');
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
