/** Budgets through the client: forecast, scenario and plan endpoints, committed plans, unique external IDs. */
import {
  BadRequestError,
  type BudgetInput,
  type Category,
  createClient,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  type Plan,
  TokenCache,
} from '../../src/api';
import { apiCalls, clientFor, isoDay, rejectionOf, type Sandbox, start } from './support';

let sandbox: Sandbox;
let plans: Plan[];
let categories: Category[];
beforeAll(async () => {
  sandbox = await start();
  const { client } = clientFor(sandbox);
  plans = await client.plans.list();
  categories = await client.categories.list();
});
afterAll(async () => {
  await sandbox.close();
});

const planWhere = (test: (p: Plan) => boolean): Plan => {
  const found = plans.find(test);
  if (!found) throw new Error('plan not found');
  return found;
};
const forecastPlan = () => planWhere((p) => p.type === 'FORECAST');
const scenarioPlan = () => planWhere((p) => p.type === 'SCENARIO' && p.update_status === 'READY');
const committedPlan = () => planWhere((p) => p.is_committed);
const leafIds = () => {
  const parents = new Set(categories.map((c) => c.parent));
  return categories.filter((c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id)).map((c) => c.id);
};
const budget = (fields: Partial<BudgetInput> = {}): BudgetInput => ({
  name: 'Integrationsbudget',
  category: leafIds()[0] ?? 0,
  settlement_date: isoDay(30),
  amount: -1234.5,
  ...fields,
});

describe('forecast budgets', () => {
  it('creates with every documented field, lists it, gets it by external ID', async () => {
    const { client } = clientFor(sandbox);
    const [cat, dep] = leafIds();
    const created = await client.forecastBudgets.create(
      budget({
        external_id: 'it-forecast-1',
        external_source: 'Integration',
        description: 'monthly',
        category: String(cat),
        amount: '-2500',
        rate: 0.19,
        tags: ['Integration'],
        frequency: 'monthly',
        frequency_multiplier: 1,
        sequence_type: 'AP',
        sequence_term_size: 1,
        d: 0,
        r: 1,
        time_lags: [0, 1],
        depending_categories: dep === undefined ? [] : [dep],
        is_adjusted: false,
        is_indefinite: true,
        base: 'F',
        integration_tags: ['contract'],
        account: null,
      }),
    );
    expect(created).toMatchObject({
      external_id: 'it-forecast-1',
      amount: -2500,
      rate: 0.19,
      base: 'F',
      frequency: 'monthly',
      is_indefinite: true,
    });
    expect(created.recurring_budget).toMatchObject({ frequency: 'monthly', sequence_type: 'AP' });
    expect(created.category.id).toBe(cat);

    const got = await client.forecastBudgets.getByExternalId('it-forecast-1');
    expect(got).toEqual(created);
    const listed = await client.forecastBudgets.pages({ search: 'Integrationsbudget' }).all();
    expect(listed.map((b) => b.id)).toContain(created.id);
    const page = await client.forecastBudgets.page({ ids: [created.id] });
    expect(page).toMatchObject({ count: 1, sum: -2500, results: { total: -2500 } });
  });

  it('all_budgets lists the budgets of every plan; paging covers count', async () => {
    const { client } = clientFor(sandbox);
    const forecast = await client.forecastBudgets.pages({}, { pageSize: 10 }).all();
    const all = await client.forecastBudgets.pages({ all_budgets: true }, { pageSize: 25, concurrency: 2 }).all();
    const first = await client.forecastBudgets.page({ all_budgets: true, page_size: 1 });
    expect(all).toHaveLength(first.count);
    expect(all.length).toBeGreaterThan(forecast.length);
    const allIds = new Set(all.map((b) => b.id));
    for (const b of forecast) expect(allIds.has(b.id)).toBe(true);
  });

  it.each([
    ['en', 'This field must be unique.'],
    ['de', 'Dieses Feld muss eindeutig sein.'],
    ['it', 'Questo campo deve essere unico.'],
  ] as const)('a duplicate external ID gives 400 with the field error in %s', async (language, message) => {
    const { client } = clientFor(sandbox, sandbox.credentials.company, { language });
    const error = await rejectionOf(client.forecastBudgets.create(budget({ external_id: 'fc-miete' })));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fieldErrors).toEqual({ external_id: [message] });
    expect((error as BadRequestError).message).toContain(message);
  });

  it('the same external ID is free in another plan (forecast and each scenario count separately)', async () => {
    const { client } = clientFor(sandbox);
    const created = await client.scenarioBudgets(scenarioPlan().id).create(budget({ external_id: 'fc-miete' }));
    expect(created.external_id).toBe('fc-miete');
  });

  it.each(['Grüße & Co', 'a b+c', '100%', 'x?y#z', 'ä-€-😀'])('external ID %s round-trips through the path', async (externalId) => {
    const { client } = clientFor(sandbox);
    const created = await client.forecastBudgets.create(budget({ external_id: externalId }));
    expect(created.external_id).toBe(externalId);
    expect((await client.forecastBudgets.getByExternalId(externalId)).id).toBe(created.id);
    const patched = await client.planBudgets(forecastPlan().id).updateByExternalId(externalId, { description: 'found' });
    expect(patched).toEqual({ id: created.id, description: 'found' });
    await client.planBudgets(forecastPlan().id).deleteByExternalId(externalId);
    expect(await rejectionOf(client.forecastBudgets.getByExternalId(externalId))).toBeInstanceOf(NotFoundError);
  });

  it('external IDs with . or / are refused by the client before any request', async () => {
    const { client, sent } = clientFor(sandbox);
    expect(await rejectionOf(client.forecastBudgets.getByExternalId('sap.4711'))).toBeInstanceOf(InvalidRequestError);
    expect(await rejectionOf(client.planBudgets(forecastPlan().id).deleteByExternalId('2025/versicherung'))).toBeInstanceOf(
      InvalidRequestError,
    );
    expect(await rejectionOf(client.forecastBudgets.create(budget({ external_id: 'a.b' })))).toBeInstanceOf(InvalidRequestError);
    expect(sent).toEqual([]);
  });
});

