/**
 * The proxy's Node server and the guard on its raw requests, before fastify routes anything (a refused request is
 * never forwarded): a request target that is not a path of the one service (request-target.ts), a `Host` that does
 * not name the proxy (host-check.ts: DNS rebinding, 421), CONNECT (no tunnels), a request Node cannot read (408 after
 * the header or request timeout, 431, else 400). Every answer carries `X-Content-Type-Options: nosniff`; the server
 * keeps at most `maxConnections` open. Log lines: method, path without the query, status, milliseconds.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { ProxyHosts } from './host-check';
import { resolveRequestTarget } from './request-target';

export type LogRequest = (method: string, rawUrl: string, status: number, started: number, note?: string) => void;

export interface GuardOptions {
  /** The one service origin. */
  origin: string;
  hosts: ProxyHosts;
  headersTimeout: number;
  requestTimeout: number;
  maxConnections: number;
  log: (line: string) => void;
  logRequest: LogRequest;
  /** A key pair (PEM) to serve HTTPS with (the deployment's server, src/deploy); plain HTTP without. */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

/** One log line per request: method, path without the query, status, milliseconds (never headers or bodies). */
export function requestLogger(log: (line: string) => void): LogRequest {
  return (method, rawUrl, status, started, note = '') =>
    log(`${method} ${pathOf(rawUrl)} ${status} ${Math.round(performance.now() - started)} ms${note}`);
}

/** A request Node could not read gets its answer on the socket (or the socket closes). */
export function answerUnreadable(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorAnswer(error.code));
  else socket.destroy(error);
}

/** fastify's `serverFactory`: the Node server with the guard in front of fastify's handler. */
export function guardedServerFactory({
  origin,
  hosts,
  headersTimeout,
  requestTimeout,
  maxConnections,
  log,
  logRequest,
  tls,
}: GuardOptions) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void) => {
    // Node checks the two timeouts every connectionsCheckingInterval (default 30 s): often enough for them to hold.
    const connectionsCheckingInterval = Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4)));
    const serverOptions = { headersTimeout, requestTimeout, connectionsCheckingInterval };
    const guarded = (request: IncomingMessage, response: ServerResponse) => {
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
        sendJson(
          response,
          421,
          'Refused: the Host header does not name this proxy (a DNS-rebinding page, or a name missing from --allow-host).',
        );
        logRequest(method, rawUrl, 421, started, ' (host not allowed)');
        return;
      }
      handler(request, response);
    };
    const server =
      tls === undefined
        ? createServer(serverOptions, guarded)
        : createTlsServer({ ...serverOptions, key: tls.key, cert: tls.cert }, guarded);
    server.maxConnections = maxConnections;
    // CONNECT requests arrive here, not as requests: refuse them on the socket.
    server.on('connect', (request: IncomingMessage, socket: Socket) => {
      socket.end(
        socketAnswer(403, 'Forbidden', 'Refused: CONNECT is refused: this proxy opens no tunnels, it forwards to one service only.'),
      );
      log(`CONNECT ${pathOf(request.url ?? '')} 403 0 ms (refused)`);
    });
    return server;
  };
}

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
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** What a client whose request Node could not read gets: 408 after the header or request timeout, 431, else 400. */
function clientErrorAnswer(code: string | undefined): string {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return socketAnswer(408, 'Request Timeout', 'Refused: the request did not arrive in time.');
  if (code === 'HPE_HEADER_OVERFLOW')
    return socketAnswer(431, 'Request Header Fields Too Large', 'Refused: the request headers are too large.');
  return socketAnswer(400, 'Bad Request', 'Refused: the request could not be read as HTTP.');
}
