import { createSimulatedWorkbook, isWorkbookSnapshot } from '../../src/preview/excel-sim';
import { CHUNK_CELLS, createWorkbookStore } from '../../src/preview/workbook-store';
import { LARGE_COLUMNS, largeWorkbook } from './large-workbook';
import { memoryRecordStorage } from './memory-record-storage';

const chunkKeys = (records: Map<string, unknown>): string[] => [...records.keys()].filter((key) => key.startsWith('chunk/'));
const chunkCellCount = (value: unknown): number => (value as { rows: unknown[] }).rows.length;

describe('workbook store (manifest and chunks)', () => {
  test('a workbook of over 100,000 cells comes back from its chunks equal to its snapshot', async () => {
    const wb = await largeWorkbook(5_000);
    const snapshot = wb.snapshot();
    expect(snapshot.sheets[0]?.cells.rows.length).toBe(5_001 * LARGE_COLUMNS);
    const storage = memoryRecordStorage();
    const store = createWorkbookStore(storage);

    await store.save(snapshot);

    const chunks = chunkKeys(storage.records);
    expect(chunks).toHaveLength(Math.ceil((5_001 * LARGE_COLUMNS) / CHUNK_CELLS) + 1); // + the one of "Notes"
    for (const key of chunks) expect(chunkCellCount(storage.records.get(key))).toBeLessThanOrEqual(CHUNK_CELLS);
    // One put per chunk (each a short structured clone), then the manifest alone.
    expect(storage.putsPerChange.slice(0, chunks.length + 1)).toEqual(Array.from({ length: chunks.length + 1 }, () => 1));
    const loaded = await store.load();
    expect(isWorkbookSnapshot(loaded)).toBe(true);
    expect(loaded).toEqual(snapshot);

    const copy = createSimulatedWorkbook();
    if (loaded) copy.restore(loaded);
    expect(copy.values('Data', 'A4990:U5001')).toEqual(wb.values('Data', 'A4990:U5001'));
    expect(copy.tableLayouts()).toEqual(wb.tableLayouts());
  });

  test('reports a stretch of work for each chunk it builds, one after the other, before that chunk is stored (#30)', async () => {
    const storage = memoryRecordStorage();
    const work: { startedAt: number; ms: number }[] = [];
    const stored: number[] = [];
    const change = storage.change.bind(storage);
    storage.change = (c) => {
      stored.push(work.length);
      return change(c);
    };
    const store = createWorkbookStore(storage, 1_000, (stretch) => work.push(stretch));
    await store.save((await largeWorkbook(200)).snapshot());
    const chunks = chunkKeys(storage.records).length;
    // One per chunk, and the last call of the chunks that finds no more.
    expect(work).toHaveLength(chunks + 1);
    // Chunk n is stored after its stretch was reported.
    expect(stored.slice(0, chunks)).toEqual(Array.from({ length: chunks }, (_, n) => n + 1));
    work.forEach((stretch, i) => {
      expect(stretch.ms).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(stretch.startedAt).toBeGreaterThanOrEqual((work[i - 1]?.startedAt ?? 0) + (work[i - 1]?.ms ?? 0));
    });
  });

  test('a save cut short after some chunks leaves the previous workbook loadable; the next save removes its strays', async () => {
    const storage = memoryRecordStorage();
    const store = createWorkbookStore(storage, 1_000);
    const before = (await largeWorkbook(200)).snapshot();
    await store.save(before);
    const beforeChunks = chunkKeys(storage.records);

    storage.failAfter(3); // three chunks of the next save stored, then the tab is gone
    const after = (await largeWorkbook(300)).snapshot();
    await expect(store.save(after)).rejects.toThrow('storage gone');
    expect(chunkKeys(storage.records)).toHaveLength(beforeChunks.length + 3);
    expect(await store.load()).toEqual(before);

    storage.failAfter(undefined);
    await store.save(after);
    expect(await store.load()).toEqual(after);
    const afterChunks = chunkKeys(storage.records);
    expect(afterChunks).toHaveLength(Math.ceil((301 * LARGE_COLUMNS) / 1_000) + 1);
    expect(afterChunks.some((key) => beforeChunks.includes(key))).toBe(false);
  });

  test('a save cut short before the old chunks are deleted still loads the new workbook', async () => {
    const storage = memoryRecordStorage();
    const store = createWorkbookStore(storage, 1_000);
    await store.save((await largeWorkbook(50)).snapshot());
    const after = (await largeWorkbook(80)).snapshot();
    storage.failAfter(Math.ceil((81 * LARGE_COLUMNS) / 1_000) + 1 + 1); // its chunks and the manifest, not the clean-up
    await expect(store.save(after)).rejects.toThrow('storage gone');
    expect(await store.load()).toEqual(after);
  });

  test('a workbook saved in the earlier single-record layout still loads; the first chunked save replaces it', async () => {
    const storage = memoryRecordStorage();
    const store = createWorkbookStore(storage);
    const old = (await largeWorkbook(10)).snapshot();
    storage.records.set('current', structuredClone(old));
    expect(await store.load()).toEqual(old);

    const next = (await largeWorkbook(20)).snapshot();
    await store.save(next);
    expect(storage.records.has('current')).toBe(false);
    expect(await store.load()).toEqual(next);
  });

  test('nothing saved, a cleared store and what is not a workbook load as undefined; a missing chunk is an error', async () => {
    const storage = memoryRecordStorage();
    const store = createWorkbookStore(storage, 100);
    expect(await store.load()).toBeUndefined();
    await store.save((await largeWorkbook(20)).snapshot());
    await store.clear();
    expect(storage.records.size).toBe(0);
    expect(await store.load()).toBeUndefined();

    storage.records.set('current', { version: 99, sheets: [] });
    expect(await store.load()).toBeUndefined();

    await store.save((await largeWorkbook(20)).snapshot());
    const [someChunk] = chunkKeys(storage.records);
    if (someChunk !== undefined) storage.records.delete(someChunk);
    await expect(store.load()).rejects.toThrow(/incomplete/);
  });
});
