/** Section 2: every field of every resource is present with the documented type. */
import { isRecord, pageItems, useSandbox, type PageBody } from './support';
import {
  ACCOUNT,
  ACCOUNT_BANK,
  BALANCE_SUMMARY,
  BANK,
  BUDGET,
  CATEGORY,
  eachProblems,
  EXTENDED_CATEGORY,
  INVOICE,
  INVOICE_STATUS_LABELS,
  INVOICE_TRANSACTION,
  LAST_TRANSACTION,
  PLAN,
  PLAN_AUTHOR,
  RECURRING_BUDGET_KEYS,
  shapeProblems,
  SHORT_ACCOUNT,
  SHORT_CATEGORY,
  TRANSACTION,
} from './field-types';
import type { Invoice, Plan, Tx } from './resources';

const h = useSandbox();

describe('Category', () => {
  test('every category has the Category fields', async () => {
    const body = (await h.get('/categories/')).body as unknown[];
    expect(body.length).toBeGreaterThan(0);
    expect(eachProblems(body, CATEGORY, 'category')).toEqual([]);
  });
});

describe('Plan', () => {
  test('every plan has the Plan fields', async () => {
    const body = (await h.get('/plans/')).body as unknown[];
    expect(body.length).toBeGreaterThan(0);
    expect(eachProblems(body, PLAN, 'plan')).toEqual([]);
  });

  test('plan author has id (string), username, full_name', async () => {
    const body = (await h.get('/plans/')).body as { author: unknown }[];
    expect(
      eachProblems(
        body.map((p) => p.author),
        PLAN_AUTHOR,
        'author',
      ),
    ).toEqual([]);
  });

  test('the demo plans include a forecast, two scenarios, a regular, a committed and an IN_PROGRESS plan', async () => {
    const plans = (await h.get('/plans/')).body as Plan[];
    expect(plans.filter((p) => p.type === 'FORECAST').length).toBeGreaterThanOrEqual(1);
    expect(plans.filter((p) => p.type === 'SCENARIO').length).toBeGreaterThanOrEqual(2);
    expect(plans.some((p) => p.type === 'REGULAR')).toBe(true);
    expect(plans.some((p) => p.is_committed)).toBe(true);
    expect(plans.some((p) => p.update_status === 'IN_PROGRESS')).toBe(true);
  });
});

describe('Bank', () => {
  test('every bank has the Bank fields and its accounts the Account fields', async () => {
    const banks = (await h.all('/banks/')) as { accounts: unknown[] }[];
    expect(banks.length).toBeGreaterThan(0);
    expect(eachProblems(banks, BANK, 'bank')).toEqual([]);
    const accounts = banks.flatMap((b) => b.accounts);
    expect(accounts.length).toBeGreaterThan(0);
    expect(eachProblems(accounts, ACCOUNT, 'bank.account')).toEqual([]);
  });

  test('the accounts of GET /banks/ are the accounts of GET /accounts/', async () => {
    const banks = (await h.all('/banks/')) as { accounts: { id: number }[] }[];
    const accounts = ((await h.get('/accounts/')).body as { accounts: { id: number }[] }).accounts;
    const byId = (xs: { id: number }[]): number[] => xs.map((x) => x.id).sort((a, b) => a - b);
    expect(byId(banks.flatMap((b) => b.accounts))).toEqual(byId(accounts));
  });

  test('accounts embedded in banks carry no last_transaction (it is only in GET /accounts/)', async () => {
    const banks = (await h.all('/banks/')) as { accounts: Record<string, unknown>[] }[];
    for (const a of banks.flatMap((b) => b.accounts)) expect(Object.keys(a)).not.toContain('last_transaction');
  });
});

