/**
 * What the proxy does with a redirect from the service (issue #25 item 1). The proxy never follows one (forward.ts
 * fetches with `redirect: 'manual'`), and it never passes one on that points outside its target: a client that
 * followed it would send its request, the token request's client ID and secret among them, to that host. Such an
 * answer becomes 502 with a detail naming the host.
 *
 * A redirect within the target (the service's 301 for a missing trailing slash) is passed on with its `Location`
 * rewritten into the proxy's own address space: as a path-absolute reference (`/categories/?x=1`), which the client
 * resolves against the proxy's origin, whatever name it reached the proxy by. The client then decides (the add-in's
 * own client follows such a redirect only for a GET, src/api/README.md).
 */

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export type PassedRedirect =
  /** Not a redirect, or one without a usable Location: passed on as it came, without a Location. */
  | { kind: 'none' }
  /** Within the target: pass on with this `Location`. */
  | { kind: 'within'; location: string }
  /** Outside the target (another host, scheme or port), or not safely expressible as a path: 502 with `detail`. */
  | { kind: 'refused'; detail: string };

/** How to pass on an answer with `status` and `location` to a request for `requestUrl` on the target `origin`. */
export function passedRedirect(status: number, location: string | null, requestUrl: string, origin: string): PassedRedirect {
  if (!REDIRECT_STATUSES.has(status) || location === null) return { kind: 'none' };
  let resolved: URL;
  try {
    resolved = new URL(location, requestUrl);
  } catch {
    return { kind: 'none' };
  }
  if (resolved.origin !== origin) {
    const host = resolved.host === '' ? resolved.protocol : resolved.host;
    return {
      kind: 'refused',
      detail: `The service at ${origin} redirected to ${host}, outside the service; the proxy does not pass that on.`,
    };
  }
  // `//x` as a Location would be read as another host (protocol-relative): not passed on.
  if (resolved.pathname.startsWith('//')) {
    return { kind: 'refused', detail: `The service at ${origin} redirected to a path the proxy cannot pass on safely.` };
  }
  return { kind: 'within', location: `${resolved.pathname}${resolved.search}${resolved.hash}` };
}
