import type { SimulatedWorkbook, WorkbookSnapshot } from '../../src/preview/excel-sim';
import { snapshotWorkbookInSlices } from '../../src/preview/excel-sim/model/workbook-snapshot';
import { AUTOSAVE_DELAY_MS, startAutosave, type SaveState } from '../../src/preview/workbook-autosave';
import type { WorkbookStore } from '../../src/preview/workbook-store';
import { LARGE_COLUMNS, largeWorkbook } from './large-workbook';

/** A store that keeps what it was given (a structured clone, as IndexedDB would). */
function recordingStore(): WorkbookStore & { saves: WorkbookSnapshot[] } {
  const saves: WorkbookSnapshot[] = [];
  return {
    saves,
    load: async () => saves.at(-1),
    save: async (snapshot) => {
      saves.push(structuredClone(snapshot));
    },
    clear: async () => {
      saves.length = 0;
    },
  };
}

async function writeCell(wb: SimulatedWorkbook, address: string, value: string | number): Promise<void> {
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem('Data').getRange(address).values = [[value]];
    await context.sync();
  });
}

describe('workbook autosave', () => {
  test('the sliced export pauses between slices of at most 25,000 cells and equals the snapshot', async () => {
    const wb = await largeWorkbook(5_000);
    const exported: number[] = [];
    const slices = wb.state.sheets[0]?.exportCellsInSlices(25_000);
    for (let step = slices?.next(); step && !step.done; step = slices?.next()) exported.push(step.value);
    const sizes = exported.map((count, i) => count - (exported[i - 1] ?? 0));
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(25_000);

    let pauses = 0;
    const snapshot = await snapshotWorkbookInSlices(wb.state, {
      sliceCells: 25_000,
      pause: () => new Promise((resolve) => setTimeout(() => resolve(((pauses += 1), undefined)), 0)),
      changed: () => false,
    });
    expect(pauses).toBe(Math.floor((5_001 * LARGE_COLUMNS) / 25_000));
    expect(snapshot).toEqual(wb.snapshot());
  });

  test('a change during the export abandons that save: only whole states are stored, and saved() waits for the last', async () => {
    const wb = await largeWorkbook(2_000);
    const store = recordingStore();
    let pauses = 0;
    const autosave = startAutosave(wb, store, () => undefined, {
      delayMs: 5,
      sliceCells: 10_000,
      pause: async () => {
        pauses += 1;
        // The pane writes while the first export runs (its second slice): that export must be dropped.
        if (pauses === 1) await writeCell(wb, 'C5', 'changed mid-export');
      },
    });
    await writeCell(wb, 'C4', 'first');
    await autosave.saved();
    autosave.stop();

    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]).toEqual(wb.snapshot());
    expect(wb.values('Data', 'C4:C5')).toEqual([['first'], ['changed mid-export']]);
  });

  test('changes closer together than the delay are saved once, 1.5 s after the last; states reported in order', async () => {
    jest.useFakeTimers();
    try {
      const wb = await largeWorkbook(10);
      const store = recordingStore();
      const states: SaveState['kind'][] = [];
      const autosave = startAutosave(wb, store, (state) => states.push(state.kind), { pause: async () => undefined });
      expect(AUTOSAVE_DELAY_MS).toBe(1_500);
      for (let block = 0; block < 5; block += 1) {
        await writeCell(wb, `C${block + 2}`, `block ${block}`);
        await jest.advanceTimersByTimeAsync(1_000); // a network wait between two blocks of a pull
      }
      expect(store.saves).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(500);
      expect(store.saves).toHaveLength(1);
      expect(store.saves[0]).toEqual(wb.snapshot());
      expect(states.at(-1)).toBe('saved');
      autosave.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  test("records each stretch of a save on the page's thread: a slice of the export each, the last with the rest of the snapshot (#30)", async () => {
    const wb = await largeWorkbook(2_000);
    let storeCalledAt: number | undefined;
    const store = recordingStore();
    const save = store.save.bind(store);
    store.save = (snapshot) => {
      storeCalledAt = performance.timeOrigin + performance.now();
      return save(snapshot);
    };
    const before = performance.timeOrigin + performance.now();
    let pauses = 0;
    const autosave = startAutosave(wb, store, () => undefined, {
      sliceCells: 10_000,
      pause: () => new Promise((resolve) => setTimeout(() => resolve(((pauses += 1), undefined)), 5)),
    });
    await writeCell(wb, 'C2', 'saved');
    await autosave.flush();
    const work = autosave.work();
    // One stretch before each pause, and the last one with the rest of the snapshot and the store's call.
    expect(pauses).toBeGreaterThan(0);
    expect(work).toHaveLength(pauses + 1);
    work.forEach((stretch, i) => {
      expect(stretch.ms).toBeGreaterThanOrEqual(0);
      expect(stretch.startedAt).toBeGreaterThanOrEqual(i === 0 ? before : (work[i - 1]?.startedAt ?? 0) + (work[i - 1]?.ms ?? 0));
    });
    // The store is called after the last stretch (it reports its own).
    const last = work.at(-1);
    expect(storeCalledAt).toBeGreaterThanOrEqual((last?.startedAt ?? Infinity) + (last?.ms ?? 0));
    autosave.stop();
  });

  test('flush saves at once, and reports a failed store', async () => {
    const wb = await largeWorkbook(10);
    const store = recordingStore();
    const states: SaveState[] = [];
    const autosave = startAutosave(wb, store, (state) => states.push(state));
    await writeCell(wb, 'C2', 'now');
    await autosave.flush();
    expect(store.saves).toHaveLength(1);

    store.save = async () => {
      throw new Error('quota');
    };
    await writeCell(wb, 'C3', 'later');
    await expect(autosave.flush()).rejects.toThrow('quota');
    expect(states.at(-1)).toEqual({ kind: 'failed', reason: 'quota' });
    autosave.stop();
  });
});
