/**
 * One HTTP exchange over `fetch`, as the transport sends it: the URL, the headers, a JSON body as its text, the
 * caller's signal and a timeout, `redirect: 'manual'`. Nothing else: the transport decides about tokens, retries,
 * redirects and errors (transport.ts).
 *
 * It calls `fetch(url, init)` with a string body, where ky 1.x built a `Request`, cloned it for retries of its own
 * (switched off here) and had `fetch` copy it again: with a body, every clone tees a stream.
 *
 * The timeout covers the exchange up to the answer's headers, as ky's did; the caller's signal also ends the reading
 * of the body. `AbortSignal.any` is not used: older browser engines behind Office lack it (abort.ts).
 */

/** The timeout ran out before the answer's headers came. */
export class FetchTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

export interface FetchOnce {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Sent as JSON (`content-type: application/json`). */
  json?: unknown;
  signal?: AbortSignal | undefined;
  /** ms; `false`: none. */
  timeout: number | false;
  fetch: typeof fetch | undefined;
}

/** An answer and `done`, which lets go of the caller's signal once the body has been read (or dropped). */
export interface Fetched {
  response: Response;
  done(): void;
}

export async function fetchOnce(request: FetchOnce): Promise<Fetched> {
  const controller = new AbortController();
  const outer = request.signal;
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted === true) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  const done = (): void => outer?.removeEventListener('abort', onAbort);
  const headers = request.json === undefined ? request.headers : { ...request.headers, 'content-type': 'application/json' };
  const init: RequestInit = {
    method: request.method,
    headers,
    redirect: 'manual',
    signal: controller.signal,
    ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
  };
  // Resolved at each call, as a test or a host may install `fetch` after the client was made; never called unbound.
  const send = request.fetch ?? ((input: string, options: RequestInit) => globalThis.fetch(input, options));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = send(request.url, init);
    const { timeout } = request;
    const response = await (timeout === false
      ? answer
      : Promise.race([
          answer,
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => {
              controller.abort();
              reject(new FetchTimeoutError(timeout));
            }, timeout);
          }),
        ]));
    return { response, done };
  } catch (error) {
    done();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
