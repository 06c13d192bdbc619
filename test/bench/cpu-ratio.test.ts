import { addinCpuMs, CPU_TARGET, cpuRatio, medianRun } from '../../bench/cpu-ratio';

describe("issue #19's CPU measure", () => {
  test('the add-in CPU leaves out the simulated Excel and the memory sampling; the ratio divides by the floor CPU', () => {
    const ours = { cpuMs: 2_817, simMs: 599, samplerMs: 41 };
    expect(addinCpuMs(ours)).toBe(2_177);
    expect(cpuRatio(ours, { cpuMs: 1_338 })).toBeCloseTo(1.627, 3);
    expect(cpuRatio(ours, { cpuMs: 1_000 })).toBeGreaterThan(CPU_TARGET);
    expect(addinCpuMs({ cpuMs: 1_000 })).toBe(1_000);
    expect(cpuRatio({}, { cpuMs: 1_000 })).toBeNaN(); // a run without CPU figures never passes
    expect(cpuRatio(ours, {})).toBeNaN();
  });

  test('the median run is the middle one by the figure asked for', () => {
    const runs = [{ cpu: 5 }, { cpu: 1 }, { cpu: 9 }, { cpu: 3 }, { cpu: 7 }];
    expect(medianRun(runs, (r) => r.cpu)).toBe(runs[0]);
    expect(medianRun([], (r: { cpu: number }) => r.cpu)).toBeUndefined();
  });
});