describe('Account and balance summary', () => {
  test('GET /accounts/ has every balance summary field', async () => {
    const body = (await h.get('/accounts/')).body;
    expect(shapeProblems(body, BALANCE_SUMMARY, 'summary')).toEqual([]);
  });

  test('every account in GET /accounts/ has the Account fields', async () => {
    const accounts = ((await h.get('/accounts/')).body as { accounts: unknown[] }).accounts;
    expect(accounts.length).toBeGreaterThan(0);
    expect(eachProblems(accounts, ACCOUNT, 'account')).toEqual([]);
  });

  test('account.bank has open_banking_connection_id, name, bic', async () => {
    const accounts = ((await h.get('/accounts/')).body as { accounts: { bank: unknown }[] }).accounts;
    expect(
      eachProblems(
        accounts.map((a) => a.bank),
        ACCOUNT_BANK,
        'account.bank',
      ),
    ).toEqual([]);
  });

  test('account currency is an ISO 4217 code', async () => {
    const accounts = ((await h.get('/accounts/')).body as { accounts: { currency: string }[] }).accounts;
    for (const a of accounts) expect(a.currency).toMatch(/^[A-Z]{3}$/);
  });

  test('every account in GET /accounts/ includes last_transaction with a short account', async () => {
    const accounts = ((await h.get('/accounts/')).body as { accounts: { last_transaction?: unknown; transaction_count: number }[] })
      .accounts;
    const problems: string[] = [];
    accounts.forEach((a, i) => {
      if (!('last_transaction' in a)) {
        problems.push(`account[${i}].last_transaction: missing`);
        return;
      }
      if (a.last_transaction === null && a.transaction_count === 0) return;
      problems.push(...shapeProblems(a.last_transaction, LAST_TRANSACTION, `account[${i}].last_transaction`));
      if (isRecord(a.last_transaction)) {
        problems.push(...shapeProblems(a.last_transaction.account, SHORT_ACCOUNT, `account[${i}].last_transaction.account`));
      }
    });
    expect(problems).toEqual([]);
  });

  test('offline accounts have an empty type_name', async () => {
    const accounts = ((await h.get('/accounts/')).body as { accounts: { status: string; type_name: string }[] }).accounts;
    const offline = accounts.filter((a) => a.status === 'OFFLINE');
    expect(offline.length).toBeGreaterThan(0);
    for (const a of offline) expect(a.type_name).toBe('');
  });

  test('the demo accounts include API, DISCONNECTED, OFFLINE and a foreign-currency account', async () => {
    const accounts = ((await h.get('/accounts/')).body as { accounts: { status: string; currency: string }[] }).accounts;
    const statuses = new Set(accounts.map((a) => a.status));
    for (const s of ['API', 'DISCONNECTED', 'OFFLINE']) expect(statuses.has(s)).toBe(true);
    expect(accounts.some((a) => a.currency !== 'EUR')).toBe(true);
  });
});

describe('Transaction', () => {
  let txs: Tx[] = [];
  beforeAll(async () => {
    txs = (await h.all('/transactions/')) as Tx[];
  });

  test('every transaction has the Transaction fields', () => {
    expect(txs.length).toBeGreaterThan(0);
    expect(eachProblems(txs, TRANSACTION, 'transaction')).toEqual([]);
  });

  test('transactions in list responses carry comment_count (integer)', () => {
    expect(eachProblems(txs, { comment_count: 'integer' }, 'transaction')).toEqual([]);
  });

  test('transaction.account is a short account (id, name, alias)', () => {
    expect(
      eachProblems(
        txs.map((t) => t.account),
        SHORT_ACCOUNT,
        'transaction.account',
      ),
    ).toEqual([]);
  });

  test('transaction.category is a short category (id, name, description)', () => {
    expect(
      eachProblems(
        txs.map((t) => t.category),
        SHORT_CATEGORY,
        'transaction.category',
      ),
    ).toEqual([]);
  });

  test('predicted_category, when set, is an extended category', () => {
    const predicted = txs.map((t) => t.predicted_category).filter((p) => p !== null);
    expect(predicted.length).toBeGreaterThan(0);
    expect(eachProblems(predicted, EXTENDED_CATEGORY, 'predicted_category')).toEqual([]);
  });

  test('tags is an array of strings or null', () => {
    for (const t of txs) if (t.tags !== null) for (const tag of t.tags) expect(typeof tag).toBe('string');
  });

  test('reporting_amount equals amount for transactions in the company currency and differs for the foreign account', async () => {
    const accounts = ((await h.get('/accounts/')).body as { accounts: { id: number; currency: string }[] }).accounts;
    const currency = new Map(accounts.map((a) => [a.id, a.currency]));
    const euro = txs.filter((t) => currency.get(t.account.id) === 'EUR');
    const foreign = txs.filter((t) => currency.get(t.account.id) !== 'EUR' && currency.has(t.account.id) && t.amount !== 0);
    expect(euro.length).toBeGreaterThan(0);
    for (const t of euro) expect(t.reporting_amount).toBe(t.amount);
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign.some((t) => t.reporting_amount !== t.amount)).toBe(true);
  });
});

