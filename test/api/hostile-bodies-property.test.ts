/**
 * Property (#30): every answer the client reads, made hostile (wrong types, missing and extra fields, null for an
 * object, huge numbers, NaN-like strings, deep nesting, truncated JSON, HTML, an empty body, arrays for objects,
 * `next` links elsewhere or without a page, counts that disagree), sent with a 200 and a JSON content type to the
 * real `CashflowClient` through an injected `fetch`: each call either resolves with data its schema accepts or
 * rejects with the client's own `ApiError` whose message is one of the client's localized messages. Never a raw
 * ZodError, TypeError or RangeError, never an unhandled rejection, never a hang.
 */
import fc from 'fast-check';
import { z } from 'zod';
import {
  ApiError,
  BalanceSummarySchema,
  BankSchema,
  BudgetPatchAnswerSchema,
  BudgetSchema,
  BudgetWriteAnswerSchema,
  CashflowClient,
  CategoryListSchema,
  InvoiceListWriteAnswerSchema,
  InvoiceSchema,
  InvoiceWriteAnswerSchema,
  PlanListSchema,
  TokenCache,
  TransactionListWriteAnswerSchema,
  TransactionSchema,
  TransactionWriteAnswerSchema,
  AccountWriteAnswerSchema,
} from '../../src/api';
import { catalogs, LANGUAGES, type Language } from '../../src/i18n/catalog';
import { account, balanceSummary, bank, budget, category, invoice, plan, transaction } from './support/fixtures';
import { hostileBody, parentChainText } from './support/hostile-body';

const TOKEN = { access_token: 'tok-abcdef-123456', token_type: 'bearer', expires_in: 300, refresh_token: 'r', scope: 'all' };
const page = (results: unknown, extra: Record<string, unknown> = {}) => ({ count: 1, next: null, previous: null, ...extra, results });
const txPage = (extra: Record<string, unknown> = {}) => page([transaction(1, 12.5)], { predicted_unmapped_transactions: false, ...extra });
/** A body holding a transaction whose `parent` chain is hundreds to thousands of links deep. */
const deepParents = (wrap: (chain: string) => string) =>
  fc.integer({ min: 200, max: 5000 }).map((depth) => wrap(parentChainText(transaction(1), depth)));
/**
 * A transaction and each of its parents, one link at a time (its `parent` cut off), passes `schema`: checked in a
 * loop, as a chain thousands deep overflows zod's recursive parse (the client refuses such a chain only when its own
 * check overflows too).
 */
const eachLinkPasses =
  (schema: z.ZodType) =>
  (data: unknown): boolean => {
    for (let link = data; link !== null; link = (link as { parent: unknown }).parent)
      if (typeof link !== 'object' || !schema.safeParse({ ...link, parent: null }).success) return false;
    return true;
  };
const budget1 = { name: 'Rent', category: 7, settlement_date: '2025-01-01', amount: -100 };

interface Endpoint {
  name: string;
  /** `METHOD /path/` of the answer made hostile; every other request gets its good answer. */
  target: string;
  good: unknown;
  paged?: boolean;
  /** More hostile bodies, for this endpoint only. */
  also?: fc.Arbitrary<string>[];
  call: (client: CashflowClient) => Promise<unknown>;
  /** What a resolved call's data must pass. */
  accepts: z.ZodType | ((data: unknown) => boolean);
}

const many = <S extends z.ZodType>(s: S) => z.array(s);

