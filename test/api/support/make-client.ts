import { CashflowClient, type ClientOptions, TokenCache } from '../../../src/api';
import { CLIENT_ID, CLIENT_SECRET, type TestServer } from './test-server';

export interface TestClient {
  client: CashflowClient;
  /** Delays the client asked to wait (the injected sleep does not wait). */
  sleeps: number[];
  clock: { now: number };
  cache: TokenCache;
}

/** A client with its own token cache, a manual clock, a recording no-wait sleep and fixed randomness. */
export function makeClient(server: TestServer, overrides: Partial<ClientOptions> = {}): TestClient {
  const sleeps: number[] = [];
  const clock = { now: 1_700_000_000_000 };
  const cache = overrides.tokenCache ?? new TokenCache();
  const client = new CashflowClient({
    baseUrl: server.baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    language: 'en',
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    tokenCache: cache,
    timeoutMs: 5_000,
    ...overrides,
  });
  return { client, sleeps, clock, cache };
}
