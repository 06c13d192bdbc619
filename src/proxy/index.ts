/**
 * The CORS proxy: lets the add-in (a browser origin) call a service that sends no CORS headers. It forwards every
 * request to the ONE service origin it was started with and to nothing else (request-target.ts), only when the
 * request names the proxy itself in `Host` (host-check.ts: DNS rebinding; the guard on raw requests is
 * guarded-server.ts), answers CORS for the allowed origins
 * (cors.ts; the route is proxy-route.ts), passes on no redirect outside the target (redirect.ts) and no answer above
 * `maxAnswerBytes` (forward.ts), and logs method, path, status and milliseconds only: never headers, query strings or
 * bodies (the token request's body carries the client secret). Every answer carries `X-Content-Type-Options: nosniff`. Its Node server limits
 * how long a client may take to send headers and request (408 after) and how many connections it keeps at once.
 */
import type { AddressInfo, Socket } from 'node:net';
import Fastify from 'fastify';
import { AllowedOrigins } from './cors';
import { DEFAULT_MAX_ANSWER_BYTES } from './forward';
import { answerUnreadable, guardedServerFactory, requestLogger } from './guarded-server';
import { ProxyHosts } from './host-check';
import { passBodiesThrough, proxyHandler } from './proxy-route';
import { FORWARDED_METHODS } from './request-target';
import { parseTarget } from './target';

export { DEFAULT_ALLOWED_ORIGINS } from './cors';
export { TargetError, parseTarget } from './target';

export const DEFAULT_PROXY_PORT = 8788;

export interface ProxyOptions {
  /** The service's origin, e.g. `https://api.example.com`; checked at start (TargetError when it is not an origin). */
  target: string;
  /** 0 = a random free port (default). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Browser origins allowed to call through the proxy; `*` = any. Default: the add-in's dev server origins. */
  allowedOrigins?: readonly string[];
  /** Where the log lines go (method, path, status, ms); default console.log. */
  log?: (line: string) => void;
  /** How long the service may take to answer, default 120 s; then 504. */
  timeoutMs?: number;
  /**
   * Names a request may give in `Host` besides the proxy's own (127.0.0.1, localhost, [::1] and the bound address,
   * each with the port): `name` (any port) or `name:port`. Any other Host is refused with 421 (host-check.ts).
   */
  allowedHosts?: readonly string[];
  /** Largest answer of the service passed on, default DEFAULT_MAX_ANSWER_BYTES (32 MiB); a larger one gives 502. */
  maxAnswerBytes?: number;
  /** How long a client may take to send the request headers, default 10 s; then 408 and the connection closes. */
  headersTimeoutMs?: number;
  /** How long a client may take to send the whole request, body included, default 60 s; then 408. */
  requestTimeoutMs?: number;
  /** Most connections open at once, default 256; one more is closed as soon as it opens. */
  maxConnections?: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_CONNECTIONS = 256;
export { DEFAULT_MAX_ANSWER_BYTES } from './forward';

export interface RunningProxy {
  url: string;
  /** The origin requests are forwarded to. */
  target: string;
  close(): Promise<void>;
}

/** Request bodies up to this size are forwarded (a 1000-item import is far below it). */
const BODY_LIMIT = 32 * 1024 * 1024;

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const origin = parseTarget(options.target);
  const origins = new AllowedOrigins(options.allowedOrigins);
  const log = options.log ?? ((line: string) => console.log(line));
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(headersTimeout, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const host = options.host ?? '127.0.0.1';
  const hosts = new ProxyHosts(host, options.allowedHosts);
  const logRequest = requestLogger(log);

  // The guard runs on the raw request, before fastify routes anything: a refused request is never forwarded.
  const serverFactory = guardedServerFactory({
    origin,
    hosts,
    headersTimeout,
    requestTimeout,
    maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    log,
    logRequest,
  });

  const app = Fastify({
    logger: false,
    serverFactory,
    bodyLimit: BODY_LIMIT,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      answerUnreadable(error, socket);
    },
  });
  passBodiesThrough(app);
  app.route({
    method: [...FORWARDED_METHODS],
    url: '*',
    handler: proxyHandler({ origin, origins, timeoutMs, maxAnswerBytes, logRequest }),
  });

  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${address.port}`, target: origin, close: () => app.close() };
}
