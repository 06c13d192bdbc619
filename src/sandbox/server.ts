/**
 * The HTTP layer: one catch-all fastify route with the request pipeline in an onRequest hook, in the
 * order the service (Django + DRF) applies it: CORS → faults → trailing slash (301, before any body
 * is read) → URL resolution (404) → authentication (403/401) → edition (403 billing) → method (405)
 * → credential scope → body parsing → handler.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import type { TokenRegistry } from './auth';
import { isoDate } from './calendar';
import type { CorsPolicy } from './cors';
import type { FaultInjector } from './faults';
import { languageFrom, t, type Language } from './messages';
import type { Principal } from './model';
import { QueryParams } from './query-params';
import type { RequestContext } from './request-context';
import { requestLineTooLarge } from './request-line';
import { answerTokenRedirect } from './token-redirect';
import { matchRoute, METHODS, type Method, type MethodHandler, type Route, type RouteMatch } from './router';
import type { Store } from './store';

export interface ServerParts {
  store: Store;
  routes: Route[];
  tokens: TokenRegistry;
  cors: CorsPolicy;
  faults: FaultInjector;
  now: () => Date;
  linkHost?: string;
  logger: boolean;
  /** How long a client may take to send a whole request (headers within the same time, at most 10 s); then 408. */
  requestTimeoutMs: number;
}

interface Prepared {
  match: RouteMatch;
  handler: MethodHandler;
  principal: Principal | null;
  lang: Language;
}

const BILLING = 'billing_plan_permission_denied';

export function buildServer(parts: ServerParts): FastifyInstance {
  // forceCloseConnections: close() must not wait for a client that gave up on a slow answer but keeps the socket.
  // A client that sends its request slowly or never finishes it (slowloris) is answered 408 and let go: Node checks
  // the timeouts every connectionsCheckingInterval, here often enough for them to hold.
  const headersTimeout = Math.min(10_000, parts.requestTimeoutMs);
  const app = Fastify({
    logger: parts.logger,
    bodyLimit: 16 * 1024 * 1024,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    requestTimeout: parts.requestTimeoutMs,
    http: { headersTimeout, connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4))) },
  });
  const prepared = new WeakMap<FastifyRequest, Prepared>();

  // Only JSON, form and multipart bodies are parsed (DRF's default parsers); anything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const lang = languageFrom(request.headers['accept-language']);
      done(new ApiError(400, { detail: t(lang, 'parseError', { error: (error as Error).message }) }), undefined);
    }
  });
  void app.register(formbody);
  void app.register(multipart, { attachFieldsToBody: 'keyValues' });

  const companyEdition = (principal: Principal) =>
    principal.kind === 'company' ? parts.store.companies.get(principal.companyId)?.edition : 'enterprise';

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const tooLarge = requestLineTooLarge(request.method, request.url, request.raw.httpVersion);
    if (tooLarge) {
      reply.code(400).header('Content-Type', 'text/html').header('Connection', 'close').send(tooLarge.body);
      return reply;
    }
    const lang = languageFrom(request.headers['accept-language']);
    if (parts.cors.handle(request, reply)) return reply;
    const queryIndex = request.url.indexOf('?');
    const path = queryIndex < 0 ? request.url : request.url.slice(0, queryIndex);
    const search = queryIndex < 0 ? '' : request.url.slice(queryIndex);
    if (path.startsWith('/auth/token')) {
      if (answerTokenRedirect(parts.faults.tokenRedirect, reply)) return reply;
    } else {
      const outcome = await parts.faults.apply(request, reply, lang);
      if (outcome !== 'continue') return reply;
    }
    if (!path.endsWith('/')) {
      if (matchRoute(parts.routes, `${path}/`)) {
        reply.code(301).header('Location', `${path}/${search}`).header('Content-Length', '0').send();
        return reply;
      }
      throw new ApiError(404, { detail: t(lang, 'notFound') });
    }
    const match = matchRoute(parts.routes, path);
    if (!match) throw new ApiError(404, { detail: t(lang, 'notFound') });
    const method = (request.method === 'HEAD' ? 'GET' : request.method) as Method;
    const handler = METHODS.includes(method) ? match.route.methods[method] : undefined;
    const isPublic = Object.values(match.route.methods).some((h) => h.scope === 'public');
    let principal: Principal | null = null;
    if (!isPublic) {
      principal = parts.tokens.authenticate(request.headers.authorization, parts.now().getTime(), lang);
      if (companyEdition(principal) === 'basic') {
        throw new ApiError(403, { detail: t(lang, 'billingPlanDenied'), code: BILLING });
      }
    }
    if (!handler) {
      const allow = [...Object.keys(match.route.methods), 'OPTIONS'].join(', ');
      throw new ApiError(405, { detail: t(lang, 'methodNotAllowed', { method: request.method }) }, { Allow: allow });
    }
    if (principal) checkScope(handler, principal, match.params, lang);
    prepared.set(request, { match, handler, principal, lang });
    return undefined;
  });

  const checkScope = (handler: MethodHandler, principal: Principal, params: Record<string, string>, lang: Language) => {
    if (handler.scope === 'company' && principal.kind === 'group') {
      throw new ApiError(403, { detail: t(lang, 'groupNotBound') });
    }
    if (handler.scope === 'group-company') {
      if (principal.kind !== 'group') throw new ApiError(403, { detail: t(lang, 'billingPlanDenied'), code: BILLING });
      if (!principal.companyIds.includes(Number(params.company_id))) throw new ApiError(404, { detail: t(lang, 'notFound') });
    }
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '*',
    handler: async (request, reply) => {
      const state = prepared.get(request);
      if (!state) throw new Error('request reached the handler without routing');
      const nowMs = parts.now().getTime();
      const origin = parts.linkHost ?? `http://${request.headers.host ?? '127.0.0.1'}`;
      const context: RequestContext = {
        store: parts.store,
        lang: state.lang,
        principal: state.principal ?? { kind: 'company', companyId: -1, clientId: '' },
        params: state.match.params,
        query: QueryParams.fromUrl(request.url),
        body: request.body,
        now: nowMs,
        today: isoDate(nowMs),
        linkOrigin: origin.replace(/\/+$/, ''),
        path: request.url.split('?')[0] ?? '/',
      };
      const result = await state.handler.run(context);
      reply.code(result.status);
      for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
      if (result.status === 204 || result.body === undefined) return reply.send();
      return reply.send(result.body);
    },
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const lang = languageFrom(request.headers['accept-language']);
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.status).send(error.body);
    }
    const code = (error as { code?: string }).code;
    const status = (error as { statusCode?: number }).statusCode;
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const mediaType = request.headers['content-type'] ?? '';
      return reply.code(415).send({ detail: t(lang, 'unsupportedMediaType', { media_type: mediaType }) });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ detail: t(lang, 'bodyTooLarge') });
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(400).send({ detail: t(lang, 'parseError', { error: (error as Error).message }) });
    }
    request.log.error(error);
    return reply.code(500).type('text/html; charset=utf-8').send('<h1>Server Error (500)</h1>');
  });

  return app;
}
