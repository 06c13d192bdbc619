import { addinCpuMs, CPU_TARGET, cpuRatio, medianRun } from '../../bench/cpu-ratio';

describe("issue #19's CPU measure", () => {
  test('the add-in CPU is its process CPU less the memory sampling; the ratio divides by the floor CPU', () => {
    // The simulated Excel in a process of its own (the remote Excel): its execute time is not in the add-in's CPU.
    const remote = { cpuMs: 2_817, simMs: 599, samplerMs: 41 };
    expect(addinCpuMs(remote)).toBe(2_776);
    expect(cpuRatio(remote, { cpuMs: 2_000 })).toBeCloseTo(1.388, 3);
  });

  test("with the simulation in the add-in's process, its execute time is taken off too", () => {
    const ours = { cpuMs: 2_817, simMs: 599, samplerMs: 41, simInProcess: true };
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