describe('scenario budgets', () => {
  it('create, list (own budgets only), get, replace (PUT) and update (PATCH), both with a rename', async () => {
    const { client } = clientFor(sandbox);
    const scenario = client.scenarioBudgets(scenarioPlan().id);
    const before = await scenario.pages().all();
    const created = await scenario.create(budget({ external_id: 'it-sc-1', description: 'first', tags: ['a'] }));
    const after = await scenario.pages().all();
    expect(after).toHaveLength(before.length + 1);
    const forecastIds = new Set((await client.forecastBudgets.pages().all()).map((b) => b.id));
    expect(after.some((b) => forecastIds.has(b.id))).toBe(false);
    expect(await scenario.getByExternalId('it-sc-1')).toEqual(created);

    // PUT: fields not sent reset to defaults; a different external_id renames
    const replaced = await scenario.replaceByExternalId('it-sc-1', {
      name: 'Ersetzt',
      category: created.category.id,
      settlement_date: isoDay(60),
      external_id: 'it-sc-2',
    });
    expect(replaced).toMatchObject({
      id: created.id,
      name: 'Ersetzt',
      external_id: 'it-sc-2',
      description: '',
      tags: [],
      amount: 0,
      base: 'FS',
    });
    expect(await rejectionOf(scenario.getByExternalId('it-sc-1'))).toBeInstanceOf(NotFoundError);
    // PUT without external_id keeps the one in the path
    const kept = await scenario.replaceByExternalId('it-sc-2', {
      name: 'Behalten',
      category: created.category.id,
      settlement_date: isoDay(61),
    });
    expect(kept.external_id).toBe('it-sc-2');

    // PATCH: the answer has `id` and the fields sent; '' clears description, renames with external_id
    const patched = await scenario.updateByExternalId('it-sc-2', { description: '', amount: '99.5', external_id: 'it-sc-3' });
    expect(patched).toMatchObject({ id: created.id, description: '', amount: 99.5, external_id: 'it-sc-3' });
    expect(Object.keys(patched).sort()).toEqual(['amount', 'description', 'external_id', 'id']);
    const current = await scenario.getByExternalId('it-sc-3');
    expect(current).toMatchObject({ name: 'Behalten', description: '', amount: 99.5 });

    // An empty name the service would answer with 400 is refused before sending (the sandbox's own 400 for it is
    // proved in test/sandbox/conformance/budgets.test.ts).
    const emptyName = await rejectionOf(scenario.updateByExternalId('it-sc-3', { name: '' }));
    expect(emptyName).toBeInstanceOf(InvalidRequestError);
    expect((emptyName as InvalidRequestError).message).toMatch(/^name: /);
  });
});

