/**
 * Marks a change as soon as the user makes it: the host's changed event (a user edit that reached a table) starts a
 * check of the pending changes shortly after, so the edited cell turns "changed" and the Changes badge counts it
 * without the Changes tab being opened. Edits that come in quick succession (typing down a column, a paste) share
 * one check, which reads back only the tables they reached; a check never runs beside a send, an undo or a refresh of
 * the table (it waits until they are done).
 */

import type { EditReach } from './read-only-notice';

export interface EditWatchDeps {
  /** Registers the host's listener; resolves with its removal. */
  listen(onEdit: (edit: EditReach) => void): Promise<() => Promise<void>>;
  /** Whether an edit of this table is one the Changes view tracks (a pulled pushable table). */
  tracks(tableName: string): boolean;
  /** Whether a write runs on the workbook's tables now (a check then waits). */
  busy(): boolean;
  /** The check: reads the pending changes of the tables edited (names, lower case) and highlights them. */
  review(tables: ReadonlySet<string>): Promise<void>;
  /** Quiet time after an edit before the check, in ms (default 250). */
  delayMs?: number;
}

const DEFAULT_DELAY_MS = 250;

export class EditWatch {
  readonly #deps: EditWatchDeps;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  /** The tracked tables edited since the last check began (lower case). */
  #edited = new Set<string>();
  #stopped = false;
  #remove: Promise<(() => Promise<void>) | undefined>;

  constructor(deps: EditWatchDeps) {
    this.#deps = deps;
    // A host without the event (an older Excel) leaves the check to the Changes tab, as before.
    this.#remove = deps.listen((edit) => this.#onEdit(edit)).catch(() => undefined);
  }

  /** Unregisters the listener; a check already scheduled does not run. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const remove = await this.#remove;
    await remove?.().catch(() => undefined);
  }

  #onEdit(edit: EditReach): void {
    const tracked = edit.tableNames.filter((name) => this.#deps.tracks(name));
    if (this.#stopped || tracked.length === 0) return;
    for (const name of tracked) this.#edited.add(name.toLowerCase());
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#check();
    }, this.#deps.delayMs ?? DEFAULT_DELAY_MS);
  }

  #check(): void {
    if (this.#stopped) return;
    // A check running now may have read the cells before this edit: one more covers every edit made meanwhile.
    if (this.#running !== undefined) {
      this.#again = true;
      return;
    }
    if (this.#deps.busy()) {
      this.#schedule();
      return;
    }
    const tables = this.#edited;
    this.#edited = new Set();
    this.#running = this.#deps
      .review(tables)
      .catch(() => undefined)
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.#schedule();
        }
      });
  }
}
