/** Section 2 (token request/response), section 4 `POST /auth/token/`, section 5 (authentication). */
import { isRecord, postToken, toReply, useSandbox } from './support';
import { shapeProblems, TOKEN_RESPONSE } from './field-types';

const h = useSandbox({ transactions: 200 });

function credentials(): Record<string, string> {
  const c = h.sandbox.credentials.company;
  return { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret };
}

function expectNonFieldErrors(body: unknown): void {
  expect(isRecord(body)).toBe(true);
  const nfe = isRecord(body) ? body.non_field_errors : undefined;
  expect(Array.isArray(nfe)).toBe(true);
  expect((nfe as unknown[]).length).toBeGreaterThan(0);
  for (const m of nfe as unknown[]) expect(typeof m).toBe('string');
}

describe('POST /auth/token/', () => {
  test('a JSON body with client credentials issues a token', async () => {
    const reply = await postToken(h.url, credentials());
    expect(reply.status).toBe(200);
    expect(shapeProblems(reply.body, TOKEN_RESPONSE, 'token')).toEqual([]);
  });

  test('a form-encoded body issues a token', async () => {
    const res = await fetch(`${h.url}/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(credentials()).toString(),
    });
    const reply = await toReply(res);
    expect(reply.status).toBe(200);
    expect(shapeProblems(reply.body, TOKEN_RESPONSE, 'token')).toEqual([]);
  });

  test('a multipart body issues a token', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(credentials())) form.append(k, v);
    const reply = await toReply(await fetch(`${h.url}/auth/token/`, { method: 'POST', body: form }));
    expect(reply.status).toBe(200);
    expect(shapeProblems(reply.body, TOKEN_RESPONSE, 'token')).toEqual([]);
  });

  test('token_type is "bearer" (lowercase)', async () => {
    const reply = await postToken(h.url, credentials());
    expect((reply.body as { token_type: unknown }).token_type).toBe('bearer');
  });

  test('expires_in is 300 by default and refresh_expires_in is 1209600', async () => {
    const body = (await postToken(h.url, credentials())).body as { expires_in: unknown; refresh_expires_in: unknown };
    expect(body.expires_in).toBe(300);
    expect(body.refresh_expires_in).toBe(1209600);
  });

  test('the issued access token is accepted as Authorization: Bearer', async () => {
    const body = (await postToken(h.url, credentials())).body as { access_token: string };
    const reply = await h.request('GET', '/categories/', { auth: { bearer: body.access_token } });
    expect(reply.status).toBe(200);
  });

  test('HTTP Basic client authentication is ignored: credentials only in the header give 400 non_field_errors', async () => {
    const c = h.sandbox.credentials.company;
    const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64');
    const reply = await postToken(h.url, { grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    expect(reply.status).toBe(400);
    expectNonFieldErrors(reply.body);
  });

  test('a Basic header is ignored when the body carries the credentials', async () => {
    const basic = Buffer.from('nobody:nothing').toString('base64');
    const reply = await postToken(h.url, credentials(), { authorization: `Basic ${basic}` });
    expect(reply.status).toBe(200);
  });

  test('a wrong client secret gives 400 with non_field_errors (array of strings)', async () => {
    const reply = await postToken(h.url, { ...credentials(), client_secret: 'wrong' });
    expect(reply.status).toBe(400);
    expectNonFieldErrors(reply.body);
  });

  test('an unknown client id gives 400 with non_field_errors', async () => {
    const reply = await postToken(h.url, { ...credentials(), client_id: 'nobody' });
    expect(reply.status).toBe(400);
    expectNonFieldErrors(reply.body);
  });

  test('missing credentials give 400 with non_field_errors', async () => {
    const reply = await postToken(h.url, { grant_type: 'client_credentials' });
    expect(reply.status).toBe(400);
    expectNonFieldErrors(reply.body);
  });

  test('grant_type is required', async () => {
    const { grant_type: _g, ...rest } = credentials();
    const reply = await postToken(h.url, rest);
    expect(reply.status).toBe(400);
  });

  test('a grant_type other than client_credentials gives 400', async () => {
    const reply = await postToken(h.url, { ...credentials(), grant_type: 'password' });
    expect(reply.status).toBe(400);
  });

  test('the group and basic credentials also get tokens', async () => {
    for (const kind of ['group', 'basic'] as const) {
      const c = h.sandbox.credentials[kind];
      const reply = await postToken(h.url, { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret });
      expect(reply.status).toBe(200);
    }
  });
});

describe('token lifetime', () => {
  test('a token is valid until its expires_in has passed, then 401 with WWW-Authenticate: Bearer', async () => {
    const body = (await postToken(h.url, credentials())).body as { access_token: string };
    const auth = { bearer: body.access_token };
    h.clock.advanceSeconds(290);
    try {
      expect((await h.request('GET', '/categories/', { auth })).status).toBe(200);
      h.clock.advanceSeconds(20);
      const reply = await h.request('GET', '/categories/', { auth });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate') ?? '').toMatch(/^Bearer/);
      expect(isRecord(reply.body) && typeof reply.body.detail === 'string').toBe(true);
      // a new token is requested with the client credentials
      const fresh = (await postToken(h.url, credentials())).body as { access_token: string };
      expect((await h.request('GET', '/categories/', { auth: { bearer: fresh.access_token } })).status).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  test('an invalid token gives 401 with WWW-Authenticate: Bearer and detail', async () => {
    const reply = await h.request('GET', '/categories/', { auth: { bearer: 'not-a-token' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate') ?? '').toMatch(/^Bearer/);
    expect(isRecord(reply.body) && typeof reply.body.detail === 'string').toBe(true);
  });
});

describe('configured token lifetime', () => {
  const short = useSandbox({ transactions: 50, tokenTtl: 60 });

  test('expires_in reports the configured tokenTtl', async () => {
    const c = short.sandbox.credentials.company;
    const reply = await postToken(short.url, { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret });
    expect((reply.body as { expires_in: unknown }).expires_in).toBe(60);
  });

  test('the token expires after the configured tokenTtl', async () => {
    const token = await short.token();
    short.clock.advanceSeconds(61);
    const reply = await short.request('GET', '/plans/', { auth: { bearer: token } });
    expect(reply.status).toBe(401);
  });
});
