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
  | { ok: true; status: number; headers: Record<string, string>; body: Buffer }
  | { ok: false; status: 502 | 504; detail: string };

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

export async function forward(request: UpstreamRequest, origin: string): Promise<UpstreamAnswer> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = firstValue(request.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  const bodyless = request.method === 'GET' || request.method === 'HEAD' || request.body === undefined || request.body.length === 0;
  // A copy on a plain ArrayBuffer, as fetch's BodyInit wants it.
  const body = bodyless || request.body === undefined ? undefined : new Uint8Array(request.body);
  let response: Response;
  let answer: Buffer;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: request.signal,
    });
    answer = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    const reason: unknown = request.signal.reason;
    if (request.signal.aborted && typeof reason === 'object' && reason !== null && 'name' in reason && reason.name === 'TimeoutError') {
      return { ok: false, status: 504, detail: `The service at ${origin} did not answer in time.` };
    }
    return { ok: false, status: 502, detail: `The service at ${origin} could not be reached (${unreachableCause(error)}).` };
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