describe('Invoice', () => {
  let invoices: Invoice[] = [];
  beforeAll(async () => {
    invoices = (await h.all('/invoices/')) as Invoice[];
  });

  test('every invoice has the Invoice fields', () => {
    expect(invoices.length).toBeGreaterThan(0);
    expect(eachProblems(invoices, INVOICE, 'invoice')).toEqual([]);
  });

  test('invoices in list responses carry comment_count (integer)', () => {
    expect(eachProblems(invoices, { comment_count: 'integer' }, 'invoice')).toEqual([]);
  });

  test('status_label is the label of the status code', async () => {
    for (const i of invoices) expect([i.status, i.status_label]).toEqual([i.status, INVOICE_STATUS_LABELS[i.status]]);
  });

  test('matched transactions of an invoice have id, account, value_date, amount, purpose, counterpart_name, reporting_amount', () => {
    const embedded = invoices.flatMap((i) => i.transactions);
    expect(embedded.length).toBeGreaterThan(0);
    expect(eachProblems(embedded, INVOICE_TRANSACTION, 'invoice.transactions')).toEqual([]);
  });

  test('the demo invoices cover every status and both types', () => {
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(Object.keys(INVOICE_STATUS_LABELS)));
    expect(new Set(invoices.map((i) => i.type))).toEqual(new Set(['RE', 'PA']));
  });

  test('GET /invoices/{id}/ returns the Invoice fields', async () => {
    const inv = invoices[0];
    if (!inv) throw new Error('no invoices');
    const reply = await h.get(`/invoices/${inv.id}/`);
    expect(reply.status).toBe(200);
    expect(shapeProblems(reply.body, INVOICE, 'invoice')).toEqual([]);
  });
});

describe('Budget', () => {
  let budgets: Record<string, unknown>[] = [];
  beforeAll(async () => {
    budgets = (await h.all('/forecast/budgets/', { all_budgets: 'true' })) as Record<string, unknown>[];
  });

  test('every budget has the Budget fields', () => {
    expect(budgets.length).toBeGreaterThan(0);
    expect(eachProblems(budgets, BUDGET, 'budget')).toEqual([]);
  });

  test('budget.category is a short category', () => {
    expect(
      eachProblems(
        budgets.map((b) => b.category),
        SHORT_CATEGORY,
        'budget.category',
      ),
    ).toEqual([]);
  });

  test('recurring_budget, when set, carries frequency, frequency_multiplier, sequence_type, sequence_term_size, d, r', () => {
    for (const b of budgets) {
      if (b.recurring_budget === null || b.recurring_budget === undefined) continue;
      expect(Object.keys(b.recurring_budget as object)).toEqual(expect.arrayContaining(RECURRING_BUDGET_KEYS));
    }
  });

  test('tags and time_lags are arrays of strings and integers', () => {
    for (const b of budgets) {
      for (const t of b.tags as unknown[]) expect(typeof t).toBe('string');
      for (const l of b.time_lags as unknown[]) expect(Number.isInteger(l)).toBe(true);
    }
  });

  test('the demo forecast and scenario budgets have external ids, some null and some with . or /', () => {
    const ext = budgets.map((b) => b.external_id);
    expect(ext.some((e) => e === null)).toBe(true);
    expect(ext.some((e) => typeof e === 'string' && /[./]/.test(e))).toBe(true);
    expect(ext.some((e) => typeof e === 'string' && !/[./]/.test(e))).toBe(true);
  });
});

describe('paginated list items', () => {
  test('GET /transactions/extended/ items have the Transaction fields', async () => {
    const body = (await h.get('/transactions/extended/', { page_size: 300 })).body as PageBody;
    expect(eachProblems(pageItems(body), TRANSACTION, 'extended')).toEqual([]);
  });
});
