/**
 * CORS for the add-in's origins, after django-cors-headers: preflights (OPTIONS with
 * Access-Control-Request-Method) are answered 200 at once; allowed origins get
 * Access-Control-Allow-Origin on every answer. With `false` no CORS header is ever sent and OPTIONS goes
 * through the normal request handling, like a service without CORS support.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEFAULT_CORS_ORIGINS = ['https://localhost:3000', 'http://localhost:3000', 'http://127.0.0.1:3000'];

export type CorsOption = boolean | { origins: string[] };

const ALLOWED_HEADERS = 'accept, accept-language, authorization, content-type';
const ALLOWED_METHODS = 'DELETE, GET, OPTIONS, PATCH, POST, PUT';
const EXPOSED_HEADERS = 'Retry-After, WWW-Authenticate, Location';

export class CorsPolicy {
  private readonly origins: Set<string> | null;

  constructor(option: CorsOption | undefined) {
    if (option === false) this.origins = null;
    else if (option === undefined || option === true) this.origins = new Set(DEFAULT_CORS_ORIGINS);
    else this.origins = new Set(option.origins);
  }

  /** Adds CORS headers; returns true when the request was a preflight and has been answered. */
  handle(request: FastifyRequest, reply: FastifyReply): boolean {
    if (this.origins === null) return false;
    const origin = request.headers.origin;
    const allowed = typeof origin === 'string' && this.origins.has(origin);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (allowed) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      if (!preflight) reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (!preflight) return false;
    if (allowed) {
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Max-Age', '86400');
    }
    reply.code(200).header('Content-Length', '0').send();
    return true;
  }
}