describe('plan budgets', () => {
  it('replace and delete by internal ID; update and delete by external ID', async () => {
    const { client } = clientFor(sandbox);
    const forecast = forecastPlan().id;
    const plan = client.planBudgets(forecast);
    const a = await client.forecastBudgets.create(budget({ external_id: 'it-plan-a', name: 'A' }));
    const b = await client.forecastBudgets.create(budget({ external_id: 'it-plan-b', name: 'B' }));

    const replaced = await plan.replace(a.id, { name: 'A ersetzt', category: a.category.id, settlement_date: isoDay(5), amount: 10 });
    expect(replaced).toMatchObject({ id: a.id, name: 'A ersetzt', amount: 10 });
    await plan.delete(a.id);
    expect(await rejectionOf(plan.delete(a.id))).toBeInstanceOf(NotFoundError);

    const patched = await plan.updateByExternalId('it-plan-b', { name: 'B geändert', account: '' });
    expect(patched).toMatchObject({ id: b.id, name: 'B geändert', account: null });
    expect((await client.forecastBudgets.getByExternalId('it-plan-b')).name).toBe('B geändert');
    await plan.deleteByExternalId('it-plan-b');
    expect(await rejectionOf(client.forecastBudgets.getByExternalId('it-plan-b'))).toBeInstanceOf(NotFoundError);
  });

  it('budgets of a committed plan cannot be updated or deleted (403 error class)', async () => {
    const { client } = clientFor(sandbox);
    const committed = committedPlan();
    const all = await client.forecastBudgets.pages({ all_budgets: true }).all();
    const externalId = `pl${committed.id}-fc-miete`;
    const target = all.find((x) => x.external_id === externalId);
    if (!target) throw new Error('committed plan budget not found');
    const plan = client.planBudgets(committed.id);
    const attempts = [
      plan.updateByExternalId(externalId, { description: 'nope' }),
      plan.deleteByExternalId(externalId),
      plan.replace(target.id, { name: 'nope', category: target.category.id, settlement_date: target.settlement_date }),
      plan.delete(target.id),
    ];
    for (const attempt of attempts) {
      const error = await rejectionOf(attempt);
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect((error as PermissionDeniedError).status).toBe(403);
      expect((error as PermissionDeniedError).isBillingPlanPermissionDenied).toBe(false);
    }
    const after = (await client.forecastBudgets.pages({ all_budgets: true, ids: [target.id] }).all())[0];
    expect(after).toEqual(target);
  });

  it('a 403 on an idempotent DELETE is not retried', async () => {
    const { client, sent } = clientFor(sandbox);
    const committed = committedPlan();
    await rejectionOf(client.planBudgets(committed.id).deleteByExternalId(`pl${committed.id}-fc-gehaelter`));
    expect(apiCalls(sent)).toHaveLength(1);
  });
});

it('createClient works with the default options against the sandbox (own cache)', async () => {
  const client = createClient({ baseUrl: `${sandbox.url}/`, ...sandbox.credentials.company, tokenCache: new TokenCache() });
  expect(client.language).toBe('de');
  expect((await client.plans.list()).length).toBe(plans.length);
});
