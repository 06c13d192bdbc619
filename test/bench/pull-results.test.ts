import type { PullBenchFigures } from '../../bench/pull';
import { pullResultRows, type PullRuns } from '../../bench/pull-results';

const run = (label: string, cpuMs: number, extra: Partial<PullBenchFigures> = {}): PullBenchFigures => ({
  label,
  latencyMs: 0,
  wallMs: 1000,
  rows: 100_000,
  requests: 103,
  cpuMs,
  ...extra,
});

function runs(extra: Partial<PullRuns> = {}): PullRuns {
  return {
    transactions: 100_000,
    latencyMs: 50,
    our0: run('our pull', 1_150, { samplerMs: 50, totalSyncBytes: 24_200_000 }),
    ourL: run('our pull', 1_150, { latencyMs: 50, samplerMs: 50 }),
    naiveWallMs: 60_000,
    floor: run('raw floor', 550),
    minimumRequests: 103,
    ...extra,
  };
}

const byMeasure = (rows: ReturnType<typeof pullResultRows>, start: string) => rows.find((r) => r.measure.startsWith(start));

describe('the pull benchmark rows', () => {
  it('judge the add-in CPU (less the sampling) against 1.5× of the raw floor', () => {
    const rows = pullResultRows(runs());
    const cpu = rows.filter((r) => r.measure.startsWith('add-in CPU'));
    expect(cpu.map((r) => [r.ratio, r.holds])).toEqual([
      ['2.00×', false],
      ['2.00×', false],
    ]);
    const within = pullResultRows(runs({ our0: run('our pull', 825), ourL: run('our pull', 800, { latencyMs: 50 }) }));
    expect(within.filter((r) => r.measure.startsWith('add-in CPU')).map((r) => r.holds)).toEqual([true, true]);
  });

  it('show the bare add-in against the floor and ours against the bare add-in, for information', () => {
    const bare = run('bare add-in', 880, { totalSyncBytes: 20_600_000 });
    const rows = pullResultRows(runs({ bare }));
    const bareRow = byMeasure(rows, "for information: the bare add-in's CPU");
    expect(bareRow).toMatchObject({ ours: '880 ms', baseline: 'raw floor (fetch + JSON.parse) 550 ms', ratio: '1.60×', holds: null });
    expect(bareRow?.measure).toContain('20.6 MB of requests');
    const against = byMeasure(rows, "for information: add-in CPU against the bare add-in's");
    expect(against).toMatchObject({ ours: '1,100 ms', baseline: 'bare add-in 880 ms', ratio: '1.25×', holds: null });
    expect(against?.measure).toContain('ours writes 24.2 MB');
  });

  it('leave the bare rows out when the run had no bare add-in', () => {
    expect(pullResultRows(runs()).some((r) => r.measure.includes('bare add-in'))).toBe(false);
  });
});
