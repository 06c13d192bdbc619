/**
 * Issue #25 item 3: the secret and the tokens never survive into an error, whatever form the service echoes them in,
 * wherever in the answer they sit (a long page, a field-error key, a `next` link, a validation issue), and
 * `JSON.stringify(error)` carries nothing unredacted.
 */
import { z } from 'zod';
import { ApiError, InternalServerError, InvalidCredentialsError, ResponseValidationError } from '../../src/api';
import { parseResponse } from '../../src/api/parse-response';
import { redactSecrets } from '../../src/api/redact-secrets';
import { pageBody, transaction } from './support/fixtures';
import { makeClient } from './support/make-client';
import { TestServer } from './support/test-server';

/** What the token endpoint of TestServer issues first. */
const TOKEN = 'token-1-abcdef';
/** A secret whose characters change under every encoding: URL, form (space as +), JSON, HTML, \u escapes. */
const AWKWARD_SECRET = 'a+b/c=d"e f\'é';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

/** Every text an error shows or serializes to. */
const textsOf = (error: unknown): string[] => {
  const e = error as ApiError;
  return [
    e.message,
    String(e),
    JSON.stringify(e),
    e.detail ?? '',
    e.bodyText ?? '',
    JSON.stringify(e.fieldErrors),
    JSON.stringify(e.itemErrors),
  ];
};

