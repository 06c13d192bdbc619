/**
 * Saves the workbook a moment after it changed (debounced: a pull writing 100k rows in blocks is saved once, when
 * the blocks stop), one save at a time; `saved()` waits until the last change is stored.
 */

import type { SimulatedWorkbook } from './excel-sim';
import type { WorkbookStore } from './workbook-store';

export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; reason: string };

export interface WorkbookAutosave {
  saved(): Promise<void>;
  /** Saves now whatever is pending (reset uses it). */
  flush(): Promise<void>;
  stop(): void;
}

export function startAutosave(
  workbook: SimulatedWorkbook,
  store: WorkbookStore,
  onState: (state: SaveState) => void,
  delayMs = 400,
): WorkbookAutosave {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let running: Promise<void> = Promise.resolve();
  let lastError: unknown;

  const save = (): Promise<void> => {
    timer = undefined;
    running = running
      .catch(() => undefined)
      .then(async () => {
        if (!dirty) return;
        dirty = false;
        try {
          await store.save(workbook.snapshot());
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
    if (timer !== undefined) clearTimeout(timer);
    await save();
    if (lastError !== undefined) throw lastError;
  };

  return {
    flush,
    saved: flush,
    stop() {
      stopListening();
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