const ENDPOINTS: Endpoint[] = [
  { name: 'token', target: 'POST /auth/token/', good: TOKEN, call: (c) => c.categories.list(), accepts: CategoryListSchema },
  {
    name: 'categories',
    target: 'GET /categories/',
    good: [category(1), category(2, 1)],
    call: (c) => c.categories.list(),
    accepts: CategoryListSchema,
  },
  { name: 'plans', target: 'GET /plans/', good: [plan(1), plan(2, 'SCENARIO')], call: (c) => c.plans.list(), accepts: PlanListSchema },
  {
    name: 'banks',
    target: 'GET /banks/',
    good: page([bank(1)]),
    paged: true,
    call: (c) => c.banks.pages().all(),
    accepts: many(BankSchema),
  },
  { name: 'accounts', target: 'GET /accounts/', good: balanceSummary(), call: (c) => c.accounts.summary(), accepts: BalanceSummarySchema },
  {
    name: 'transactions',
    target: 'GET /transactions/',
    good: txPage(),
    paged: true,
    call: (c) => c.transactions.pages({}, { pageSize: 1 }).all(),
    accepts: many(TransactionSchema),
  },
  {
    name: 'transactions, deep parents',
    target: 'GET /transactions/',
    good: txPage(),
    also: [deepParents((chain) => `{"count":1,"next":null,"previous":null,"results":[${chain}]}`)],
    call: (c) => c.transactions.page(),
    accepts: (data) => (data as { results: unknown[] }).results.every(eachLinkPasses(TransactionSchema)),
  },
  {
    name: 'transactions/extended (verified pull)',
    target: 'GET /transactions/extended/',
    good: txPage({ sum: 12.5 }),
    paged: true,
    call: async (c) => (await c.transactions.pullVerified({}, { pageSize: 1, concurrency: 2 })).rows,
    accepts: many(TransactionSchema),
  },
  {
    name: 'invoices',
    target: 'GET /invoices/',
    good: page({ amount_due: 100, total: 100, invoices: [invoice(1)] }, { sum: 100 }),
    paged: true,
    call: (c) => c.invoices.pages().all(),
    accepts: many(InvoiceSchema),
  },
  { name: 'invoice', target: 'GET /invoices/1/', good: invoice(1), call: (c) => c.invoices.get(1), accepts: InvoiceSchema },
  {
    name: 'forecast budgets',
    target: 'GET /forecast/budgets/',
    good: page({ total: -1200, budgets: [budget(1)] }, { sum: -1200 }),
    paged: true,
    call: (c) => c.forecastBudgets.pages({}, { pageSize: 1 }).all(),
    accepts: many(BudgetSchema),
  },
  {
    name: 'scenario budgets',
    target: 'GET /scenarios/3/budgets/',
    good: page({ total: -1200, budgets: [budget(1), budget(2)] }, { sum: -2400 }),
    paged: true,
    call: (c) => c.scenarioBudgets(3).pages().all(),
    accepts: many(BudgetSchema),
  },
  {
    name: 'budget by external ID',
    target: 'GET /forecast/budgets/external/ext-1/',
    good: budget(1),
    call: (c) => c.forecastBudgets.getByExternalId('ext-1'),
    accepts: BudgetSchema,
  },
  {
    name: 'create offline account',
    target: 'POST /accounts/',
    good: account(4),
    call: (c) => c.accounts.createOffline({ bank: { name: 'Cash', bic: '' }, name: 'Till', currency: 'EUR' }),
    accepts: AccountWriteAnswerSchema,
  },
  {
    name: 'create transactions',
    target: 'POST /accounts/4/transactions/',
    good: [transaction(9, -3, { account: { id: 4, name: 'Till', alias: '', bank: 'Cash', currency: 'EUR' } })],
    call: (c) => c.accounts.createTransactions(4, [{ value_date: '2025-01-02', amount: -3 }]),
    accepts: TransactionListWriteAnswerSchema,
  },
  {
    name: 'change categories',
    target: 'PATCH /transactions/',
    good: [transaction(1)],
    call: (c) => c.transactions.updateCategories([{ id: 1, category: 5 }]),
    accepts: TransactionListWriteAnswerSchema,
  },
  {
    name: 'change a category',
    target: 'PATCH /transactions/1/',
    good: transaction(1),
    also: [deepParents((chain) => chain)],
    call: (c) => c.transactions.updateCategory(1, 5),
    accepts: eachLinkPasses(TransactionWriteAnswerSchema),
  },
  {
    name: 'create invoice',
    target: 'POST /invoices/',
    good: invoice(2),
    call: (c) => c.invoices.create({ reference: 'RE-2', name: 'Customer', amount: 100, due_date: '2025-02-01' }),
    accepts: InvoiceWriteAnswerSchema,
  },
  {
    name: 'update invoices',
    target: 'PATCH /invoices/',
    good: [invoice(1, { status: 'PD' })],
    call: (c) => c.invoices.update([{ id: 1, status: 'PD' }]),
    accepts: InvoiceListWriteAnswerSchema,
  },
  {
    name: 'create forecast budget',
    target: 'POST /forecast/budgets/',
    good: budget(5),
    call: (c) => c.forecastBudgets.create(budget1),
    accepts: BudgetWriteAnswerSchema,
  },
  {
    name: 'replace scenario budget',
    target: 'PUT /scenarios/3/budgets/external/ext-1/',
    good: budget(1),
    call: (c) => c.scenarioBudgets(3).replaceByExternalId('ext-1', budget1),
    accepts: BudgetWriteAnswerSchema,
  },
  {
    name: 'update plan budget',
    target: 'PATCH /plans/2/budgets/external/ext-1/',
    good: { id: 1, amount: -90 },
    call: (c) => c.planBudgets(2).updateByExternalId('ext-1', { amount: -90 }),
    accepts: BudgetPatchAnswerSchema,
  },
  {
    name: 'replace plan budget',
    target: 'PUT /plans/2/budgets/1/',
    good: budget(1),
    call: (c) => c.planBudgets(2).replace(1, budget1),
    accepts: BudgetWriteAnswerSchema,
  },
];

/** The client's own messages of a language, as patterns (placeholders match anything). */
function ownMessages(language: Language): RegExp[] {
  return Object.entries(catalogs[language])
    .filter(([key]) => key.startsWith('api.error.'))
    .map(([, template]) => {
      const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
    });
}

/** A fetch that answers `target` with `body` (200, JSON content type) and every other request with its good answer. */
function hostileFetch(target: string, body: string, goods: ReadonlyMap<string, unknown>, status?: number): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const json = { 'content-type': 'application/json' };
    if (key === target) return new Response(body, { status: status ?? (request.method === 'POST' ? 201 : 200), headers: json });
    if (!goods.has(key)) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404, headers: json });
    return new Response(JSON.stringify(goods.get(key)), { status: 200, headers: json });
  };
}

