/**
 * A set of record ids for the checks a pull makes on every record (ids seen before, ids repeated on a page): whole
 * non-negative ids, as the service hands them out, in a bitmap over the span they cover (a bit an id, no hashing, no
 * objects for the collector); any other key (a text id, null, an id that would stretch the span beyond a few million)
 * in a plain Set.
 */

/** The bitmap's span at most, in ids (2 MB of bits). */
const MAX_SPAN = 1 << 24;
/** The smallest span the bitmap is made with, in ids. */
const MIN_SPAN = 1 << 12;

export class IdSet {
  #bits = new Uint32Array(0);
  /** The id of bit 0. */
  #base = 0;
  readonly #others = new Set<unknown>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Adds `key`; true if it was not in the set. */
  add(key: unknown): boolean {
    const slot = typeof key === 'number' ? this.#slot(key) : -1;
    if (slot < 0) {
      const before = this.#others.size;
      this.#others.add(key);
      if (this.#others.size === before) return false;
    } else {
      const word = slot >>> 5;
      const mask = 1 << (slot & 31);
      const bits = this.#bits[word] ?? 0;
      if ((bits & mask) !== 0) return false;
      // An id the Set took while the bitmap did not reach it (the bitmap's slack may reach it later).
      if (this.#others.size > 0 && this.#others.has(key)) return false;
      this.#bits[word] = bits | mask;
    }
    this.#size += 1;
    return true;
  }

  has(key: unknown): boolean {
    if (typeof key === 'number' && Number.isInteger(key) && key >= this.#base && key < this.#end) {
      const slot = key - this.#base;
      if (((this.#bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0) return true;
    }
    return this.#others.has(key);
  }

  clear(): void {
    this.#bits = new Uint32Array(0);
    this.#base = 0;
    this.#others.clear();
    this.#size = 0;
  }

  get #end(): number {
    return this.#base + this.#bits.length * 32;
  }

  /** The bit of `id`, the bitmap grown to cover it if it may; -1 for a key kept in the Set. */
  #slot(id: number): number {
    if (id >= this.#base && id < this.#end && Number.isInteger(id)) return id - this.#base;
    if (!Number.isSafeInteger(id) || id < 0) return -1;
    const empty = this.#bits.length === 0;
    const low = empty ? id : Math.min(this.#base, id);
    const high = empty ? id + 1 : Math.max(this.#end, id + 1);
    if (high - low > MAX_SPAN) return -1;
    // Room to grow the way the ids go (double the span), so a run of ascending or descending ids copies the bits rarely.
    const span = Math.min(MAX_SPAN, Math.max(MIN_SPAN, high - low, 2 * (this.#end - this.#base)));
    // Bases on whole words, so the old bits move by words.
    const start = id < this.#base && !empty ? Math.max(0, high - span) : low;
    const base = start - (start % 32);
    const bits = new Uint32Array(Math.ceil(span / 32) + 1);
    if (!empty) bits.set(this.#bits, (this.#base - base) / 32);
    this.#bits = bits;
    this.#base = base;
    return id - base;
  }
}
