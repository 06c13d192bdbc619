import { summarize } from '../../bench/profile-summary';

const frame = (functionName: string, url = 'file:///bundle.cjs') => ({ functionName, url, lineNumber: 0 });

describe('the CPU profile summary of a pull', () => {
  // root ─┬─ execute (the simulation) ── writeCells
  //       ├─ execute (undici's, not the simulation) ── parse
  //       ├─ (garbage collector)
  //       ├─ (idle)
  //       ├─ add
  //       └─ writeChannelMessage (the remote Excel's channel) ── writeUtf8String
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 6, 7, 8, 9] },
      { id: 2, callFrame: frame('execute'), children: [3] },
      { id: 3, callFrame: frame('writeCells') },
      { id: 4, callFrame: frame('execute', 'node:internal/deps/undici/undici'), children: [5] },
      { id: 5, callFrame: frame('parse') },
      { id: 6, callFrame: frame('(garbage collector)', '') },
      { id: 7, callFrame: frame('(idle)', '') },
      { id: 8, callFrame: frame('add') },
      { id: 9, callFrame: frame('writeChannelMessage', 'node:internal/child_process/serialization'), children: [10] },
      { id: 10, callFrame: frame('writeUtf8String', '') },
    ],
    samples: [3, 3, 2, 5, 6, 7, 8, 8, 8, 9, 10, 10],
    timeDeltas: [1000, 1000, 1000, 2000, 4000, 8000, 1000, 1000, 1000, 1000, 2000, 3000],
  };

  test("splits the simulated Excel, the remote Excel's channel, garbage collection, idle time and the rest, by function", () => {
    const summary = summarize(profile);
    expect(summary.simulationMs).toBe(3);
    expect(summary.excelChannelMs).toBe(6);
    expect(summary.garbageCollectionMs).toBe(4);
    expect(summary.idleMs).toBe(8);
    expect(summary.restMs).toBe(5);
    expect(summary.functions.map((f) => [f.name.split(' ')[0], f.ms])).toEqual([
      ['add', 3],
      ['parse', 2],
    ]);
  });
});
