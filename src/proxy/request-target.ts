/**
 * The open-proxy guard: which incoming requests may be forwarded, and to which URL. It runs on the raw request
 * line, before any routing, so a refused request is never forwarded anywhere.
 *
 * Forwarded: origin-form targets (`/path?query`) with an allowed method, whose URL, appended to the target
 * origin, stays on that origin. Refused:
 * - CONNECT (403): the proxy opens no tunnels;
 * - methods the service does not use (405), TRACE among them;
 * - absolute-form (`http://evil.test/`), authority-form (`evil.test:443`) and asterisk-form (`*`) targets (400);
 * - protocol-relative paths and empty segments (`//evil.test/x`, `/a//b`) (400);
 * - backslashes, raw or encoded (`/\evil.test`, `/%5Cevil.test`), encoded slashes (`/%2F%2Fevil.test`), encoded
 *   percent signs (double encoding, `/%252F`) and encoded control characters in the path (400);
 * - anything else that URL-resolves outside the target origin (400).
 */

/** What the proxy forwards; the service uses no other method. */
export const FORWARDED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export type RequestTarget = { ok: true; url: string } | { ok: false; status: 400 | 403 | 405; reason: string };

function refuse(status: 400 | 403 | 405, reason: string): RequestTarget {
  return { ok: false, status, reason };
}

/** The upstream URL for `method rawUrl` on `origin` (as parseTarget gives it), or why the request is refused. */
export function resolveRequestTarget(method: string, rawUrl: string, origin: string): RequestTarget {
  if (method === 'CONNECT') return refuse(403, 'CONNECT is refused: this proxy opens no tunnels, it forwards to one service only');
  if (!(FORWARDED_METHODS as readonly string[]).includes(method)) return refuse(405, `method ${method} is not forwarded`);
  if (!rawUrl.startsWith('/')) return refuse(400, 'only paths are forwarded (no absolute URL, host or * as the request target)');
  const queryAt = rawUrl.search(/[?#]/);
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path.includes('//')) return refuse(400, 'a path with an empty segment (//) is refused');
  if (path.includes('\\')) return refuse(400, 'a path with a backslash is refused');
  if (/%(2f|5c|25|[01][0-9a-f]|7f)/i.test(path)) {
    return refuse(400, 'a path with an encoded slash, backslash, percent sign or control character is refused');
  }
  let url: URL;
  try {
    url = new URL(origin + rawUrl);
  } catch {
    return refuse(400, 'the request target is not a valid URL path');
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return refuse(400, 'the path resolves outside the service origin');
  return { ok: true, url: url.href };
}
