/**
 * The preview's workbook kept in the browser, in IndexedDB (a workbook of 100k rows is far beyond localStorage's
 * few MB), as a manifest and chunks of cells, so that no single write clones the whole workbook on the main thread.
 *
 * Layout (one object store, string keys):
 * - `chunk/<generation>/<sheet index>/<part>`: the cells `[part * chunkCells, (part + 1) * chunkCells)` of a sheet,
 *   as the parallel columns of `SheetCells` (`rows`, `columns`, `contents`, `formatIds`), one `put` each.
 * - `manifest`: everything else of the snapshot (each sheet with its `formats` and cell and chunk counts instead of
 *   its cells; tables, settings, active sheet, id counter) and the generation its chunks are stored under.
 * - `current`: the single record of the earlier layout (the whole snapshot), still read when there is no manifest,
 *   and removed by the first chunked save.
 * A save writes its chunks under a new generation, then the manifest (one transaction, which also drops the old
 * record), then deletes every other generation's chunks. A save cut short leaves chunks no manifest names: the
 * previous manifest and its chunks still load, and the next save deletes the strays.
 */

import { isWorkbookSnapshot, type SheetSnapshot, type WorkbookSnapshot } from './excel-sim';
import type { SaveWork } from './save-work';

/** Takes each stretch of a save's work on the page's thread (the pane benchmark counts them apart from the pane's). */
export type OnSaveWork = (work: SaveWork) => void;

const clock = (): number => performance.timeOrigin + performance.now();

/** Runs `work` and reports how long it held the thread. */
function timed<T>(onWork: OnSaveWork | undefined, work: () => T): T {
  if (onWork === undefined) return work();
  const startedAt = clock();
  try {
    return work();
  } finally {
    onWork({ startedAt, ms: clock() - startedAt });
  }
}

const DATABASE = 'cashflow-preview';
const STORE = 'workbook';
const MANIFEST_KEY = 'manifest';
/** The earlier layout's key: the whole snapshot in one record. */
const SINGLE_RECORD_KEY = 'current';
const CHUNK_PREFIX = 'chunk/';
/** The first key after every `chunk/…` key ('0' follows '/'). */
const CHUNK_END = 'chunk0';
const MANIFEST_LAYOUT = 'chunked-1';
/** Cells per chunk: the structured clone of one chunk takes a few ms. */
export const CHUNK_CELLS = 25_000;

export interface WorkbookStore {
  /** The saved workbook; undefined when none is saved (or what is saved is not a snapshot). */
  load(): Promise<WorkbookSnapshot | undefined>;
  save(snapshot: WorkbookSnapshot): Promise<void>;
  clear(): Promise<void>;
}

/** Every key in [lower, upper). */
export interface KeyRange {
  lower: string;
  upper: string;
}

/**
 * The little of IndexedDB the chunked layout needs: IndexedDB in the page (`indexedDbRecords`), a map in tests.
 * Every call is one transaction; `change` applies its puts, then its removals, atomically.
 */
export interface RecordStorage {
  get(keys: string[]): Promise<unknown[]>;
  change(change: { put?: Array<[string, unknown]>; remove?: Array<string | KeyRange> }): Promise<void>;
}

/** A sheet of the manifest: the snapshot's sheet without its cells' columns. */
type ManifestSheet = Omit<SheetSnapshot, 'cells'> & { formats: string[]; cellCount: number; chunkCount: number };

interface Manifest {
  layout: typeof MANIFEST_LAYOUT;
  generation: string;
  snapshot: Omit<WorkbookSnapshot, 'sheets'> & { sheets: ManifestSheet[] };
}

interface CellChunk {
  rows: number[];
  columns: number[];
  contents: SheetSnapshot['cells']['contents'];
  formatIds: number[];
}

function isManifest(value: unknown): value is Manifest {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof Manifest, unknown>>;
  if (v.layout !== MANIFEST_LAYOUT || typeof v.generation !== 'string' || v.snapshot === null || typeof v.snapshot !== 'object')
    return false;
  const sheets = (v.snapshot as { sheets?: unknown }).sheets;
  return (
    Array.isArray(sheets) &&
    sheets.every((sheet: unknown) => {
      const s = sheet as Partial<Record<keyof ManifestSheet, unknown>> | null;
      return (
        s !== null &&
        typeof s === 'object' &&
        Array.isArray(s.formats) &&
        typeof s.cellCount === 'number' &&
        typeof s.chunkCount === 'number'
      );
    })
  );
}

function isCellChunk(value: unknown): value is CellChunk {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof CellChunk, unknown>>;
  return Array.isArray(v.rows) && Array.isArray(v.columns) && Array.isArray(v.contents) && Array.isArray(v.formatIds);
}

function chunkKey(generation: string, sheet: number, part: number): string {
  return `${CHUNK_PREFIX}${generation}/${sheet}/${part}`;
}

