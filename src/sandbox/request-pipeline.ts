/**
 * The request pipeline, run before any body is read (fastify's onRequest hook), in the order the service (Django +
 * DRF) applies it: request line (400) → CORS → faults (the token endpoint meets only its redirect) → trailing slash
 * (301) → URL resolution (404) → authentication (403/401) → edition (403 billing) → method (405) → credential scope.
 * What it found (the route, its handler, the principal, the language) is kept for the handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import type { TokenRegistry } from './auth';
import type { CorsPolicy } from './cors';
import type { FaultInjector } from './faults';
import { languageFrom, t, type Language } from './messages';
import type { Principal } from './model';
import { requestLineTooLarge } from './request-line';
import { matchRoute, METHODS, type Method, type MethodHandler, type Route, type RouteMatch } from './router';
import type { Store } from './store';
import { answerTokenRedirect } from './token-redirect';

/** What the pipeline works with. */
export interface PipelineParts {
  store: Store;
  routes: Route[];
  tokens: TokenRegistry;
  cors: CorsPolicy;
  faults: FaultInjector;
  now: () => Date;
}

/** A request that passed the pipeline: its route and handler, who sent it, and the language of the answer. */
export interface Prepared {
  match: RouteMatch;
  handler: MethodHandler;
  principal: Principal | null;
  lang: Language;
}

const BILLING = 'billing_plan_permission_denied';

type OnRequest = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/** The onRequest hook: answers the request itself or throws an ApiError, else keeps what it found in `prepared`. */
export function requestPipeline(parts: PipelineParts, prepared: WeakMap<FastifyRequest, Prepared>): OnRequest {
  return async (request, reply) => {
    const lang = languageFrom(request.headers['accept-language']);
    const { path, search } = splitUrl(request.url);
    if (await answeredBeforeRouting(parts, request, reply, path, lang)) return reply;
    if (!path.endsWith('/')) return redirectToSlash(parts.routes, path, search, reply, lang);
    const match = matchRoute(parts.routes, path);
    if (!match) throw new ApiError(404, { detail: t(lang, 'notFound') });
    const method = (request.method === 'HEAD' ? 'GET' : request.method) as Method;
    const handler = METHODS.includes(method) ? match.route.methods[method] : undefined;
    const principal = authenticate(parts, request, match, lang);
    if (!handler) {
      const allow = [...Object.keys(match.route.methods), 'OPTIONS'].join(', ');
      throw new ApiError(405, { detail: t(lang, 'methodNotAllowed', { method: request.method }) }, { Allow: allow });
    }
    if (principal) checkScope(handler, principal, match.params, lang);
    prepared.set(request, { match, handler, principal, lang });
    return undefined;
  };
}

function splitUrl(url: string): { path: string; search: string } {
  const queryIndex = url.indexOf('?');
  return { path: queryIndex < 0 ? url : url.slice(0, queryIndex), search: queryIndex < 0 ? '' : url.slice(queryIndex) };
}

/** A request line too long, a CORS preflight or refusal, a fault drawn (or the token endpoint's redirect): answered. */
async function answeredBeforeRouting(
  parts: PipelineParts,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  lang: Language,
): Promise<boolean> {
  const tooLarge = requestLineTooLarge(request.method, request.url, request.raw.httpVersion);
  if (tooLarge) {
    reply.code(400).header('Content-Type', 'text/html').header('Connection', 'close').send(tooLarge.body);
    return true;
  }
  if (parts.cors.handle(request, reply)) return true;
  if (path.startsWith('/auth/token')) return answerTokenRedirect(parts.faults.tokenRedirect, reply);
  return (await parts.faults.apply(request, reply, lang)) !== 'continue';
}

/** A path without its trailing slash: 301 to the slashed path where that exists (query kept), else 404. */
function redirectToSlash(routes: Route[], path: string, search: string, reply: FastifyReply, lang: Language): FastifyReply {
  if (!matchRoute(routes, `${path}/`)) throw new ApiError(404, { detail: t(lang, 'notFound') });
  reply.code(301).header('Location', `${path}/${search}`).header('Content-Length', '0').send();
  return reply;
}

/** The sender of a request to a route that is not public (401/403 from the token), refused when its edition has no API. */
function authenticate(parts: PipelineParts, request: FastifyRequest, match: RouteMatch, lang: Language): Principal | null {
  const isPublic = Object.values(match.route.methods).some((h) => h.scope === 'public');
  if (isPublic) return null;
  const principal = parts.tokens.authenticate(request.headers.authorization, parts.now().getTime(), lang);
  const edition = principal.kind === 'company' ? parts.store.companies.get(principal.companyId)?.edition : 'enterprise';
  if (edition === 'basic') throw new ApiError(403, { detail: t(lang, 'billingPlanDenied'), code: BILLING });
  return principal;
}

/** Company credentials on a company path, group credentials on a group company's path (and only their companies'). */
function checkScope(handler: MethodHandler, principal: Principal, params: Record<string, string>, lang: Language): void {
  if (handler.scope === 'company' && principal.kind === 'group') {
    throw new ApiError(403, { detail: t(lang, 'groupNotBound') });
  }
  if (handler.scope === 'group-company') {
    if (principal.kind !== 'group') throw new ApiError(403, { detail: t(lang, 'billingPlanDenied'), code: BILLING });
    if (!principal.companyIds.includes(Number(params.company_id))) throw new ApiError(404, { detail: t(lang, 'notFound') });
  }
}
