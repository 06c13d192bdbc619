/**
 * The deployment's one server (`npm run serve`): over HTTPS, on the add-in's origin, it serves the build in dist/
 * (built-files.ts) and, under `/service/` of the same origin, the CORS proxy for the one service it was started for
 * (src/proxy: its raw-request guard, Host check, route and forwarding, mounted under that path). Answers carry the
 * headers of security-headers.ts. It refuses to start without a build for its origin.
 *
 * A request goes: guard (request target, Host: the origin's name or this machine's) → `/service/…` to the proxy
 * route, `GET`/`HEAD` of a built file to the static route, anything else 404.
 */
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { AllowedOrigins } from '../proxy/cors';
import { DEFAULT_MAX_ANSWER_BYTES } from '../proxy/forward';
import { answerUnreadable, guardedServerFactory, requestLogger } from '../proxy/guarded-server';
import { ProxyHosts } from '../proxy/host-check';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, DEFAULT_REQUEST_TIMEOUT_MS } from '../proxy';
import { passBodiesThrough, proxyHandler } from '../proxy/proxy-route';
import { FORWARDED_METHODS } from '../proxy/request-target';
import { parseTarget } from '../proxy/target';
import { readBuild, type BuiltFile } from './built-files';
import { deployedServiceUrl, parseDeployOrigin, SERVICE_PATH } from './deploy-origin';
import { COMMON_HEADERS, pagePolicy } from './security-headers';

export interface AddinServerOptions {
  /** The build to serve (made with `--env origin=<origin>`). */
  dist: string;
  /** The add-in's origin, as colleagues' Excel reaches it: `https://addin.example.com`. */
  origin: string;
  /** The service's origin, the proxy's one target. */
  service: string;
  /** PEM key pair for HTTPS. */
  key: string | Buffer;
  cert: string | Buffer;
  /** Default 443; 0 = a random free port. */
  port?: number;
  /** Default '0.0.0.0'. */
  host?: string;
  /** Hosts allowed to frame the pane besides Office's (security-headers.ts). */
  frameAncestors?: readonly string[];
  /** Where log lines go (method, path, status, ms); default console.log. */
  log?: (line: string) => void;
  /** How long the service may take to answer, default 120 s. */
  timeoutMs?: number;
}

export interface RunningAddinServer {
  /** `https://<bound host>:<port>`. */
  url: string;
  origin: string;
  service: string;
  /** The base URL of a connection through the proxy: `<origin>/service/`. */
  serviceUrl: string;
  close(): Promise<void>;
}

export async function startAddinServer(options: AddinServerOptions): Promise<RunningAddinServer> {
  const origin = parseDeployOrigin(options.origin);
  const service = parseTarget(options.service);
  const files = readBuild(options.dist, origin);
  const host = options.host ?? '0.0.0.0';
  const log = options.log ?? ((line: string) => console.log(line));
  const logRequest = requestLogger(log);
  const serverFactory = guardedServerFactory({
    origin: service,
    hosts: new ProxyHosts(host, [new URL(origin).host]),
    headersTimeout: DEFAULT_HEADERS_TIMEOUT_MS,
    requestTimeout: DEFAULT_REQUEST_TIMEOUT_MS,
    maxConnections: DEFAULT_MAX_CONNECTIONS,
    log,
    logRequest,
    tls: { key: options.key, cert: options.cert },
  });
  const app = Fastify({
    logger: false,
    serverFactory,
    bodyLimit: 32 * 1024 * 1024,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => answerUnreadable(error, socket),
  });
  passBodiesThrough(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(COMMON_HEADERS);
  });
  app.route({
    method: [...FORWARDED_METHODS],
    url: `${SERVICE_PATH}*`,
    handler: proxyHandler({
      origin: service,
      // The pane calls the proxy from the add-in's own origin (same-origin: no preflight, Origin on writes only).
      origins: new AllowedOrigins([origin]),
      timeoutMs: options.timeoutMs ?? 120_000,
      maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
      logRequest,
      pathPrefix: SERVICE_PATH.replace(/\/$/, ''),
    }),
  });
  app.route({ method: ['GET', 'HEAD'], url: '*', handler: staticHandler(files, pagePolicy(service, options.frameAncestors)) });

  await app.listen({ port: options.port ?? 443, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { url: `https://${urlHost}:${address.port}`, origin, service, serviceUrl: deployedServiceUrl(origin), close: () => app.close() };
}

/** A built file with its type, cache rule and ETag (304 when the browser has it); pages with their policy. */
function staticHandler(files: ReadonlyMap<string, BuiltFile>, policy: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const rawUrl = request.raw.url ?? '/';
    const queryAt = rawUrl.search(/[?#]/);
    const file = files.get(queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt));
    if (file === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply.headers({
      'Content-Type': file.contentType,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
      // The files are public; Excel on the web reads functions.json from Office's origin (office-notes: CORS).
      'Access-Control-Allow-Origin': '*',
      ...(file.contentType.startsWith('text/html') ? { 'Content-Security-Policy': policy } : {}),
    });
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.send(file.body);
  };
}