/** Unique per save and free of '/', so one generation's keys form one range. */
function newGeneration(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The chunks of every generation but `generation`: the keys below its range and those above it. */
function otherGenerations(generation: string): KeyRange[] {
  const own = `${CHUNK_PREFIX}${generation}/`;
  // '0' follows '/': `<own minus its slash>0` is the first key after every key that starts with `own`.
  const afterOwn = `${CHUNK_PREFIX}${generation}0`;
  return [
    { lower: CHUNK_PREFIX, upper: own },
    { lower: afterOwn, upper: CHUNK_END },
  ];
}

function manifestOf(snapshot: WorkbookSnapshot, generation: string, chunkCells: number): Manifest {
  const { sheets, ...rest } = snapshot;
  return {
    layout: MANIFEST_LAYOUT,
    generation,
    snapshot: {
      ...rest,
      sheets: sheets.map(({ cells, ...sheet }) => ({
        ...sheet,
        formats: cells.formats,
        cellCount: cells.rows.length,
        chunkCount: Math.ceil(cells.rows.length / chunkCells),
      })),
    },
  };
}

/** The snapshot's chunks, made one at a time (each holds copies of its slice of the columns). */
function* chunksOf(snapshot: WorkbookSnapshot, generation: string, chunkCells: number): Generator<[string, CellChunk]> {
  for (const [index, { cells }] of snapshot.sheets.entries()) {
    for (let part = 0; part * chunkCells < cells.rows.length; part += 1) {
      const start = part * chunkCells;
      const end = start + chunkCells;
      yield [
        chunkKey(generation, index, part),
        {
          rows: cells.rows.slice(start, end),
          columns: cells.columns.slice(start, end),
          contents: cells.contents.slice(start, end),
          formatIds: cells.formatIds.slice(start, end),
        },
      ];
    }
  }
}

/** The snapshot the manifest and its chunks were made from; an Error when a chunk is missing or malformed. */
function reassemble(manifest: Manifest, chunks: unknown[]): WorkbookSnapshot {
  let next = 0;
  const sheets = manifest.snapshot.sheets.map(({ formats, cellCount, chunkCount, ...sheet }): SheetSnapshot => {
    const parts = chunks.slice(next, next + chunkCount);
    next += chunkCount;
    if (!parts.every(isCellChunk)) throw new Error(`The saved workbook is incomplete (a chunk of sheet "${sheet.name}" is missing).`);
    // One concat per column: a single copy, however many chunks.
    const cells = {
      rows: ([] as number[]).concat(...parts.map((p) => p.rows)),
      columns: ([] as number[]).concat(...parts.map((p) => p.columns)),
      contents: ([] as CellChunk['contents']).concat(...parts.map((p) => p.contents)),
      formatIds: ([] as number[]).concat(...parts.map((p) => p.formatIds)),
      formats,
    };
    if ([cells.rows, cells.columns, cells.contents, cells.formatIds].some((column) => column.length !== cellCount)) {
      throw new Error(`The saved workbook is incomplete (sheet "${sheet.name}" lacks cells).`);
    }
    return { ...sheet, cells };
  });
  return { ...manifest.snapshot, sheets };
}

/** The chunked workbook store on any `RecordStorage` (tests give a map; the page gives IndexedDB). */
export function createWorkbookStore(storage: RecordStorage, chunkCells = CHUNK_CELLS, onWork?: OnSaveWork): WorkbookStore {
  return {
    async load() {
      const [manifest] = await storage.get([MANIFEST_KEY]);
      if (isManifest(manifest)) {
        const keys = manifest.snapshot.sheets.flatMap((sheet, index) =>
          Array.from({ length: sheet.chunkCount }, (_, part) => chunkKey(manifest.generation, index, part)),
        );
        const snapshot = reassemble(manifest, await storage.get(keys));
        return isWorkbookSnapshot(snapshot) ? snapshot : undefined;
      }
      const [single] = await storage.get([SINGLE_RECORD_KEY]);
      return isWorkbookSnapshot(single) ? single : undefined;
    },
    async save(snapshot) {
      const generation = newGeneration();
      // One transaction per chunk: each put clones one chunk, and waiting for its commit gives the main thread back.
      const chunks = chunksOf(snapshot, generation, chunkCells);
      for (let next = timed(onWork, () => chunks.next()); next.done !== true; next = timed(onWork, () => chunks.next())) {
        await storage.change({ put: [next.value] });
      }
      // The manifest last: until it is stored, the previous one (and its chunks) is what loads.
      await storage.change({ put: [[MANIFEST_KEY, manifestOf(snapshot, generation, chunkCells)]], remove: [SINGLE_RECORD_KEY] });
      await storage.change({ remove: otherGenerations(generation) });
    },
    clear: () => storage.change({ remove: [MANIFEST_KEY, SINGLE_RECORD_KEY, { lower: CHUNK_PREFIX, upper: CHUNK_END }] }),
  };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const req = factory.open(DATABASE, 1);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
  };
  return request(req);
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** `RecordStorage` on the preview's IndexedDB database (the object store of the earlier layout, unchanged). */
export function indexedDbRecords(factory: IDBFactory, onWork?: OnSaveWork): RecordStorage {
  const database = open(factory);
  return {
    async get(keys) {
      const store = (await database).transaction(STORE, 'readonly').objectStore(STORE);
      return Promise.all(keys.map((key) => request<unknown>(store.get(key))));
    },
    async change({ put = [], remove = [] }) {
      const db = await database;
      // The puts clone their values on this thread: the stretch the save's records count.
      const tx = timed(onWork, () => {
        const transaction = db.transaction(STORE, 'readwrite');
        const store = transaction.objectStore(STORE);
        for (const [key, value] of put) store.put(value, key);
        for (const key of remove) store.delete(typeof key === 'string' ? key : IDBKeyRange.bound(key.lower, key.upper, false, true));
        return transaction;
      });
      await transactionDone(tx);
    },
  };
}

export function openWorkbookStore(factory: IDBFactory = indexedDB, onWork?: OnSaveWork): WorkbookStore {
  return createWorkbookStore(indexedDbRecords(factory, onWork), CHUNK_CELLS, onWork);
}
