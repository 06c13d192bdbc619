/**
 * The client hands `fetch` a URL and a string body (fetch-once.ts): no `Request` object to build, clone and copy
 * again, whose body stream was teed at every clone.
 */
import { CashflowClient, TokenCache } from '../../src/api';

test('a write reaches fetch as a URL and a JSON text, with the headers and no Request object', async () => {
  const seen: { input: unknown; init: RequestInit | undefined }[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    seen.push({ input, init });
    const url = String(input);
    const body = url.endsWith('/auth/token/')
      ? { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }
      : { id: 5, amount: -12.5, description: 'x' };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new CashflowClient({
    baseUrl: 'http://api.example.test/api',
    clientId: 'id',
    clientSecret: 'secret',
    language: 'en',
    fetch: fetchStub,
    tokenCache: new TokenCache(),
  });
  await client.planBudgets(3).updateByExternalId('ext-5', { amount: -12.5, description: 'x' });
  const write = seen.find((s) => s.init?.method === 'PATCH');
  expect(write?.input).toBe('http://api.example.test/api/plans/3/budgets/external/ext-5/');
  expect(write?.init?.body).toBe('{"amount":"-12.50","description":"x"}');
  expect(write?.init?.redirect).toBe('manual');
  expect(write?.init?.headers).toMatchObject({ Authorization: 'Bearer tok', 'content-type': 'application/json', 'Accept-Language': 'en' });
});
