/** Small HTTP helpers for the sandbox unit tests. */
import type { RunningSandbox } from '../../../src/sandbox/index';

export async function tokenFor(
  sandbox: RunningSandbox,
  pair: { clientId: string; clientSecret: string } = sandbox.credentials.company,
): Promise<string> {
  const response = await fetch(`${sandbox.url}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: pair.clientId, client_secret: pair.clientSecret }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export async function getJson<T = unknown>(sandbox: RunningSandbox, token: string, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as T };
}

export async function sendJson<T = unknown>(
  sandbox: RunningSandbox,
  token: string,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

export interface TransactionPage {
  count: number;
  next: string | null;
  previous: string | null;
  sum?: number;
  results: Array<{ id: number; value_date: string; reporting_amount: number; category: { id: number } }>;
}
