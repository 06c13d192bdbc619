/**
 * The sandbox for browser tests: on 127.0.0.1, random port, CORS open to the static server's origin, and the two
 * things a test does to it while the page runs:
 *   - change its data the way another user would, over its public API with a token of its own
 *     (`addTransaction`, `recategorize`, `changeSomeTransaction`, `updateForecastBudget`), so the next refresh has something to find,
 *     and read back what a send left there (`forecastBudget`, `invoice`);
 *   - slow every answer down (`slowResponses(ms)`, the sandbox's fault injection with rate 1), so a pull is
 *     still running when the test clicks Cancel; `normalResponses()` ends it.
 * Slow answers apply to every request but the token endpoint and CORS preflights, the helpers' own included.
 */
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox';

export interface E2eSandboxOptions {
  /** Origins allowed by CORS: the static server's `url`. */
  origins: string[];
  /** Transactions of the demo company; default 2000 (small and quick). */
  transactions?: number;
  faults?: SandboxOptions['faults'];
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** A transaction as the API answers it (the fields the helpers use). */
export interface ApiTransaction {
  id: number;
  amount: number;
  purpose: string;
  value_date: string;
  category: { id: number; name: string } | null;
}

export interface ApiCategory {
  id: number;
  name: string;
  parent: number | null;
  is_category: boolean;
  is_default: boolean;
  is_obsolete: boolean;
}

/** An invoice as the API answers it (the fields the helpers use). */
export interface ApiInvoice {
  id: number;
  reference: string;
  name: string;
  status: string;
  expected_date: string;
}

export interface NewTransaction {
  /** Decimal string with two places, e.g. "-12.34"; default "-42.00". */
  amount?: string;
  /** YYYY-MM-DD; default today (UTC). */
  valueDate?: string;
  purpose?: string;
  counterpartName?: string;
}

export interface E2eSandbox {
  url: string;
  /** The demo company (what "Try the demo company" connects with). */
  credentials: Credentials;
  running: RunningSandbox;
  /** Number of transactions of the demo company now. */
  transactionCount(): Promise<number>;
  /** Books a transaction into the demo company's first offline account ("Kasse"); answers it as created. */
  addTransaction(draft?: NewTransaction): Promise<ApiTransaction>;
  /** Moves one transaction to another category (a mappable leaf, not a default one). */
  recategorize(transactionId: number, categoryId: number): Promise<ApiTransaction>;
  /** Moves the newest transaction (first of the default order) to another mappable category; says which. */
  changeSomeTransaction(): Promise<{ id: number; from: number | undefined; to: number }>;
  categories(): Promise<ApiCategory[]>;
  /** `count` and `sum` of `/transactions/extended/` for these filters (the service's own total). */
  transactionTotals(filters: Record<string, string | number>): Promise<{ count: number; sum: number }>;
  /** A budget of the forecast by its external ID, as the service holds it now (amount as a number). */
  forecastBudget(externalId: string): Promise<{ id: number; name: string; amount: number }>;
  /** The invoice whose reference is exactly this one, as the service holds it now (the fields a test reads). */
  invoice(reference: string): Promise<ApiInvoice | undefined>;
  /** The transaction with this id as the service holds it (what a send left there). */
  transaction(id: number): Promise<ApiTransaction | undefined>;
  /** Another user changes a forecast budget (PATCH by external ID): e.g. `{ amount: '-5000.00' }`. */
  updateForecastBudget(externalId: string, changes: Record<string, unknown>): Promise<void>;
  /** Every answer (but the token endpoint's and preflights) waits `ms` first; until `normalResponses()`. */
  slowResponses(ms: number): void;
  /** Every answer (but the token endpoint's and preflights) is a 429 with `Retry-After: seconds`; until `normalResponses()`. */
  throttle(seconds: number): void;
  normalResponses(): void;
  close(): Promise<void>;
}

export async function startE2eSandbox(options: E2eSandboxOptions): Promise<E2eSandbox> {
  const running = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    transactions: options.transactions ?? 2000,
    cors: { origins: options.origins },
    ...(options.faults ? { faults: options.faults } : {}),
  });
  const credentials: Credentials = { ...running.credentials.company };
  let token: string | undefined;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    if (token === undefined) {
      const answer = await fetch(`${running.url}/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
      });
      if (!answer.ok) throw new Error(`sandbox token: ${answer.status} ${await answer.text()}`);
      token = ((await answer.json()) as { access_token: string }).access_token;
    }
    const answer = await fetch(`${running.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`sandbox ${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };

  const categories = (): Promise<ApiCategory[]> => call<ApiCategory[]>('GET', '/categories/');
  const recategorize = (transactionId: number, categoryId: number): Promise<ApiTransaction> =>
    call<ApiTransaction>('PATCH', `/transactions/${transactionId}/`, { category: categoryId });

  return {
    url: running.url,
    credentials,
    running,
    transactionCount: async () => (await call<{ count: number }>('GET', '/transactions/?page_size=1')).count,
    async addTransaction(draft = {}) {
      const { accounts } = await call<{ accounts: Array<{ id: number; status: string; bank: { open_banking_connection_id: unknown } }> }>(
        'GET',
        '/accounts/',
      );
      const offline = accounts.find((a) => a.status === 'OFFLINE' && a.bank.open_banking_connection_id === null);
      if (!offline) throw new Error('the demo company has no offline account to book into');
      return call<ApiTransaction>('POST', `/accounts/${offline.id}/transactions/`, {
        value_date: draft.valueDate ?? new Date().toISOString().slice(0, 10),
        amount: draft.amount ?? '-42.00',
        purpose: draft.purpose ?? 'Added by the e2e test',
        counterpart_name: draft.counterpartName ?? 'E2E GmbH',
      });
    },
    recategorize,
    async changeSomeTransaction() {
      const [first] = (await call<{ results: ApiTransaction[] }>('GET', '/transactions/?page_size=1')).results;
      if (!first) throw new Error('the demo company has no transactions');
      const from = first.category?.id;
      const target = (await categories()).find((c) => c.is_category && !c.is_default && !c.is_obsolete && c.id !== from);
      if (!target) throw new Error('no category to move a transaction to');
      await recategorize(first.id, target.id);
      return { id: first.id, from, to: target.id };
    },
    categories,
    async transactionTotals(filters) {
      const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])), page_size: '1' });
      const page = await call<{ count: number; sum: number }>('GET', `/transactions/extended/?${query.toString()}`);
      return { count: page.count, sum: page.sum };
    },
    async forecastBudget(externalId) {
      const budget = await call<{ id: number; name: string; amount: string | number }>(
        'GET',
        `/forecast/budgets/external/${encodeURIComponent(externalId)}/`,
      );
      return { id: budget.id, name: budget.name, amount: Number(budget.amount) };
    },
    async invoice(reference) {
      // The invoice list's page holds its rows in `results.invoices` (beside the sums); `reference` matches a substring.
      const path = `/invoices/?reference=${encodeURIComponent(reference)}&page_size=1000`;
      const page = await call<{ results: { invoices: ApiInvoice[] } }>('GET', path);
      return page.results.invoices.find((i) => i.reference === reference);
    },
    async transaction(id) {
      return (await call<{ results: ApiTransaction[] }>('GET', `/transactions/?ids=${id}`)).results[0];
    },
    async updateForecastBudget(externalId, changes) {
      const forecast = (await call<Array<{ id: number; type: string }>>('GET', '/plans/')).find((p) => p.type === 'FORECAST');
      if (!forecast) throw new Error('the demo company has no forecast plan');
      await call('PATCH', `/plans/${forecast.id}/budgets/external/${encodeURIComponent(externalId)}/`, changes);
    },
    slowResponses: (ms) => running.setFaults({ slowRate: 1, slowMs: ms }),
    throttle: (seconds) => running.setFaults({ rate429: 1, retryAfterSeconds: seconds }),
    normalResponses: () => running.setFaults({}),
    close: () => running.close(),
  };
}
