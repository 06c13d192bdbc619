import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  createApiError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  ResponseValidationError,
} from '../../src/api';
import { makeClient } from './support/make-client';
import { invoice, pageBody, transaction } from './support/fixtures';
import { TestServer } from './support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await TestServer.start();
});
afterEach(() => server.close());

describe('errors from answers', () => {
  test('400 field errors, non_field_errors and the server message passed through unchanged', async () => {
    server.on('POST', '/forecast/budgets/', {
      status: 400,
      body: { external_id: ['Dieses Feld muss eindeutig sein.'], non_field_errors: ['Kategorie ist kein Blatt.'] },
    });
    const { client } = makeClient(server, { language: 'de' });
    const error = await client.forecastBudgets
      .create({ name: 'n', category: 1, settlement_date: '2024-01-01', external_id: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const e = error as BadRequestError;
    expect(e.fieldErrors).toEqual({ external_id: ['Dieses Feld muss eindeutig sein.'], non_field_errors: ['Kategorie ist kein Blatt.'] });
    expect(e.nonFieldErrors).toEqual(['Kategorie ist kein Blatt.']);
    expect(e.message).toContain('external_id: Dieses Feld muss eindeutig sein.');
    expect(e.message).toContain('Kategorie ist kein Blatt.');
    expect(e.method).toBe('POST');
    expect(e.path).toBe('/forecast/budgets/');
  });

  test('array bodies: per-item errors with the index (offset by chunk)', async () => {
    server.on('POST', '/accounts/4/transactions/', (req) => {
      const items = req.body as unknown[];
      if (items.length === 1000) return { status: 201, body: [] };
      return { status: 400, body: [{}, { value_date: ['Datum vor 2000-01-01.'] }, {}] };
    });
    const { client } = makeClient(server);
    const items = Array.from({ length: 1003 }, (_, i) => ({ value_date: '2024-01-01', amount: i }));
    const error = (await client.accounts.createTransactions(4, items).catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.itemErrors).toEqual([{ index: 1001, fieldErrors: { value_date: ['Datum vor 2000-01-01.'] } }]);
    expect(error.chunk).toEqual({ index: 1, offset: 1000, size: 3 });
    expect(error.message).toContain('[1001] value_date: Datum vor 2000-01-01.');
  });

  test('localized detail passed through unchanged; Accept-Language chooses it', async () => {
    server.on('GET', '/invoices/5/', (req) => ({
      status: 404,
      body: { detail: req.headers['accept-language'] === 'it' ? 'Non trovato.' : 'Nicht gefunden.' },
    }));
    const it = makeClient(server, { language: 'it' });
    const error = await it.client.invoices.get(5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).detail).toBe('Non trovato.');
    expect((error as NotFoundError).message).toBe('Non trovato.');
  });

  test('a non-JSON 500 keeps a short body text', async () => {
    server.on('GET', '/plans/', {
      status: 500,
      text: `<html><body>${'Server Error '.repeat(200)}</body></html>`,
      headers: { 'content-type': 'text/html' },
    });
    const { client } = makeClient(server, { retry: { limit: 0 } });
    const error = (await client.plans.list().catch((e: unknown) => e)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(500);
    expect(error.bodyText?.startsWith('<html><body>Server Error')).toBe(true);
    expect(error.bodyText?.length).toBeLessThanOrEqual(500);
    expect(error.message).toBe('The service answered with an error (HTTP 500, GET /plans/).');
  });

  test('401, 403, 404, 405 are distinguishable with instanceof', () => {
    const ctx = { method: 'GET', path: '/x/', language: 'en' as const, secrets: [] };
    const make = (status: number) => createApiError({ status, bodyText: '{"detail":"d"}' }, ctx);
    expect(make(401)).toBeInstanceOf(AuthenticationError);
    expect(make(403)).toBeInstanceOf(PermissionDeniedError);
    expect(make(404)).toBeInstanceOf(NotFoundError);
    expect(make(405)).toBeInstanceOf(MethodNotAllowedError);
    expect(make(405)).not.toBeInstanceOf(NotFoundError);
    expect(make(409).constructor).toBe(ApiError);
    for (const status of [401, 403, 404, 405]) expect(make(status)).toBeInstanceOf(ApiError);
  });

  test('403 and 405 over HTTP; a missing token is a 403 in English', async () => {
    server.on('PUT', '/plans/3/budgets/9/', { status: 403, body: { detail: 'Plan ist festgeschrieben.' } });
    server.on('DELETE', '/plans/3/budgets/9/', { status: 405, body: { detail: 'Methode nicht erlaubt.' } });
    const { client } = makeClient(server);
    await expect(client.planBudgets(3).replace(9, { name: 'n', category: 1, settlement_date: '2024-01-01' })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    await expect(client.planBudgets(3).delete(9)).rejects.toBeInstanceOf(MethodNotAllowedError);
  });

  test('billing_plan_permission_denied: code and boolean helper; a 401 with it is not renewed', async () => {
    server.on('GET', '/banks/', { status: 403, body: { detail: 'Nicht in Ihrer Edition.', code: 'billing_plan_permission_denied' } });
    server.on('GET', '/accounts/', { status: 401, body: { detail: 'Nicht in Ihrer Edition.', code: 'billing_plan_permission_denied' } });
    const { client } = makeClient(server);
    const error = (await client.banks.page().catch((e: unknown) => e)) as PermissionDeniedError;
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe('billing_plan_permission_denied');
    expect(error.isBillingPlanPermissionDenied).toBe(true);
    const error401 = (await client.accounts.summary().catch((e: unknown) => e)) as AuthenticationError;
    expect(error401.isBillingPlanPermissionDenied).toBe(true);
    expect(server.tokenRequests).toBe(1);
    expect(new ApiError({ message: 'x' }).isBillingPlanPermissionDenied).toBe(false);
  });

  test('a response that does not match the schema names the field', async () => {
    const bad = invoice(4, { amount: '100.00' });
    server.on('GET', '/invoices/', {
      body: pageBody('/invoices/', 1, 100, 4, { amount_due: 1, total: 1, invoices: [invoice(1), invoice(2), invoice(3), bad] }, { sum: 1 }),
    });
    const { client } = makeClient(server);
    const error = (await client.invoices.page().catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toContain('results.invoices[3].amount: expected number');
    expect(error.issues).toEqual([{ path: 'results.invoices[3].amount', message: 'expected number, received string' }]);
    expect(error.status).toBe(200);
  });

  test('a transaction whose parent chain is thousands deep is refused as a malformed answer, never as a RangeError', async () => {
    const [head, tail] = JSON.stringify(transaction(1)).split('null,"value_date"') as [string, string];
    const chain = (depth: number) => `${head.repeat(depth)}null${`,"value_date"${tail}`.repeat(depth)}`;
    // zod's recursive parse overflows a thousand links deep, the page's copy-free check some thousands further.
    server.on('GET', '/transactions/', { text: `{"count":1,"next":null,"previous":null,"results":[${chain(12_000)}]}` });
    server.on('PATCH', '/transactions/1/', { text: chain(3_000) });
    const { client } = makeClient(server);
    for (const call of [() => client.transactions.page(), () => client.transactions.updateCategory(1, 5)]) {
      const error = (await call().catch((e: unknown) => e)) as ResponseValidationError;
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error.issues).toEqual([{ path: '(root)', message: 'nested too deeply to read' }]);
      expect(error.message).toMatch(
        /^Unexpected answer from the service \((GET|PATCH) \/transactions\/(1\/)?\): \(root\): nested too deeply/,
      );
    }
  });

  test('field errors nested thousands deep keep the error of the status (never a lost connection)', async () => {
    const deep = `${'{"name":'.repeat(20_000)}["x"]${'}'.repeat(20_000)}`;
    server.on('GET', '/categories/', { status: 400, text: deep, headers: { 'content-type': 'application/json' } });
    const { client } = makeClient(server);
    const error = (await client.categories.list().catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.status).toBe(400);
    expect(server.apiRequests).toHaveLength(1);
  });

  test('schemas tolerate unknown fields and reject null where the spec does not allow it', async () => {
    server.on('GET', '/invoices/1/', { body: { ...invoice(1), brand_new_field: { x: 1 } } });
    server.on('GET', '/invoices/2/', { body: invoice(2, { category: null, name: null }) });
    const { client } = makeClient(server);
    const ok = await client.invoices.get(1);
    expect(ok.id).toBe(1);
    await expect(client.invoices.get(2)).rejects.toThrow('name: expected string, received null');
  });
});
