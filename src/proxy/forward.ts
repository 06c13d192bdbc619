/**
 * One request to the service: the request's method, body and the few headers the API uses go out; the answer's
 * status, body and the few headers the client reads come back unchanged. Redirects are not followed; one within
 * the target comes back with its `Location` as a path on the proxy, one outside it becomes 502 (redirect.ts).
 * Uses Node's global fetch (undici).
 */

import { passedRedirect } from './redirect';

/** Request headers sent on to the service. Everything else stays here: hop-by-hop headers, Host, Origin, Cookie. */
export const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'accept-language'] as const;
/** Answer headers passed back to the client (`location` only as redirect.ts rewrites it). */
export const PASSED_BACK_HEADERS = ['content-type', 'retry-after', 'www-authenticate', 'location'] as const;

export interface UpstreamRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Uint8Array | undefined;
  signal: AbortSignal;
}

export type UpstreamAnswer =
  { ok: true; status: number; headers: Record<string, string>; body: Buffer } | { ok: false; status: 502 | 504; detail: string };

/**
 * Largest answer of the service the proxy passes on: 32 MiB. A page of 1000 transactions with their sum (the largest
 * page the service gives) is about 0.6 MiB from the sandbox; it fits fifty times over. A larger answer becomes 502,
 * never a proxy out of memory: it is read up to the cap and no further.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** `33554432` -> `32 MiB`, `1024` -> `1024 bytes`. */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${bytes} bytes`;
}

/** The answer's body, read up to `maxBytes`; undefined when it is larger (announced or sent). */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (announced > maxBytes || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    return response.body === null ? Buffer.alloc(0) : undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Why the service could not be reached, in a word the user can act on (never a stack): `ECONNREFUSED`, `ENOTFOUND`, … */
function unreachableCause(error: unknown): string {
  // Structural checks: undici's errors may come from another realm (instanceof Error fails there).
  const field = (value: unknown, name: string): unknown =>
    typeof value === 'object' && value !== null && name in value ? (value as Record<string, unknown>)[name] : undefined;
  const cause = field(error, 'cause') ?? error;
  const code = field(cause, 'code') ?? field(field(cause, 'errors'), '0');
  if (typeof code === 'string') return code;
  const message = field(cause, 'message');
  return typeof message === 'string' && message !== '' ? message : 'unknown error';
}

export async function forward(
  request: UpstreamRequest,
  origin: string,
  maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
): Promise<UpstreamAnswer> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = firstValue(request.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  const bodyless = request.method === 'GET' || request.method === 'HEAD' || request.body === undefined || request.body.length === 0;
  // A copy on a plain ArrayBuffer, as fetch's BodyInit wants it.
  const body = bodyless || request.body === undefined ? undefined : new Uint8Array(request.body);
  let response: Response;
  let answer: Buffer | undefined;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: request.signal,
    });
    answer = await readCapped(response, maxAnswerBytes);
  } catch (error) {
    const reason: unknown = request.signal.reason;
    if (request.signal.aborted && typeof reason === 'object' && reason !== null && 'name' in reason && reason.name === 'TimeoutError') {
      return { ok: false, status: 504, detail: `The service at ${origin} did not answer in time.` };
    }
    return { ok: false, status: 502, detail: `The service at ${origin} could not be reached (${unreachableCause(error)}).` };
  }
  if (answer === undefined) {
    return {
      ok: false,
      status: 502,
      detail: `The service at ${origin} sent an answer larger than ${sizeText(maxAnswerBytes)}; the proxy does not pass it on.`,
    };
  }
  const redirect = passedRedirect(response.status, response.headers.get('location'), request.url, origin);
  if (redirect.kind === 'refused') return { ok: false, status: 502, detail: redirect.detail };
  const passed: Record<string, string> = {};
  for (const name of PASSED_BACK_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) passed[name] = value;
  }
  delete passed['location'];
  if (redirect.kind === 'within') passed['location'] = redirect.location;
  return { ok: true, status: response.status, headers: passed, body: answer };
}
