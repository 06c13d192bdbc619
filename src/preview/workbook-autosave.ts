/**
 * Saves the workbook a while after it last changed (debounced: a pull writing 100k rows in blocks, with network
 * waits between them, is saved once, when the blocks stop), one save at a time; `saved()` waits until the last
 * change is stored. The snapshot is taken a slice of cells at a time (see snapshotWorkbookInSlices) so a large
 * workbook never blocks the page for long; a change during that export abandons the save, and a later one stores it.
 * Each stretch of a save's work on the page's thread (a slice of the export; the last slice with the rest of the
 * snapshot) is recorded (`work()`; the store records its chunks', `OnSaveWork`): it is the simulated Excel's saving of its file, which
 * real Excel does in its own process, so a benchmark counts it apart from the pane's work, as it does the batches.
 */

import { snapshotWorkbookInSlices, type SimulatedWorkbook } from './excel-sim';
import type { SaveWork } from './save-work';
import type { WorkbookStore } from './workbook-store';

export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; reason: string };

export type { SaveWork } from './save-work';

export interface WorkbookAutosave {
  saved(): Promise<void>;
  /** Every stretch of saving so far, oldest first. */
  work(): readonly SaveWork[];
  /** Saves now whatever is pending (reset uses it). */
  flush(): Promise<void>;
  stop(): void;
}

export interface AutosaveOptions {
  /** Quiet time after the last change before saving; longer than the gaps between a pull's written blocks. */
  delayMs?: number;
  /** Most cells exported between two pauses. */
  sliceCells?: number;
  /** Gives the main thread back between slices (default: `scheduler.yield()` where there is one, else a 0 ms timer). */
  pause?: () => Promise<void>;
}

export const AUTOSAVE_DELAY_MS = 1500;
export const AUTOSAVE_SLICE_CELLS = 25_000;

/** A macrotask boundary: input and rendering may run before the promise settles. */
export function yieldToMainThread(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function startAutosave(
  workbook: SimulatedWorkbook,
  store: WorkbookStore,
  onState: (state: SaveState) => void,
  options: AutosaveOptions = {},
): WorkbookAutosave {
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const sliceCells = options.sliceCells ?? AUTOSAVE_SLICE_CELLS;
  const pause = options.pause ?? yieldToMainThread;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let lastError: unknown;

  const work: SaveWork[] = [];
  const clock = (): number => performance.timeOrigin + performance.now();
  let stretchFrom = 0;
  const endStretch = (): void => {
    const now = clock();
    work.push({ startedAt: stretchFrom, ms: now - stretchFrom });
    stretchFrom = now;
  };
  const pauseRecorded = async (): Promise<void> => {
    endStretch();
    await pause();
    stretchFrom = clock();
  };

  const save = (): Promise<void> => {
    timer = undefined;
    running = running
      .catch(() => undefined)
      .then(async () => {
        if (!dirty) return;
        dirty = false;
        stretchFrom = clock();
        try {
          // `dirty` turns true again when the workbook changes during the export: the snapshot would mix states.
          const snapshot = await snapshotWorkbookInSlices(workbook.state, { sliceCells, pause: pauseRecorded, changed: () => dirty });
          if (snapshot === undefined) {
            endStretch();
            return;
          }
          // The last slice and the rest of the snapshot: one stretch (the store reports its own, `OnSaveWork`).
          endStretch();
          await store.save(snapshot);
          lastError = undefined;
          if (!dirty) onState({ kind: 'saved' });
        } catch (error) {
          lastError = error;
          onState({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
        }
      });
    return running;
  };

  const stopListening = workbook.onChange(() => {
    dirty = true;
    onState({ kind: 'saving' });
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void save(), delayMs);
  });

  const flush = async (): Promise<void> => {
    // Again while a change abandoned the save that ran: resolved only once the last change is stored.
    do {
      if (timer !== undefined) clearTimeout(timer);
      await save();
      if (lastError !== undefined) throw lastError;
    } while (dirty && !stopped);
  };

  return {
    flush,
    saved: flush,
    work: () => work,
    stop() {
      stopped = true;
      stopListening();
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
