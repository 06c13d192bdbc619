/**
 * A `fetch` that records every request with its body and lets a test answer or break one (the push's and the
 * import's harnesses): `hook.current` returns a Response, throws, or undefined to let the request through.
 */

import { CashflowClient, TokenCache } from '../../src/api';
import type { Language } from '../../src/i18n/catalog';

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  status: number;
}

/** Answers (or breaks) a request instead of the service: return a Response, throw, or undefined to let it through. */
export type Hook = (request: SentRequest, forward: () => Promise<Response>) => Promise<Response | undefined> | Response | undefined;

export function recordingFetch(sent: SentRequest[], hook: { current?: Hook }): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // the form-encoded token request
    }
    const record: SentRequest = { method: request.method, path: url.pathname, query: url.searchParams, body, status: 0 };
    sent.push(record);
    const forward = () => fetch(request);
    const answer = (await hook.current?.(record, forward)) ?? (await forward());
    record.status = answer.status;
    return answer;
  };
}

/** What the push's and the import's harnesses share: a sandbox, its company's client that records, another user's. */
export interface RecordedClients {
  /** The company's client: every request recorded in `sent`, `hook` may answer or break one. */
  client: CashflowClient;
  /** Another user of the same company (nothing recorded). */
  other: CashflowClient;
  sent: SentRequest[];
  hook: { current?: Hook };
  /** The waits the company's client asked for before its retries (none are waited: the tests run at once). */
  sleeps: number[];
}

/** The two clients of a sandbox's company (or of the credentials given: a group's). */
export function recordedClients(
  sandbox: { url: string; credentials: { company: { clientId: string; clientSecret: string } } },
  language: Language = 'en',
  credentials: { clientId: string; clientSecret: string } = sandbox.credentials.company,
): RecordedClients {
  const sent: SentRequest[] = [];
  const hook: { current?: Hook } = {};
  const sleeps: number[] = [];
  const clientOf = (fetchImpl?: typeof fetch, recordSleeps = false) =>
    new CashflowClient({
      baseUrl: sandbox.url,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      language,
      tokenCache: new TokenCache(),
      timeoutMs: 10_000,
      sleep: async (ms: number) => void (recordSleeps && sleeps.push(ms)),
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  return { client: clientOf(recordingFetch(sent, hook), true), other: clientOf(), sent, hook, sleeps };
}