const goods = new Map<string, unknown>(ENDPOINTS.map((e) => [e.target, e.good]));
const HANG_MS = 4_000;

type Outcome = { resolved: unknown } | { rejected: unknown } | { hung: true };

async function settle(promise: Promise<unknown>): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ hung: true }), HANG_MS);
  });
  try {
    return await Promise.race([
      promise.then(
        (resolved) => ({ resolved }),
        (rejected: unknown) => ({ rejected }),
      ),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};
beforeAll(() => process.on('unhandledRejection', onUnhandled));
afterAll(() => process.off('unhandledRejection', onUnhandled));

describe.each(ENDPOINTS)('a hostile answer of $name', (endpoint) => {
  test('resolves with data its schema accepts or rejects with the client’s own localized error', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileBody(endpoint.good, { paged: endpoint.paged ?? false, also: endpoint.also ?? [] }).map(shown),
        fc.constantFrom(...LANGUAGES),
        async ({ body }, language) => {
          const client = new CashflowClient({
            baseUrl: 'http://service.test/api',
            clientId: 'client-1',
            clientSecret: 'secret-abcdef-42',
            language,
            fetch: hostileFetch(`${endpoint.target.split(' ')[0]} /api${endpoint.target.split(' ')[1]}`, body, prefixed(goods)),
            tokenCache: new TokenCache(),
            sleep: async () => undefined,
            timeoutMs: 2_000,
          });
          const outcome = await settle(endpoint.call(client));
          await new Promise((resolve) => setImmediate(resolve));
          expect(unhandled).toEqual([]);
          expect(outcome).not.toHaveProperty('hung');
          if ('resolved' in outcome) {
            const { accepts } = endpoint;
            expect(typeof accepts === 'function' ? accepts(outcome.resolved) : accepts.safeParse(outcome.resolved).success).toBe(true);
            return;
          }
          const error = (outcome as { rejected: unknown }).rejected;
          expect(error).toBeInstanceOf(ApiError);
          const message = (error as Error).message;
          expect({ message, own: ownMessages(language).some((m) => m.test(message)) }).toEqual({ message, own: true });
        },
      ),
      { numRuns: 40, seed: 3030, endOnFailure: true },
    );
  });
});

/** Field errors nested thousands of objects deep (`{"name":{"name":…["x"]…}}`), at the top or in an item. */
const deepErrors = fc
  .tuple(fc.integer({ min: 1000, max: 30_000 }), fc.boolean())
  .map(([depth, item]) => `${item ? '[' : ''}${'{"name":'.repeat(depth)}["x"]${'}'.repeat(depth)}${item ? ']' : ''}`);
const ERROR_BODY = {
  detail: 'Nope.',
  code: 'invalid',
  name: ['This field is required.'],
  non_field_errors: ['Bad.'],
  items: [{ a: ['x'] }],
};

test('a hostile body with an error status rejects with the error of that status, never as a lost connection', async () => {
  const endpoints = ENDPOINTS.filter((e) => ['categories', 'create invoice', 'update invoices'].includes(e.name));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints.map((e) => e.name)),
      fc.constantFrom(400, 401, 403, 404, 405, 409, 429, 500, 503),
      hostileBody(ERROR_BODY, { also: [deepErrors] }).map(shown),
      async (name, status, { body }) => {
        const endpoint = endpoints.find((e) => e.name === name) as Endpoint;
        const [method, path] = endpoint.target.split(' ');
        const client = new CashflowClient({
          baseUrl: 'http://service.test/api',
          clientId: 'client-1',
          clientSecret: 'secret-abcdef-42',
          language: 'en',
          fetch: hostileFetch(`${method} /api${path}`, body, prefixed(goods), status),
          tokenCache: new TokenCache(),
          sleep: async () => undefined,
        });
        const outcome = await settle(endpoint.call(client));
        expect(outcome).toHaveProperty('rejected');
        const error = (outcome as { rejected: unknown }).rejected;
        expect(error).toBeInstanceOf(ApiError);
        expect({ name: (error as ApiError).name, status: (error as ApiError).status }).toEqual({
          name: expect.not.stringMatching(/Connection|Timeout/) as unknown,
          status,
        });
      },
    ),
    { numRuns: 60, seed: 3031, endOnFailure: true },
  );
});

/** A body as a counterexample shows it: its first 400 characters (a chain thousands deep would fill the screen). */
function shown(body: string): { body: string } {
  const short = body.length > 400 ? `${body.slice(0, 400)}… (${body.length} characters)` : body;
  return Object.assign({ body }, { [fc.toStringMethod]: () => JSON.stringify(short) });
}

function prefixed(map: ReadonlyMap<string, unknown>): Map<string, unknown> {
  return new Map([...map].map(([key, value]) => [key.replace(' /', ' /api/'), value]));
}