describe('redactSecrets', () => {
  it.each([
    ['plain', AWKWARD_SECRET],
    ['encodeURIComponent', encodeURIComponent(AWKWARD_SECRET)],
    ['encodeURIComponent, lower-case hex', encodeURIComponent(AWKWARD_SECRET).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
    ['encodeURI', encodeURI(AWKWARD_SECRET)],
    ['form encoding (space as +)', new URLSearchParams({ s: AWKWARD_SECRET }).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(AWKWARD_SECRET).slice(1, -1)],
    ['JSON-escaped with \\/ and \\u00e9', JSON.stringify(AWKWARD_SECRET).slice(1, -1).replace('/', '\\/').replace('é', '\\u00e9')],
    ['JSON-escaped, upper-case \\u00E9', JSON.stringify(AWKWARD_SECRET).slice(1, -1).replace('é', '\\u00E9')],
    ['HTML-escaped', 'a+b/c=d&quot;e f&#39;é'],
  ])('hides the %s form', (_form, text) => {
    expect(redactSecrets(`before ${text} after`, [AWKWARD_SECRET])).toBe('before *** after');
  });

  it('leaves short values and ordinary text alone', () => {
    expect(redactSecrets('a b c abc', ['abc'])).toBe('a b c abc');
    expect(redactSecrets('nothing here', [AWKWARD_SECRET, TOKEN])).toBe('nothing here');
  });
});

describe('errors made from answers', () => {
  it('a 600-character HTML 500 with the token at position 490: no prefix of it survives the cut to 500', async () => {
    const before = `<html><body>${'x'.repeat(490 - '<html><body>'.length)}`;
    const page = `${before}${TOKEN}${'y'.repeat(600 - before.length - TOKEN.length)}`;
    expect(page.indexOf(TOKEN)).toBe(490);
    expect(page).toHaveLength(600);
    server.on('GET', '/plans/', { status: 500, text: page, headers: { 'content-type': 'text/html' } });
    const { client } = makeClient(server, { retry: { limit: 0 } });
    const error = (await client.plans.list().catch((e: unknown) => e)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.bodyText).toContain('x***y');
    expect(error.bodyText?.length).toBeLessThanOrEqual(500);
    for (const text of textsOf(error)) expect(text).not.toContain(TOKEN.slice(0, 8));
  });

  it("the secret URL-encoded, form-encoded and JSON-escaped in the token endpoint's answer, JSON or not", async () => {
    const forms = [
      encodeURIComponent(AWKWARD_SECRET),
      new URLSearchParams({ s: AWKWARD_SECRET }).toString().slice(2),
      JSON.stringify(AWKWARD_SECRET).slice(1, -1),
    ];
    server.tokenReply = {
      status: 400,
      body: { non_field_errors: [`body was client_secret=${forms[1]}`], detail: `raw: {"client_secret": "${forms[2]}"} url: ${forms[0]}` },
    };
    const json = makeClient(server, { clientSecret: AWKWARD_SECRET });
    const invalid = await json.client.categories.list().catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidCredentialsError);

    server.tokenReply = { status: 500, text: `client_secret=${forms[1]}&x=1 {"client_secret":"${forms[2]}"} ${forms[0]}` };
    const text = makeClient(server, { clientSecret: AWKWARD_SECRET, retry: { limit: 0 } });
    const page = (await text.client.categories.list().catch((e: unknown) => e)) as InternalServerError;
    expect(page.bodyText).toBe('client_secret=***&x=1 {"client_secret":"***"} ***');

    for (const error of [invalid, page]) {
      for (const shown of textsOf(error)) for (const form of [AWKWARD_SECRET, ...forms]) expect(shown).not.toContain(form);
    }
  });

  it("a 400 whose field-error key, or an item's, is the token: the keys are redacted too", async () => {
    server.on('PATCH', '/transactions/', { status: 400, body: [{}, { [TOKEN]: ['unknown field'], category: ['bad'] }] });
    server.on('PATCH', '/transactions/5/', { status: 400, body: { [TOKEN]: ['unknown field'], [`x${TOKEN}`]: ['also'] } });
    const { client } = makeClient(server);
    const many = (await client.transactions
      .updateCategories([
        { id: 1, category: 2 },
        { id: 2, category: 3 },
      ])
      .catch((e: unknown) => e)) as ApiError;
    expect(many.itemErrors).toEqual([{ index: 1, fieldErrors: { '***': ['unknown field'], category: ['bad'] } }]);
    const one = (await client.transactions.updateCategory(5, 2).catch((e: unknown) => e)) as ApiError;
    expect(one.fieldErrors).toEqual({ '***': ['unknown field'], 'x***': ['also'] });
    for (const error of [many, one]) for (const text of textsOf(error)) expect(text).not.toContain(TOKEN);
  });

  it('JSON.stringify(error) carries no body text at all, and nothing unredacted', async () => {
    server.on('GET', '/plans/', {
      status: 503,
      text: `<pre>Authorization: Bearer ${TOKEN}</pre>`,
      headers: { 'content-type': 'text/html' },
    });
    const { client } = makeClient(server, { retry: { limit: 0 } });
    const error = (await client.plans.list().catch((e: unknown) => e)) as ApiError;
    expect(error.bodyText).toBe('<pre>Authorization: Bearer ***</pre>');
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(json).not.toHaveProperty('bodyText');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('a next link that carries the token and no page number: the error quotes it redacted', async () => {
    server.on('GET', '/transactions/', {
      body: {
        ...pageBody('/transactions/', 1, 1, 2, [transaction(1)], { predicted_unmapped_transactions: false }),
        next: `http://x.test/transactions/?access_token=${TOKEN}`,
      },
    });
    const { client } = makeClient(server);
    const error = await (async () => {
      for await (const _page of client.transactions.pages({}, { pageSize: 1 })) {
        /* first page only */
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('access_token=***');
    for (const text of textsOf(error)) expect(text).not.toContain(TOKEN);
  });
});

describe('ResponseValidationError', () => {
  const ctx = { method: 'GET', path: '/x/', status: 200, language: 'en' as const, secrets: [TOKEN] };

  it('redacts a record key in an issue path and a received value quoted by a message', () => {
    const schema = z.object({
      counts: z.record(z.string(), z.number()),
      name: z.string().refine((v) => v === 'ok', { error: (issue) => `not ok: ${String(issue.input)}` }),
    });
    const error = (() => {
      try {
        parseResponse(schema, { counts: { [TOKEN]: 'one' }, name: `Bearer ${TOKEN}` }, ctx);
      } catch (e) {
        return e as ResponseValidationError;
      }
      throw new Error('expected a validation error');
    })();
    expect(error.issues.map((i) => i.path)).toEqual(['counts.***', 'name']);
    expect(error.issues[1]?.message).toBe('not ok: Bearer ***');
    for (const text of [error.message, JSON.stringify(error)]) expect(text).not.toContain(TOKEN);
  });
});
