/**
 * A programmable service double on 127.0.0.1 (random port) for the client tests: it issues tokens at
 * `POST /auth/token/`, checks bearer tokens, records every request and answers registered routes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CLIENT_ID = 'client-id-1';
export const CLIENT_SECRET = 'very-secret-value-42';

export interface RecordedRequest {
  method: string;
  /** Path without query, e.g. `/transactions/`. */
  path: string;
  query: URLSearchParams;
  /** Raw request target, e.g. `/transactions/?page=2`. */
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Sent as is (not JSON-encoded). */
  text?: string;
  headers?: Record<string, string>;
  /** Destroys the socket instead of answering (a reset after the request arrived). */
  destroy?: boolean;
  /** Waits before answering. */
  delayMs?: number;
  /** Sends the headers and the body's first bytes, then nothing more for this long (a stalled body). */
  stallBodyMs?: number;
}

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export class TestServer {
  readonly requests: RecordedRequest[] = [];
  readonly validTokens = new Set<string>();
  tokenRequests = 0;
  tokenLifetimeSeconds = 300;
  /** When set, the token endpoint answers with this instead of a token. */
  tokenReply: Reply | undefined;
  /** Answers of the next token requests, one each, before `tokenReply` or the real token. */
  tokenReplies: Reply[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly #routes = new Map<string, Handler>();
  readonly #server: http.Server;
  port = 0;

  private constructor() {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
  }

  static async start(port = 0): Promise<TestServer> {
    const server = new TestServer();
    await server.listen(port);
    return server;
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => {
        this.port = (this.#server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Registers `METHOD /path/` (path without query). */
  on(method: string, path: string, handler: Handler | Reply): this {
    this.#routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** Requests other than token requests. */
  get apiRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path !== '/auth/token/');
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://x');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = rawBody;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        url: req.url ?? '/',
        headers: req.headers,
        rawBody,
        body,
      };
      this.requests.push(recorded);
      const reply = await this.#reply(recorded);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      const headers: Record<string, string> = { ...reply.headers };
      let payload = reply.text ?? '';
      if (reply.text === undefined && reply.body !== undefined) {
        payload = JSON.stringify(reply.body);
        headers['content-type'] ??= 'application/json';
      }
      res.writeHead(reply.status ?? 200, headers);
      if (reply.stallBodyMs !== undefined) {
        res.write(payload.slice(0, 1));
        await new Promise((r) => setTimeout(r, reply.stallBodyMs));
        if (!res.destroyed) res.end(payload.slice(1));
        return;
      }
      res.end(payload);
    } finally {
      this.inFlight -= 1;
    }
  }

  async #reply(req: RecordedRequest): Promise<Reply> {
    if (req.method === 'POST' && req.path === '/auth/token/') return this.#token(req);
    const auth = req.headers.authorization;
    if (!auth) return { status: 403, body: { detail: 'Authentication credentials were not provided.' } };
    const token = auth.replace(/^Bearer /, '');
    if (!this.validTokens.has(token)) {
      return { status: 401, body: { detail: 'Token ungültig.' }, headers: { 'WWW-Authenticate': 'Bearer' } };
    }
    const handler = this.#routes.get(`${req.method} ${req.path}`);
    if (!handler) return { status: 404, body: { detail: 'Nicht gefunden.' } };
    return handler(req);
  }

  #token(req: RecordedRequest): Reply {
    this.tokenRequests += 1;
    const next = this.tokenReplies.shift();
    if (next !== undefined) return next;
    if (this.tokenReply) return this.tokenReply;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body['grant_type'] !== 'client_credentials' || body['client_id'] !== CLIENT_ID || body['client_secret'] !== CLIENT_SECRET) {
      return { status: 400, body: { non_field_errors: ['Ungültige Zugangsdaten.'] } };
    }
    const token = `token-${this.tokenRequests}-abcdef`;
    this.validTokens.add(token);
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'bearer',
        refresh_token: `refresh-${this.tokenRequests}`,
        expires_in: this.tokenLifetimeSeconds,
        refresh_expires_in: 1209600,
        scope: 'all',
      },
    };
  }
}
