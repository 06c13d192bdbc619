/**
 * An AbortController that also aborts when an outer signal aborts (without `AbortSignal.any`,
 * which older browsers lack). `dispose()` detaches it from the outer signal.
 */
export interface LinkedAbort {
  signal: AbortSignal;
  abort(): void;
  dispose(): void;
}

export function linkedAbort(outer: AbortSignal | undefined): LinkedAbort {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispose: () => outer?.removeEventListener('abort', onAbort),
  };
}
