/** Optional JSON persistence of the whole state (records and id counters) across restarts. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { StoreState } from './model';

export function loadState(file: string): StoreState | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as StoreState;
}

/** Writes atomically (temporary file, then rename). */
export function saveState(file: string, state: StoreState): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}

/** Coalesces writes: saves at most once per `delayMs`, and on `flush()`. */
export class StateSaver {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => StoreState,
    private readonly delayMs = 200,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      saveState(this.file, this.snapshot());
    }, this.delayMs);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    saveState(this.file, this.snapshot());
  }
}
