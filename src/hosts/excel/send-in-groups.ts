/**
 * Sends one write made of parts (each part a rectangle of rows, made a slice at a time so the thread is given back
 * between them) with as many whole parts in one sync as fit the request budget. A pull's baseline of 100,000 rows,
 * made in slices of 5,000, went in 20 syncs of ~0.5 MB each, a round trip each on Excel on the web; grouped, it goes
 * in 3 of ~4 MB. A part over the budget on its own, and a group Excel refuses as too large anyway, go part by part
 * the way of `sendInBlocks` (planned blocks, halved when refused).
 *
 * The write's opening actions (a `writing` header) are queued with every sync until one succeeds, its closing ones
 * (a `complete` mark) with the last rows: a write that fails half-way leaves it open, as before.
 */

import { BLOCK_OVERHEAD_BYTES, planBlocks, type Block, type WriteLimits } from './chunk-plan';
import { isRequestTooLarge } from './excel-errors';
import type { ExcelSession } from './run-excel';
import { sendInBlocks } from './send-in-blocks';

/** Rows of one rectangle and the JSON bytes of each. */
export interface WritePart {
  rowBytes: readonly number[];
}

/** Request bytes of a part's actions besides its rows (the range, its text format, its values): an estimate. */
const PART_OVERHEAD_BYTES = 512;

export interface GroupedWriteOptions<P extends WritePart> {
  limits: WriteLimits;
  /** Queues rows `block` of `part` (its own row numbers). */
  queueRows(part: P, block: Block): void;
  /** Queues what opens the write; again with each sync until one has succeeded. */
  open(): void;
}

export class GroupedWrite<P extends WritePart> {
  readonly #session: ExcelSession;
  readonly #options: GroupedWriteOptions<P>;
  #group: P[] = [];
  #bytes = 0;
  #rows = 0;
  #opened = false;

  constructor(session: ExcelSession, options: GroupedWriteOptions<P>) {
    this.#session = session;
    this.#options = options;
  }

  /** Takes a part; first sends the parts taken before when this one would not fit in their sync. */
  async add(part: P): Promise<void> {
    const bytes = sum(part.rowBytes) + PART_OVERHEAD_BYTES;
    const { maxRows } = this.#options.limits;
    if (this.#group.length > 0 && (this.#bytes + bytes > this.#budget() || this.#rows + part.rowBytes.length > maxRows)) {
      await this.#send(undefined);
    }
    this.#group.push(part);
    this.#bytes += bytes;
    this.#rows += part.rowBytes.length;
  }

  /** Sends what is left; `close` (the closing actions) rides in the sync of the last rows, or alone without rows. */
  async finish(close?: () => void): Promise<void> {
    if (this.#group.length === 0) {
      if (close === undefined) return;
      if (!this.#opened) this.#options.open();
      close();
      await this.#session.sync();
      this.#opened = true;
      return;
    }
    await this.#send(close);
  }

  async #send(close: (() => void) | undefined): Promise<void> {
    const [group, bytes] = [this.#group, this.#bytes];
    this.#group = [];
    this.#bytes = 0;
    this.#rows = 0;
    if (group.length > 1 || bytes <= this.#budget()) {
      if (await this.#sendTogether(group, close)) return;
    }
    for (const [index, part] of group.entries()) await this.#sendAlone(part, index === group.length - 1 ? close : undefined);
  }

  /** The request budget for the rows and the parts' actions: the limit less a block's envelope. */
  #budget(): number {
    return this.#options.limits.budgetBytes - BLOCK_OVERHEAD_BYTES;
  }

  /** The whole group in one sync; false when Excel refused it as too large (nothing of it was applied). */
  async #sendTogether(group: readonly P[], close: (() => void) | undefined): Promise<boolean> {
    if (!this.#opened) this.#options.open();
    for (const part of group) this.#options.queueRows(part, { start: 0, count: part.rowBytes.length });
    close?.();
    try {
      await this.#session.sync();
    } catch (error) {
      if (isRequestTooLarge(error) && group.some((part) => part.rowBytes.length > 1)) return false;
      throw error;
    }
    this.#opened = true;
    return true;
  }

  async #sendAlone(part: P, close: (() => void) | undefined): Promise<void> {
    const blocks = planBlocks(part.rowBytes.length, (i) => part.rowBytes[i] ?? 0, this.#options.limits);
    await sendInBlocks(this.#session, blocks, (block, turn) => {
      if (!this.#opened && turn.first) this.#options.open();
      this.#options.queueRows(part, block);
      if (turn.last) close?.();
    });
    this.#opened = true;
  }
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
