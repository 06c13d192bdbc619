/**
 * The proxy's one route: a request to the service as fastify hands it over, after the raw-request guard
 * (guarded-server.ts). A preflight from an allowed origin is answered here; a request from another browser origin is
 * refused; anything else is forwarded to the one target (forward.ts) and its answer passed back with the CORS headers
 * of the request's origin. `npm run proxy` mounts it at `/`; the deployment's server (src/deploy) under a path of the
 * add-in's own origin (`pathPrefix`, e.g. `/service`), which it takes off before forwarding and puts back on a
 * redirect's `Location`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AllowedOrigins } from './cors';
import { forward } from './forward';
import type { LogRequest } from './guarded-server';
import { resolveRequestTarget } from './request-target';

export interface ProxyRouteOptions {
  /** The one service origin (parseTarget). */
  origin: string;
  origins: AllowedOrigins;
  timeoutMs: number;
  maxAnswerBytes: number;
  logRequest: LogRequest;
  /** The path the route is mounted under, without a trailing slash (`/service`); '' at the root (default). */
  pathPrefix?: string;
}

/** Bodies are passed through as bytes, whatever their type (JSON, form, multipart): the app parses none. */
export function passBodiesThrough(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** The route's handler: preflight, origin check, forward, answer. */
export function proxyHandler(options: ProxyRouteOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const { origin, origins, timeoutMs, maxAnswerBytes, logRequest } = options;
  const prefix = options.pathPrefix ?? '';
  return async (request, reply) => {
    const started = performance.now();
    const rawUrl = request.raw.url ?? '';
    if (!rawUrl.startsWith(`${prefix}/`)) throw new Error(`a request outside ${prefix}/ reached the proxy route`);
    const target = resolveRequestTarget(request.method, rawUrl.slice(prefix.length), origin);
    if (!target.ok) throw new Error('a refused request reached the proxy route');
    const requestOrigin = request.headers.origin;
    const finish = (status: number, note = '') => logRequest(request.method, rawUrl, status, started, note);

    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      const allowed = origins.allows(requestOrigin);
      finish(allowed ? 204 : 403, ' (preflight)');
      return reply
        .code(allowed ? 204 : 403)
        .headers(origins.preflightHeaders(requestOrigin))
        .send();
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
    // A redirect within the service comes back as a path on the proxy (redirect.ts): under the route's own path.
    const location = answer.headers['location'];
    const headers = location === undefined ? answer.headers : { ...answer.headers, location: `${prefix}${location}` };
    reply.code(answer.status).headers(headers);
    return answer.body.length > 0 ? reply.send(answer.body) : reply.send();
  };
}
