/**
 * Every resource pulled from the sandbox into the Excel simulation: one table per resource on its own sheet,
 * stable names and headers, cells checked against what the API returned (types, formats, flattening).
 */

import type { Budget, Category, Invoice, Transaction } from '../../../src/api';
import {
  ACCOUNTS_TABLE,
  ALL_BUDGETS_TABLE,
  BALANCE_SUMMARY_TABLE,
  BANKS_TABLE,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  INVOICES_TABLE,
  PATH_SEPARATOR,
  PLANS_TABLE,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../../../src/sync/tables';
import type { PullTarget } from '../../../src/sync/pull';
import { harness, serial, startService, tableCells, type Harness, type Sandbox } from './support';

let sandbox: Sandbox;
let h: Harness;
beforeAll(async () => {
  sandbox = await startService();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  h = harness(sandbox);
});
afterEach(() => h.uninstall());

const FORMAT = { integer: '0', amount: '#,##0.00', date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm:ss', text: '@' } as const;

/** The demo company's accounts' currencies by id (one of them CHF); the company's currency is EUR. */
let accountCurrency: Map<number, string>;
beforeAll(async () => {
  const client = harness(sandbox);
  try {
    const summary = await client.client.accounts.summary();
    accountCurrency = new Map(summary.accounts.map((a) => [a.id, a.currency]));
  } finally {
    client.uninstall();
  }
});

/** The format an amount shows (#26): its account's currency, an account's own, or the company's. */
function amountFormatOf(column: TableModel<unknown>['columns'][number], record: Record<string, unknown>): string {
  const currency = column.currency;
  if (currency === undefined) return FORMAT.amount;
  if (currency === 'company') return '#,##0.00 [$EUR]';
  const code = 'account' in currency ? accountCurrency.get(record[currency.account] as number) : record[currency.column];
  return `#,##0.00 [$${String(code)}]`;
}

/** Types and formats of every cell of every row; returns the rows keyed by id. */
function checkTypes(model: TableModel<unknown>): Map<unknown, Record<string, unknown>> {
  const { headers, rows, types, formats } = tableCells(h.workbook, model.tableName);
  expect(headers).toEqual(model.columns.map((c) => c.header));
  const byKey = new Map<unknown, Record<string, unknown>>();
  rows.forEach((row, r) => {
    const record: Record<string, unknown> = Object.fromEntries(model.columns.map((column, c) => [column.key, row[c]]));
    model.columns.forEach((column, c) => {
      const value = row[c];
      const type = types[r]?.[c];
      record[column.key] = value;
      if (value === '') {
        expect(type).toBe('Empty');
        return;
      }
      if (column.type === 'text') expect([column.key, type, typeof value]).toEqual([column.key, 'String', 'string']);
      else if (column.type === 'boolean') expect([column.key, type]).toEqual([column.key, 'Boolean']);
      else expect([column.key, type, typeof value]).toEqual([column.key, 'Double', 'number']);
      if (column.type === 'amount') expect([column.key, formats[r]?.[c]]).toEqual([column.key, amountFormatOf(column, record)]);
      else if (column.type in FORMAT)
        expect([column.key, formats[r]?.[c]]).toEqual([column.key, column.numberFormat ?? FORMAT[column.type as keyof typeof FORMAT]]);
      if (column.type === 'integer') expect(Number.isInteger(value)).toBe(true);
      if (column.type === 'amount') expect(Math.round((value as number) * 100) / 100).toBe(value);
    });
    byKey.set(record[model.keyColumn], record);
  });
  return byKey;
}

const dateCell = (d: string | null): number | string => (d === null ? '' : serial(d));
const timeCell = (t: string): number => (Date.parse(t) - Date.UTC(1899, 11, 30)) / 86_400_000;
const sample = <T>(items: readonly T[]): T[] => items.filter((_, i) => i % Math.max(1, Math.floor(items.length / 40)) === 0);

async function categoryPaths(): Promise<Map<number, string>> {
  const categories: Category[] = await h.client.categories.list();
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = (c: Category): string => (c.parent === null ? c.name : `${path(byId.get(c.parent) as Category)}${PATH_SEPARATOR}${c.name}`);
  return new Map(categories.map((c) => [c.id, path(c)]));
}

describe('pulling every resource', () => {
  it('transactions: one row per transaction in -value_date,id order, flattened and typed', async () => {
    const result = await h.puller.pull({ resource: 'transactions' });
    const api: Transaction[] = await h.client.transactions.pages({}, { pageSize: 1000 }).all();
    expect(result).toMatchObject({ tableName: 'Transactions', mode: 'full', rowCount: api.length, warnings: [] });
    expect(result.verification?.ok).toBe(true);
    expect(h.workbook.tables().find((t) => t.name === 'Transactions')?.sheet).toBe('Transactions');
    const cells = checkTypes(TRANSACTIONS_TABLE as TableModel<unknown>);
    expect([...cells.keys()]).toEqual(api.map((t) => t.id));
    const paths = await categoryPaths();
    for (const t of sample(api)) {
      expect(cells.get(t.id)).toEqual({
        id: t.id,
        value_date: serial(t.value_date),
        bank_booking_date: dateCell(t.bank_booking_date),
        amount: t.amount,
        reporting_amount: t.reporting_amount,
        account_id: t.account.id,
        account_name: t.account.name,
        account_alias: t.account.alias,
        category_id: t.category.id,
        category_path: paths.get(t.category.id),
        predicted_category_id: t.predicted_category?.id ?? '',
        predicted_category_path: t.predicted_category ? paths.get(t.predicted_category.id) : '',
        purpose: t.purpose,
        counterpart_name: t.counterpart_name,
        counterpart_iban: t.counterpart_iban,
        invoice_id: t.invoice?.id ?? '',
        invoice_reference: t.invoice?.reference ?? '',
        tags: t.tags && t.tags.length > 0 ? t.tags.join(', ') : '',
        is_payment: t.is_payment,
        is_adjusting_entry: t.is_adjusting_entry,
        parent_id: t.parent?.id ?? '',
        value_time: t.value_time ?? '',
        comment_count: t.comment_count ?? '',
      });
    }
    // Category paths come from the tree: a leaf under "Ausgaben" reads "Ausgaben › ...".
    expect([...cells.values()].some((r) => String(r['category_path']).includes(PATH_SEPARATOR))).toBe(true);
    expect(api.some((t) => t.invoice !== null)).toBe(true);
  });

  it('invoices: typed cells, category path, matched transactions', async () => {
    const result = await h.puller.pull({ resource: 'invoices' });
    const api: Invoice[] = await h.client.invoices.pages({}).all();
    expect(result.rowCount).toBe(api.length);
    const cells = checkTypes(INVOICES_TABLE as TableModel<unknown>);
    const paths = await categoryPaths();
    for (const i of api) {
      expect(cells.get(i.id)).toMatchObject({
        reference: i.reference,
        name: i.name,
        status: i.status,
        amount: i.amount,
        paid_amount: i.paid_amount,
        amount_due: i.amount_due,
        date: serial(i.date),
        due_date: serial(i.due_date),
        expected_date: serial(i.expected_date),
        category_id: i.category ?? '',
        category_path: i.category === null ? '' : paths.get(i.category),
        transaction_count: i.transactions.length,
        date_created: timeCell(i.date_created),
        is_archived: i.is_archived,
      });
    }
  });

  it('forecast budgets, all budgets and a scenario: three tables with the same columns', async () => {
    const plans = await h.client.plans.list();
    const scenario = plans.find((p) => p.type === 'SCENARIO');
    if (!scenario) throw new Error('the demo company has scenarios');
    const targets: PullTarget[] = [
      { resource: 'forecastBudgets' },
      { resource: 'allBudgets' },
      { resource: 'scenarioBudgets', scenarioId: scenario.id },
    ];
    for (const target of targets) await h.puller.pull(target);
    const forecast: Budget[] = await h.client.forecastBudgets.pages({}).all();
    const all: Budget[] = await h.client.forecastBudgets.pages({ all_budgets: true }).all();
    const own: Budget[] = await h.client.scenarioBudgets(scenario.id).pages({}).all();
    expect(all.length).toBeGreaterThan(forecast.length);
    const accounts = new Map((await h.client.accounts.summary()).accounts.map((a) => [a.id, a.name]));
    const scenarioModel = { ...FORECAST_BUDGETS_TABLE, tableName: `Scenario_${scenario.id}_Budgets` };
    for (const [model, api] of [
      [FORECAST_BUDGETS_TABLE, forecast],
      [ALL_BUDGETS_TABLE, all],
      [scenarioModel, own],
    ] as const) {
      const cells = checkTypes(model as TableModel<unknown>);
      expect(cells.size).toBe(api.length);
      for (const b of sample(api)) {
        expect(cells.get(b.id)).toMatchObject({
          name: b.name,
          external_id: b.external_id ?? '',
          category_id: b.category.id,
          settlement_date: serial(b.settlement_date),
          amount: b.amount,
          frequency: b.frequency,
          account_id: b.account ?? '',
          account_name: b.account === null ? '' : accounts.get(b.account),
          tags: b.tags.join(', '),
          is_recurring: b.recurring_budget !== null,
        });
      }
    }
    expect(h.workbook.tables().map((t) => [t.name, t.sheet])).toEqual([
      ['ForecastBudgets', 'Forecast budgets'],
      ['AllBudgets', 'All budgets'],
      [`Scenario_${scenario.id}_Budgets`, `Scenario ${scenario.id} budgets`],
    ]);
  });

  it('categories, plans, banks, accounts with the balance summary above them', async () => {
    for (const resource of ['categories', 'plans', 'banks', 'accounts'] as const) await h.puller.pull({ resource });
    const categories = checkTypes(CATEGORIES_TABLE as TableModel<unknown>);
    const paths = await categoryPaths();
    for (const [id, path] of paths) expect(categories.get(id)?.['path']).toBe(path);
    const plans = checkTypes(PLANS_TABLE as TableModel<unknown>);
    for (const p of await h.client.plans.list())
      expect(plans.get(p.id)).toMatchObject({ name: p.name, type: p.type, is_committed: p.is_committed });
    const banks = checkTypes(BANKS_TABLE as TableModel<unknown>);
    for (const b of await h.client.banks.pages({}).all())
      expect(banks.get(b.id)).toMatchObject({ name: b.name, account_count: b.accounts.length });
    const summary = await h.client.accounts.summary();
    const accounts = checkTypes(ACCOUNTS_TABLE as TableModel<unknown>);
    for (const a of summary.accounts) {
      expect(accounts.get(a.id)).toMatchObject({
        name: a.name,
        iban: a.iban,
        currency: a.currency,
        balance: a.balance,
        overdraft_limit: a.overdraft_limit ?? '',
        bank_name: a.bank.name,
      });
    }
    const balance = checkTypes(BALANCE_SUMMARY_TABLE as TableModel<unknown>);
    expect(balance.get('today')).toEqual({ horizon: 'today', balance: summary.total, limit: summary.available_limit });
    expect(balance.get('fiscal_year_end')).toEqual({
      horizon: 'fiscal_year_end',
      balance: summary.fiscal_year_ending_balance ?? '',
      limit: summary.fiscal_year_ending_limit ?? '',
    });
    const onAccountsSheet = h.workbook.tables().filter((t) => t.sheet === 'Accounts');
    expect(onAccountsSheet.map((t) => [t.name, t.address.split('!')[1]?.split(':')[0]])).toEqual([
      ['Accounts', 'A11'],
      ['BalanceSummary', 'A2'],
    ]);
  });
});

describe('filters of a pull', () => {
  it("transactions by account, category (subcategories included) and date range: exactly the service's matches, stored for the refresh", async () => {
    const summary = await h.client.accounts.summary();
    const categories = await h.client.categories.list();
    const account = summary.accounts.find((a) => a.transaction_count > 0);
    const parent = categories.find((c) => c.is_aggregating && categories.some((child) => child.parent === c.id));
    if (!account || !parent) throw new Error('demo data has accounts with transactions and a category tree');
    const filters = { account: [account.id], category: [parent.id], min_date: '2024-01-01' };
    const expected = await h.client.transactions.pages(filters).all();
    expect(expected.length).toBeGreaterThan(0);

    const result = await h.puller.pull({ resource: 'transactions', filters });
    expect(result.rowCount).toBe(expected.length);
    const { headers, rows } = tableCells(h.workbook, 'Transactions');
    expect(rows.map((r) => r[headers.indexOf('Id')])).toEqual(expected.map((t) => t.id));
    expect(new Set(rows.map((r) => r[headers.indexOf('Account Id')]))).toEqual(new Set([account.id]));
    expect(rows.every((r) => (r[headers.indexOf('Value date')] as number) >= serial('2024-01-01'))).toBe(true);
    expect((await h.puller.state('Transactions'))?.target).toEqual({ resource: 'transactions', filters });
  });

  it('invoices by status and type', async () => {
    const expected = await h.client.invoices.pages({ status: 'OD', type: 'receivable' }).all();
    await h.puller.pull({ resource: 'invoices', filters: { status: 'OD', type: 'receivable' } });
    const { headers, rows } = tableCells(h.workbook, 'Invoices');
    expect(rows.map((r) => r[headers.indexOf('Id')]).sort()).toEqual(expected.map((i) => i.id).sort());
    expect(expected.every((i) => i.status === 'OD' && i.type === 'RE')).toBe(true);
  });
});
