/**
 * Cancellation, one way everywhere: the core, the hosts and the UI stop work through an `AbortSignal` and
 * these helpers. They avoid `AbortSignal.any` and `signal.throwIfAborted()`, which older browser engines behind
 * Office lack.
 */

/** Why `signal` was aborted: its reason, or an `AbortError` when it was aborted without one. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Throws the abort reason when `signal` has been aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw abortReason(signal);
}

/** True when `error` is the end of an aborted operation (the signal fired, or an `AbortError` surfaced). */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  // Not `instanceof Error`: a DOMException from another realm (a worker, a test's VM) is not one.
  return signal?.aborted === true || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError');
}

/**
 * Starts `work` unless `signal` is already aborted, and races it against the signal: rejects with the abort
 * reason as soon as the signal fires, even while `work` is still pending (a page that has not arrived). The
 * listener is removed once either side settles.
 */
export async function raceAbort<T>(start: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return start();
  throwIfAborted(signal);
  const work = start();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** An AbortController that also aborts (with the same reason) when an outer signal aborts. */
export interface LinkedAbort {
  signal: AbortSignal;
  abort(reason?: unknown): void;
  /** Detaches from the outer signal. */
  dispose(): void;
}

export function linkedAbort(outer: AbortSignal | undefined): LinkedAbort {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted === true) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    abort: (reason?: unknown) => controller.abort(reason),
    dispose: () => outer?.removeEventListener('abort', onAbort),
  };
}
