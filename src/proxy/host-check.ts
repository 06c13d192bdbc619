/**
 * The proxy's own names (issue #25 item 13): a request whose `Host` header is none of them is refused (421) before
 * it is forwarded. This is what stops DNS rebinding: a page on `evil.example` whose name an attacker re-points at
 * 127.0.0.1 reaches the proxy from the user's browser as a same-origin request, but with `Host: evil.example:PORT`.
 *
 * Own names: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`, the bound address with the port, and every name given
 * with `--allow-host` (`allowedHosts`): `name:port` matches that port only, a bare `name` any port or none (a proxy
 * behind a TLS terminator sees `Host: proxy.example.com`). Compared without regard to case.
 */

/** Addresses that mean "every interface": not a name a client uses. */
const WILDCARD_ADDRESSES: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]']);

export class ProxyHosts {
  private readonly ownNames: readonly string[];
  private readonly exact: ReadonlySet<string>;
  private readonly anyPort: ReadonlySet<string>;

  /** `bindHost`: the address the proxy was bound to; `configured`: `--allow-host`. */
  constructor(bindHost: string, configured: readonly string[] = []) {
    const bound = bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost;
    this.ownNames = ['127.0.0.1', 'localhost', '[::1]', ...(WILDCARD_ADDRESSES.has(bindHost) ? [] : [bound.toLowerCase()])];
    const exact = new Set<string>();
    const anyPort = new Set<string>();
    for (const entry of configured.map((name) => name.trim().toLowerCase())) {
      if (/:\d+$/.test(entry)) exact.add(entry);
      else anyPort.add(entry);
    }
    this.exact = exact;
    this.anyPort = anyPort;
  }

  /** True when `host` (the Host header) is one of the proxy's names; `port`: the port the request arrived on. */
  allows(host: string | undefined, port: number | undefined): boolean {
    if (host === undefined) return false;
    const name = host.trim().toLowerCase();
    if (port !== undefined && this.ownNames.some((own) => name === `${own}:${port}`)) return true;
    return this.exact.has(name) || this.anyPort.has(name.replace(/:\d+$/, ''));
  }
}
