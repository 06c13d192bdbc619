/**
 * The HTTP layer: one catch-all fastify route with the request pipeline in an onRequest hook, in the
 * order the service (Django + DRF) applies it: CORS → faults → trailing slash (301, before any body
 * is read) → URL resolution (404) → authentication (403/401) → edition (403 billing) → method (405)
 * → credential scope → body parsing → handler (a write applied may still have its answer replaced by a fault). Its parts: the pipeline (request-pipeline.ts), the bodies read
 * (body-parsers.ts), the handler's run (here) and the answer to an error (error-answer.ts).
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { acceptBodies } from './body-parsers';
import { isoDate } from './calendar';
import { answerError } from './error-answer';
import { QueryParams } from './query-params';
import type { RequestContext } from './request-context';
import { requestPipeline, type PipelineParts, type Prepared } from './request-pipeline';

export interface ServerParts extends PipelineParts {
  linkHost?: string;
  logger: boolean;
  /** How long a client may take to send a whole request (headers within the same time, at most 10 s); then 408. */
  requestTimeoutMs: number;
  /** Told of every write the service applied (POST/PUT/PATCH/DELETE answered below 400), before its answer leaves. */
  onWriteApplied?: (write: AppliedWrite) => void;
}

/** A write the service applied: its request and the answer it would send (the answer may still be lost to a fault). */
export interface AppliedWrite {
  method: string;
  /** The path and query as requested. */
  url: string;
  /** The request's body as parsed. */
  sent: unknown;
  status: number;
  /** The answer's body (undefined for 204). */
  body: unknown;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function buildServer(parts: ServerParts): FastifyInstance {
  const app = newFastify(parts);
  const prepared = new WeakMap<FastifyRequest, Prepared>();
  // Only JSON, form and multipart bodies are parsed (DRF's default parsers); anything else is a 400 (error-answer.ts).
  acceptBodies(app);
  app.addHook('onRequest', requestPipeline(parts, prepared));
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '*',
    handler: async (request, reply) => {
      const state = prepared.get(request);
      if (!state) throw new Error('request reached the handler without routing');
      return runHandler(parts, state, request, reply);
    },
  });
  app.setErrorHandler(answerError);
  return app;
}

/**
 * forceCloseConnections: close() must not wait for a client that gave up on a slow answer but keeps the socket.
 * A client that sends its request slowly or never finishes it (slowloris) is answered 408 and let go: Node checks
 * the timeouts every connectionsCheckingInterval, here often enough for them to hold.
 */
function newFastify(parts: ServerParts): FastifyInstance {
  const headersTimeout = Math.min(10_000, parts.requestTimeoutMs);
  return Fastify({
    logger: parts.logger,
    bodyLimit: 16 * 1024 * 1024,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    requestTimeout: parts.requestTimeoutMs,
    http: { headersTimeout, connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4))) },
  });
}

/** The route's handler on the request's context (links on `linkHost`, else the request's Host), and its answer sent. */
async function runHandler(parts: ServerParts, state: Prepared, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const nowMs = parts.now().getTime();
  const origin = parts.linkHost ?? `http://${request.headers.host ?? '127.0.0.1'}`;
  const context: RequestContext = {
    store: parts.store,
    lang: state.lang,
    principal: state.principal ?? { kind: 'company', companyId: -1, clientId: '' },
    params: state.match.params,
    query: QueryParams.fromUrl(request.url),
    // No body at all reads as an empty one, as DRF's `request.data` (its fields then each "required").
    body: request.body ?? {},
    now: nowMs,
    today: isoDate(nowMs),
    linkOrigin: origin.replace(/\/+$/, ''),
    path: request.url.split('?')[0] ?? '/',
  };
  const result = await state.handler.run(context);
  if (WRITES.has(request.method) && result.status < 400) {
    parts.onWriteApplied?.({ method: request.method, url: request.url, sent: context.body, status: result.status, body: result.body });
    // The write is applied in full; its answer may still be lost (faults.ts, afterWrite500Rate / afterWriteDropRate).
    if (parts.faults.applyAfterWrite(request, reply) !== 'continue') return reply;
  }
  reply.code(result.status);
  for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
  if (result.status === 204 || result.body === undefined) return reply.send();
  return reply.send(result.body);
}
