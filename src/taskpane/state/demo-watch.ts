/**
 * Whether the demo company can be offered: the sandbox is asked once at start-up, briefly, so a pane never waits
 * long for it; when it does not answer then (a busy machine's sandbox slow with its first token, or a sandbox
 * started after the pane), it is asked again in the background, at growing intervals, until it answers or the pane
 * no longer needs it (connected, or stopped). The demo button then comes late rather than never.
 */

/** Asks the sandbox once; true when it answered within `timeoutMs`. */
export type DemoProbe = (timeoutMs: number) => Promise<boolean>;

export interface DemoWatchOptions {
  probe: DemoProbe;
  /** Called once, when a background ask found the sandbox. */
  onFound(): void;
  /** Whether to keep asking (false once connected). */
  wanted(): boolean;
  /** The first ask's time-out (default 1.5 s). */
  firstTimeoutMs?: number;
  /** Each later ask's time-out (default 5 s). */
  laterTimeoutMs?: number;
  /** Pauses before each later ask (default 2, 5, 10, 20, 30 and 60 s: about two minutes in all). */
  delaysMs?: readonly number[];
}

export const DEMO_FIRST_TIMEOUT_MS = 1_500;
export const DEMO_LATER_TIMEOUT_MS = 5_000;
export const DEMO_RETRY_DELAYS_MS: readonly number[] = [2_000, 5_000, 10_000, 20_000, 30_000, 60_000];

export class DemoWatch {
  readonly #options: DemoWatchOptions;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(options: DemoWatchOptions) {
    this.#options = options;
  }

  /** The first ask; when it fails, the later ones are scheduled in the background. */
  async first(): Promise<boolean> {
    const found = await this.#options.probe(this.#options.firstTimeoutMs ?? DEMO_FIRST_TIMEOUT_MS);
    if (!found) this.#schedule(0);
    return found;
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(attempt: number): void {
    const delays = this.#options.delaysMs ?? DEMO_RETRY_DELAYS_MS;
    const delay = delays[attempt];
    if (delay === undefined || this.#stopped) return;
    const timer = setTimeout(() => void this.#askAgain(attempt), delay);
    // In Node (tests, a headless host) a pending ask must not keep the process alive; browsers have no `unref`.
    (timer as { unref?: () => void }).unref?.();
    this.#timer = timer;
  }

  async #askAgain(attempt: number): Promise<void> {
    this.#timer = undefined;
    if (this.#stopped || !this.#options.wanted()) return;
    const found = await this.#options.probe(this.#options.laterTimeoutMs ?? DEMO_LATER_TIMEOUT_MS);
    if (this.#stopped) return;
    if (found) this.#options.onFound();
    else this.#schedule(attempt + 1);
  }
}
