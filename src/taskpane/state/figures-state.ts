/**
 * The CASHFLOW functions' side of the pane: one figure engine per connection, published to the functions through the
 * page's figure link (`src/functions/figure-link.ts`), in the user's language. Whenever what the functions show may
 * have changed (connected, signed out, a pull, a send, the language, "Refresh functions"), the engine's cache is
 * emptied and Excel recalculates: the cells' calls of that recalculation reach the engine together.
 */

import type { CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { figureLink, type FigureLink, type FigureSource } from '../../functions/figure-link';
import { DEFAULT_CACHE_TTL_MS, DEFAULT_FIGURE_TIMEOUT_MS, FigureEngine } from '../../sync/figures';
import type { PaneHost } from './pane-host';

/**
 * How long the engine collects the calls of one recalculation before it serves them. Excel hands a recalculation's
 * calls over in several messages; Microsoft's batching sample waits 100 ms.
 */
export const FUNCTIONS_BATCH_WINDOW_MS = 100;

export interface FiguresOptions {
  /** How long a figure is kept (default 60 s). */
  cacheTtlMs?: number;
  /** A batch's deadline (default 60 s). */
  timeoutMs?: number;
  /** See FUNCTIONS_BATCH_WINDOW_MS. */
  batchWindowMs?: number;
  /** The link the functions read (default: the page's). */
  link?: FigureLink;
}

export class FiguresState {
  readonly #host: PaneHost;
  readonly #options: FiguresOptions;
  readonly #link: FigureLink;
  #client: CashflowClient | undefined;
  #engine: FigureEngine | undefined;
  #language: Language;
  #cacheTtlMs: number;
  #recalculating: Promise<void> = Promise.resolve();

  constructor(host: PaneHost, language: Language, options: FiguresOptions = {}) {
    this.#host = host;
    this.#options = options;
    this.#link = options.link ?? figureLink();
    this.#language = language;
    this.#link.language = language;
    this.#cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  }

  /** How long figures are kept from now on (a new engine: what the old one kept is not reused). */
  setCacheTtl(ms: number): void {
    this.#cacheTtlMs = ms;
    if (this.#client !== undefined) this.#publish();
  }

  /** The engine the functions use now (undefined while not connected). */
  get engine(): FigureEngine | undefined {
    return this.#engine;
  }

  /** A new connection: a new engine (nothing cached from the last one), and the cells computed with it. */
  connect(client: CashflowClient): Promise<void> {
    this.#client = client;
    this.#publish();
    return this.#recalculate();
  }

  /** Signed out: the cells say "connect in the task pane". */
  disconnect(): Promise<void> {
    if (this.#client === undefined) return Promise.resolve();
    this.#client = undefined;
    this.#publish();
    return this.#recalculate();
  }

  /**
   * The functions' own messages follow the pane's language, and the service's follow the client made for it
   * (`client`: the connection's, rebuilt with the new Accept-Language; the old one would keep the old language).
   */
  setLanguage(language: Language, client?: CashflowClient): Promise<void> {
    this.#language = language;
    this.#link.language = language;
    if (client !== undefined && this.#client !== undefined) this.#client = client;
    // Not connected, the cells' "connect in the task pane" follows the language too.
    if (this.#client !== undefined) this.#publish();
    return this.#recalculate();
  }

  /** The service's data changed (a pull, a send) or the user asked: forget every figure and recalculate. */
  refresh(): Promise<void> {
    this.#engine?.invalidate();
    return this.#recalculate();
  }

  #publish(): void {
    // The engine of the last connection stops: its calls settle, and it asks the service nothing more.
    this.#engine?.dispose();
    const client = this.#client;
    if (client === undefined) {
      this.#engine = undefined;
      this.#link.source = undefined;
      return;
    }
    const window = this.#options.batchWindowMs ?? FUNCTIONS_BATCH_WINDOW_MS;
    const engine = new FigureEngine(client, {
      language: this.#language,
      cacheTtlMs: this.#cacheTtlMs,
      timeoutMs: this.#options.timeoutMs ?? DEFAULT_FIGURE_TIMEOUT_MS,
      schedule: (flush) => {
        setTimeout(flush, window);
      },
    });
    this.#engine = engine;
    const source: FigureSource = engine;
    this.#link.source = source;
  }

  /** One recalculation at a time; a failure (no workbook, Excel busy) leaves the cells until the next one. */
  #recalculate(): Promise<void> {
    const recalculate = this.#host.recalculateFunctions;
    if (recalculate === undefined) return Promise.resolve();
    this.#recalculating = this.#recalculating.then(() => recalculate.call(this.#host)).catch(() => undefined);
    return this.#recalculating;
  }
}
