/**
 * Harness for the sandbox conformance suite: one sandbox per test file (random port on 127.0.0.1),
 * tokens per credential pair, JSON requests over Node's global fetch, raw requests over node:http,
 * and page walking. Written from the service's API description only (what we rely on of it:
 * `docs/service-contract.md`); it imports nothing from `src/api`.
 */
import http from 'node:http';
import { startSandbox } from '../../../src/sandbox';

export type SandboxOptions = NonNullable<Parameters<typeof startSandbox>[0]>;
export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
export type Auth = 'company' | 'group' | 'basic' | 'none' | { bearer: string };
export type QueryValue = string | number | boolean | readonly (string | number)[];
export type Query = Record<string, QueryValue | undefined>;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** parsed JSON body, or undefined when the body is empty or not JSON */
  body: unknown;
}

export interface RequestOptions {
  auth?: Auth;
  json?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** value of Accept-Language; omitted when undefined */
  lang?: string;
}

/** A settable clock handed to the sandbox as `now`: real time plus an offset. */
export class TestClock {
  offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advanceSeconds(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  /** the current date `YYYY-MM-DD` (UTC) */
  today(): string {
    return this.now().toISOString().slice(0, 10);
  }
}

export interface Harness {
  readonly sandbox: Sandbox;
  readonly url: string;
  readonly clock: TestClock;
  token(kind?: 'company' | 'group' | 'basic'): Promise<string>;
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  get(path: string, query?: Query, auth?: Auth): Promise<Reply>;
  /** walks every page of a paginated list (page_size 1000) and returns all records */
  all(path: string, query?: Query, auth?: Auth): Promise<unknown[]>;
}

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Starts a sandbox in beforeAll and closes it in afterAll; returns a lazily filled harness. */
export function useSandbox(options: SandboxOptions = {}): Harness {
  const clock = new TestClock();
  let sandbox: Sandbox | undefined;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', now: clock.now, logger: false, ...options });
  }, 60000);
  afterAll(async () => {
    await sandbox?.close();
  });

  const need = (): Sandbox => {
    if (!sandbox) throw new Error('sandbox not started');
    return sandbox;
  };

  const harness: Harness = {
    get sandbox() {
      return need();
    },
    get url() {
      return need().url;
    },
    clock,
    async token(kind = 'company') {
      const cached = tokens.get(kind);
      if (cached) return cached;
      const creds = need().credentials[kind];
      const reply = await postToken(need().url, {
        grant_type: 'client_credentials',
        client_id: creds.clientId,
        client_secret: creds.clientSecret,
      });
      const body = reply.body as { access_token?: unknown } | undefined;
      if (reply.status !== 200 || typeof body?.access_token !== 'string') {
        throw new Error(`token for ${kind} failed: ${reply.status} ${reply.text}`);
      }
      tokens.set(kind, body.access_token);
      return body.access_token;
    },
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      const auth = opts.auth ?? 'company';
      if (auth !== 'none') {
        headers.authorization = `Bearer ${typeof auth === 'string' ? await harness.token(auth) : auth.bearer}`;
      }
      if (opts.lang !== undefined) headers['accept-language'] = opts.lang;
      let payload: string | undefined;
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.json);
      }
      const res = await fetch(`${need().url}${path}${buildQuery(opts.query)}`, {
        method,
        headers,
        body: payload,
        redirect: 'manual',
      });
      return toReply(res);
    },
    get(path, query, auth) {
      return harness.request('GET', path, { query, auth });
    },
    async all(path, query = {}, auth) {
      const out: unknown[] = [];
      for (let page = 1; page < 1000; page++) {
        const reply = await harness.get(path, { ...query, page_size: 1000, page }, auth);
        if (reply.status !== 200) throw new Error(`GET ${path} page ${page}: ${reply.status} ${reply.text}`);
        const body = reply.body as PageBody;
        out.push(...pageItems(body));
        if (body.next === null || body.next === undefined) return out;
      }
      throw new Error('too many pages');
    },
  };
  return harness;
}

export interface PageBody {
  count: number;
  next: string | null;
  previous: string | null;
  results: unknown;
  sum?: number;
}

/** the records of a page: `results` itself, or `results.invoices` / `results.budgets` */
export function pageItems(body: PageBody): unknown[] {
  const r = body.results;
  if (Array.isArray(r)) return r;
  if (r && typeof r === 'object') {
    const o = r as { invoices?: unknown; budgets?: unknown };
    if (Array.isArray(o.invoices)) return o.invoices;
    if (Array.isArray(o.budgets)) return o.budgets;
  }
  throw new Error(`not a page: ${JSON.stringify(body).slice(0, 200)}`);
}

export async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  return { status: res.status, headers: res.headers, text, body };
}

export async function postToken(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${url}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(fields),
    redirect: 'manual',
  });
  return toReply(res);
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** one HTTP exchange over node:http: no redirect following, exact headers, exact body */
export function rawRequest(url: string, method: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// ---- small readers ------------------------------------------------------------------------------

export function cents(n: number): number {
  return Math.round(n * 100);
}

export function sumCents(values: readonly number[]): number {
  return values.reduce((acc, v) => acc + cents(v), 0);
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** keys of a 400 body's error object (or []) */
export function errorKeys(body: unknown): string[] {
  return isRecord(body) ? Object.keys(body) : [];
}

export function ids(items: readonly { id: number }[]): number[] {
  return items.map((i) => i.id);
}

export function sortedIds(items: readonly { id: number }[]): number[] {
  return ids(items).sort((a, b) => a - b);
}

export function first<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`demo data has no ${what}`);
  return item;
}

export function pick<T>(items: readonly T[], predicate: (item: T) => boolean, what: string): T {
  const item = items.find(predicate);
  if (item === undefined) throw new Error(`demo data has no ${what}`);
  return item;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** a string unique within this process, for references, external ids, names */
let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}
