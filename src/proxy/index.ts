/**
 * The CORS proxy: lets the add-in (a browser origin) call a service that sends no CORS headers. It forwards every
 * request to the ONE service origin it was started with and to nothing else (request-target.ts), answers CORS
 * for the allowed origins (cors.ts), and logs method, path, status and milliseconds only: never headers, query
 * strings or bodies (the token request's body carries the client secret).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify from 'fastify';
import { AllowedOrigins } from './cors';
import { forward } from './forward';
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
}

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

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const origin = parseTarget(options.target);
  const origins = new AllowedOrigins(options.allowedOrigins);
  const log = options.log ?? ((line: string) => console.log(line));
  const timeoutMs = options.timeoutMs ?? 120_000;
  const logRequest = (method: string, rawUrl: string, status: number, started: number, note = '') =>
    log(`${method} ${pathOf(rawUrl)} ${status} ${Math.round(performance.now() - started)} ms${note}`);

  // The guard runs on the raw request, before fastify routes anything: a refused request is never forwarded.
  const serverFactory = (handler: (request: IncomingMessage, response: ServerResponse) => void) => {
    const server = createServer((request, response) => {
      const started = performance.now();
      const method = request.method ?? '';
      const rawUrl = request.url ?? '';
      const target = resolveRequestTarget(method, rawUrl, origin);
      if (!target.ok) {
        sendJson(response, target.status, `Refused: ${target.reason}.`);
        logRequest(method, rawUrl, target.status, started, ' (refused)');
        return;
      }
      handler(request, response);
    });
    // CONNECT requests arrive here, not as requests: refuse them on the socket.
    server.on('connect', (request: IncomingMessage, socket: Socket) => {
      const body = JSON.stringify({ detail: 'Refused: CONNECT is refused: this proxy opens no tunnels, it forwards to one service only.' });
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      log(`CONNECT ${pathOf(request.url ?? '')} 403 0 ms (refused)`);
    });
    return server;
  };

  const app = Fastify({ logger: false, serverFactory, bodyLimit: BODY_LIMIT, exposeHeadRoutes: false, forceCloseConnections: true });
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

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${address.port}`, target: origin, close: () => app.close() };
}
