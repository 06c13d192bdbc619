/**
 * The proxy's CORS: the browser origins allowed to call the service through it. A preflight from an allowed
 * origin is answered here (never forwarded); a preflight from any other origin gets no CORS header at all, and a
 * request that names a not-allowed Origin is refused before it is forwarded.
 */

/** The add-in's dev server (`npm start`, port 3000). */
export const DEFAULT_ALLOWED_ORIGINS = ['https://localhost:3000', 'http://localhost:3000', 'http://127.0.0.1:3000'] as const;

const ALLOW_HEADERS = 'Authorization, Content-Type, Accept-Language';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const EXPOSE_HEADERS = 'Retry-After, WWW-Authenticate';

export type Headers = Record<string, string>;

export class AllowedOrigins {
  private readonly any: boolean;
  private readonly origins: ReadonlySet<string>;

  /** `*` among the origins allows every origin (and is answered with `*`). */
  constructor(origins: readonly string[] = DEFAULT_ALLOWED_ORIGINS) {
    this.any = origins.includes('*');
    this.origins = new Set(origins);
  }

  /** True when a request from `origin` (the Origin header; undefined: not a cross-origin browser request) may pass. */
  allows(origin: string | undefined): boolean {
    return origin === undefined || this.any || this.origins.has(origin);
  }

  /** The CORS headers for an answer to `origin`: none for a not-allowed or absent origin. */
  answerHeaders(origin: string | undefined): Headers {
    if (origin === undefined || !this.allows(origin)) return {};
    if (this.any) return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
    return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS, Vary: 'Origin' };
  }

  /** The headers of a preflight's answer: none for a not-allowed origin. */
  preflightHeaders(origin: string | undefined): Headers {
    if (origin === undefined || !this.allows(origin)) return {};
    return {
      'Access-Control-Allow-Origin': this.any ? '*' : origin,
      'Access-Control-Allow-Headers': ALLOW_HEADERS,
      'Access-Control-Allow-Methods': ALLOW_METHODS,
      'Access-Control-Max-Age': '600',
      ...(this.any ? {} : { Vary: 'Origin' }),
    };
  }
}
