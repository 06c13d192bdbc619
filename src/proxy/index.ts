/**
 * The CORS proxy: lets the add-in (a browser origin) call a service that sends no CORS headers. It forwards every
 * request to the ONE service origin it was started with and to nothing else (request-target.ts), only when the
 * request names the proxy itself in `Host` (host-check.ts: DNS rebinding), answers CORS for the allowed origins
 * (cors.ts), passes on no redirect outside the target (redirect.ts) and no answer above `maxAnswerBytes` (forward.ts),
 * and logs method, path, status and milliseconds only: never headers, query strings or bodies (the token request's
 * body carries the client secret). Every answer carries `X-Content-Type-Options: nosniff`. Its Node server limits
 * how long a client may take to send headers and request (408 after) and how many connections it keeps at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify from 'fastify';
import { AllowedOrigins } from './cors';
import { DEFAULT_MAX_ANSWER_BYTES, forward } from './forward';
import { ProxyHosts } from './host-check';
import { FORWARDED_METHODS, resolveRequestTarget } from './request-target';
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

/** What a log line shows of a request target: the path without the query, or nothing of a target that is no path. */
function pathOf(rawUrl: string): string {
  if (!rawUrl.startsWith('/')) return '(not a path)';
  const end = rawUrl.search(/[?#]/);
  return end < 0 ? rawUrl : rawUrl.slice(0, end);
}

function sendJson(response: ServerResponse, status: number, detail: string): void {
  const body = JSON.stringify({ detail });
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** An answer written straight to a socket (CONNECT, a request Node could not read), as raw HTTP/1.1. */
function socketAnswer(status: number, reason: string, detail: string): string {
  const body = JSON.stringify({ detail });
  const head = [`HTTP/1.1 ${status} ${reason}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, 'X-Content-Type-Options: nosniff', 'Connection: close'];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** What a client whose request Node could not read gets: 408 after the header or request timeout, 431, else 400. */
function clientErrorAnswer(code: string | undefined): string {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return socketAnswer(408, 'Request Timeout', 'Refused: the request did not arrive in time.');
  if (code === 'HPE_HEADER_OVERFLOW') return socketAnswer(431, 'Request Header Fields Too Large', 'Refused: the request headers are too large.');
  return socketAnswer(400, 'Bad Request', 'Refused: the request could not be read as HTTP.');
}

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
  const logRequest = (method: string, rawUrl: string, status: number, started: number, note = '') =>
    log(`${method} ${pathOf(rawUrl)} ${status} ${Math.round(performance.now() - started)} ms${note}`);

  // The guard runs on the raw request, before fastify routes anything: a refused request is never forwarded.
  const serverFactory = (handler: (request: IncomingMessage, response: ServerResponse) => void) => {
    // Node checks the two timeouts every connectionsCheckingInterval (default 30 s): often enough for them to hold.
    const connectionsCheckingInterval = Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4)));
    const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval }, (request, response) => {
      response.setHeader('X-Content-Type-Options', 'nosniff');
      const started = performance.now();
      const method = request.method ?? '';
      const rawUrl = request.url ?? '';
      const target = resolveRequestTarget(method, rawUrl, origin);
      if (!target.ok) {
        sendJson(response, target.status, `Refused: ${target.reason}.`);
        logRequest(method, rawUrl, target.status, started, ' (refused)');
        return;
      }
      if (!hosts.allows(request.headers.host, request.socket.localPort)) {
        sendJson(response, 421, "Refused: the Host header does not name this proxy (a DNS-rebinding page, or a name missing from --allow-host).");
        logRequest(method, rawUrl, 421, started, ' (host not allowed)');
        return;
      }
      handler(request, response);
    });
    server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    // CONNECT requests arrive here, not as requests: refuse them on the socket.
    server.on('connect', (request: IncomingMessage, socket: Socket) => {
      socket.end(socketAnswer(403, 'Forbidden', 'Refused: CONNECT is refused: this proxy opens no tunnels, it forwards to one service only.'));
      log(`CONNECT ${pathOf(request.url ?? '')} 403 0 ms (refused)`);
    });
    return server;
  };

  const app = Fastify({
    logger: false,
    serverFactory,
    bodyLimit: BODY_LIMIT,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.end(clientErrorAnswer(error.code));
      else socket.destroy(error);
    },
  });
  // Bodies are passed through as bytes, whatever their type (JSON, form, multipart).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    method: [...FORWARDED_METHODS],
    url: '*',
    handler: async (request, reply) => {
      const started = performance.now();
      const rawUrl = request.raw.url ?? '';
      const target = resolveRequestTarget(request.method, rawUrl, origin);
      if (!target.ok) throw new Error('a refused request reached the proxy route');
      const requestOrigin = request.headers.origin;
      const finish = (status: number, note = '') => logRequest(request.method, rawUrl, status, started, note);

      if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
        const allowed = origins.allows(requestOrigin);
        finish(allowed ? 204 : 403, ' (preflight)');
        return reply.code(allowed ? 204 : 403).headers(origins.preflightHeaders(requestOrigin)).send();
      }
      if (!origins.allows(requestOrigin)) {
        finish(403, ' (origin not allowed)');
        return reply.code(403).send({ detail: `Refused: the origin ${requestOrigin} is not allowed to use this proxy (--allow-origin).` });
      }

      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const answer = await forward(
        {
          method: request.method,
          url: target.url,
          headers: request.headers,
          body: Buffer.isBuffer(request.body) ? request.body : undefined,
          signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
        },
        origin,
        maxAnswerBytes,
      );
      reply.headers(origins.answerHeaders(requestOrigin));
      if (!answer.ok) {
        finish(answer.status, ' (service unreachable)');
        return reply.code(answer.status).send({ detail: answer.detail });
      }
      finish(answer.status);
      reply.code(answer.status).headers(answer.headers);
      return answer.body.length > 0 ? reply.send(answer.body) : reply.send();
    },
  });

  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${address.port}`, target: origin, close: () => app.close() };
}
