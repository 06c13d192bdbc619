/** The benchmarks' client of the sandbox whose requests are counted at its `fetch` (`requests()`, `reset()`). */
import { CashflowClient, TokenCache } from '../src/api';
import type { Credentials } from './pull';

export interface CountingClient {
  client: CashflowClient;
  requests(): number;
  reset(): void;
}

export function countingClient(url: string, credentials: Credentials): CountingClient {
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const client = new CashflowClient({ baseUrl: url, ...credentials, language: 'en', fetch: counting, tokenCache: new TokenCache() });
  return {
    client,
    requests: () => requests,
    reset: () => {
      requests = 0;
    },
  };
}
