/**
 * Harness for the client ↔ sandbox integration tests: one sandbox per test file on a random port,
 * clients with their own token cache (no token is shared between tests or files), an injected no-wait
 * sleep, and a `fetch` wrapper that records every request the client sends.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CashflowClient, type ClientOptions, TokenCache } from '../../src/api';
import { startSandbox, type SandboxOptions } from '../../src/sandbox';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
export type Pair = { clientId: string; clientSecret: string };

export async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, transactions: 2000, ...options });
}

export interface Sent {
  method: string;
  url: string;
  /** HTTP status, 0 when no answer arrived. */
  status: number;
}

/** A `fetch` that records method, URL and status of every call, and how many were in flight at once. */
export function recordingFetch(): { fetch: typeof fetch; sent: Sent[]; inFlight: { now: number; max: number } } {
  const sent: Sent[] = [];
  const inFlight = { now: 0, max: 0 };
  const wrapped: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    inFlight.now += 1;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    try {
      const response = await fetch(request);
      sent.push({ method: request.method, url: request.url, status: response.status });
      return response;
    } catch (error) {
      sent.push({ method: request.method, url: request.url, status: 0 }); // no answer (connection dropped)
      throw error;
    } finally {
      inFlight.now -= 1;
    }
  };
  return { fetch: wrapped, sent, inFlight };
}

export interface TestClient {
  client: CashflowClient;
  sent: Sent[];
  /** Requests in flight at the same time (now / highest seen). */
  inFlight: { now: number; max: number };
  sleeps: number[];
  cache: TokenCache;
}

/** A client for `sandbox` with its own token cache and a recording fetch; English unless told. */
export function clientFor(sandbox: Sandbox, pair: Pair = sandbox.credentials.company, overrides: Partial<ClientOptions> = {}): TestClient {
  const { fetch: recorded, sent, inFlight } = recordingFetch();
  const sleeps: number[] = [];
  const cache = new TokenCache();
  const client = new CashflowClient({
    baseUrl: sandbox.url,
    clientId: pair.clientId,
    clientSecret: pair.clientSecret,
    language: 'en',
    fetch: recorded,
    tokenCache: cache,
    timeoutMs: 10_000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { client, sent, inFlight, sleeps, cache };
}

/** Requests other than the token endpoint. */
export function apiCalls(sent: readonly Sent[]): Sent[] {
  return sent.filter((s) => !new URL(s.url).pathname.endsWith('/auth/token/'));
}

export function tokenCalls(sent: readonly Sent[]): Sent[] {
  return sent.filter((s) => new URL(s.url).pathname.endsWith('/auth/token/'));
}

/** Resolves with the error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** `YYYY-MM-DD` of a date `days` after today (UTC). */
export function isoDay(days = 0, from: Date = new Date()): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A port where nothing listens: bound once, then closed. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server on 127.0.0.1 that accepts requests and never answers them (a service that hangs). */
export async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A silent server for the enclosing file or `describe`: started before its tests, closed after them. */
export function useSilentServer(): { readonly url: string } {
  let server: Awaited<ReturnType<typeof silentServer>> | undefined;
  beforeAll(async () => {
    server = await silentServer();
  });
  afterAll(() => server?.close());
  return {
    get url(): string {
      if (server === undefined) throw new Error('the silent server starts in beforeAll');
      return server.url;
    },
  };
}
