/** A stretch of a save's work on the page's thread, on the clock of `SyncRecord.startedAt` (the autosave's and the store's). */
export interface SaveWork {
  /** `performance.timeOrigin + performance.now()` when the stretch began. */
  startedAt: number;
  ms: number;
}
