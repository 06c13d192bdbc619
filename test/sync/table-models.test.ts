/** The table models (pure): valid names and headers, flattening, cell→field, and the row rules of the pull. */

import type { Budget, Transaction } from '../../src/api';
import { isValidTableName } from '../../src/sync/tables/table-spec-check';
import { MemoryPullStateStore, parsePullState, PULL_STATE_VERSION, type PullState } from '../../src/sync/pull';
import { checkRows, mergeByKey, sortByDateDescThenKey } from '../../src/sync/pull/rows';
import {
  ACCOUNTS_TABLE,
  ALL_BUDGETS_TABLE,
  BALANCE_SUMMARY_TABLE,
  balanceRows,
  BANKS_TABLE,
  buildLookups,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  INVOICES_TABLE,
  PLANS_TABLE,
  rowToFields,
  scenarioBudgetsTable,
  scenarioTableName,
  tableSpec,
  toRow,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../../src/sync/tables';

const MODELS = [
  TRANSACTIONS_TABLE,
  INVOICES_TABLE,
  FORECAST_BUDGETS_TABLE,
  ALL_BUDGETS_TABLE,
  scenarioBudgetsTable(17),
  CATEGORIES_TABLE,
  PLANS_TABLE,
  ACCOUNTS_TABLE,
  BALANCE_SUMMARY_TABLE,
  BANKS_TABLE,
] as TableModel<unknown>[];

const categories = [
  {
    id: 1,
    parent: null,
    name: 'Ausgaben',
    slug: 'a',
    description: '',
    order: 1,
    is_obsolete: false,
    is_category: false,
    is_aggregating: true,
    is_default: false,
  },
  {
    id: 2,
    parent: 1,
    name: 'Raumkosten',
    slug: 'r',
    description: '',
    order: 1,
    is_obsolete: false,
    is_category: false,
    is_aggregating: true,
    is_default: false,
  },
  {
    id: 3,
    parent: 2,
    name: 'Miete',
    slug: 'm',
    description: '',
    order: 1,
    is_obsolete: false,
    is_category: true,
    is_aggregating: false,
    is_default: false,
  },
];

describe('table models', () => {
  it('have valid, unique table names and unique headers that do not depend on the language', () => {
    const names = MODELS.map((m) => m.tableName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const model of MODELS) {
      expect(isValidTableName(model.tableName)).toBe(true);
      const headers = model.columns.map((c) => c.header.toLowerCase());
      expect(new Set(headers).size).toBe(headers.length);
      expect(model.columns.some((c) => c.key === model.keyColumn)).toBe(true);
      expect(model.sheetName.length).toBeLessThanOrEqual(31);
      for (const c of model.columns) {
        expect(c.header).toMatch(/^[A-Za-z][A-Za-z0-9 ]*$/); // no brackets, quotes or # that structured references escape
        expect(c.editable).toBe(c.write !== undefined);
      }
    }
    // Every new table leaves the row above its header for its stamp (#26): none starts in row 1.
    for (const model of MODELS) expect(tableSpec(model).anchor).toMatch(/^A([2-9]|\d{2,})$/);
    expect(tableSpec(BALANCE_SUMMARY_TABLE).anchor).toBe('A2');
    expect(scenarioTableName(42)).toBe('Scenario_42_Budgets');
    expect(() => scenarioTableName(0)).toThrow(RangeError);
    expect(tableSpec(ACCOUNTS_TABLE)).toMatchObject({ tableName: 'Accounts', sheetName: 'Accounts', anchor: 'A11', keyColumn: 'id' });
  });

  it('mark what a push may send: transactions only the category; all budgets nothing', () => {
    const editable = (m: TableModel<unknown>) => m.columns.filter((c) => c.editable).map((c) => c.write?.field);
    expect(editable(TRANSACTIONS_TABLE as TableModel<unknown>)).toEqual(['category']);
    // The invoice writer's fields (PATCH /invoices/ items): the reference and the type too; tags are not read back.
    expect(editable(INVOICES_TABLE as TableModel<unknown>)).toEqual([
      'reference',
      'name',
      'type',
      'status',
      'amount',
      'paid_amount',
      'date',
      'due_date',
      'expected_date',
      'category',
      'notes',
    ]);
    expect(editable(FORECAST_BUDGETS_TABLE as TableModel<unknown>)).toEqual(
      expect.arrayContaining(['name', 'category', 'settlement_date', 'amount', 'description', 'frequency', 'tags', 'account']),
    );
    expect(editable(ALL_BUDGETS_TABLE as TableModel<unknown>)).toEqual([]);
    for (const m of [CATEGORIES_TABLE, PLANS_TABLE, ACCOUNTS_TABLE, BANKS_TABLE] as TableModel<unknown>[]) expect(editable(m)).toEqual([]);
  });

  it('flatten a transaction: account, category path, predicted category, invoice reference, tags', () => {
    const t = {
      id: 7,
      account: { id: 3, name: 'Kasse', alias: 'K' },
      category: { id: 3, name: 'Miete', description: '' },
      predicted_category: { id: 2, name: 'Raumkosten' },
      invoice: { id: 9, reference: '=HYPERLINK("x")' },
      parent: null,
      value_date: '2024-02-29',
      value_time: null,
      bank_booking_date: null,
      amount: -1200,
      reporting_amount: -1200,
      purpose: 'Miete Februar',
      counterpart_name: 'Vermieter',
      counterpart_iban: '',
      is_adjusting_entry: false,
      is_payment: true,
      is_leaf_node: true,
      tags: ['a', 'b'],
    } as unknown as Transaction;
    const row = toRow(TRANSACTIONS_TABLE, t, buildLookups({ categories }));
    const cell = (key: string) => row[TRANSACTIONS_TABLE.columns.findIndex((c) => c.key === key)];
    expect([cell('account_id'), cell('account_name'), cell('category_id'), cell('category_path')]).toEqual([
      3,
      'Kasse',
      3,
      'Ausgaben › Raumkosten › Miete',
    ]);
    expect([
      cell('predicted_category_id'),
      cell('predicted_category_path'),
      cell('invoice_id'),
      cell('invoice_reference'),
      cell('tags'),
    ]).toEqual([2, 'Ausgaben › Raumkosten', 9, '=HYPERLINK("x")', 'a, b']);
    // The cell a user edits is the path (picked from its list); the writer resolves it to a leaf id (#28).
    expect(rowToFields(TRANSACTIONS_TABLE, row)).toEqual({ id: 7, category: 'Ausgaben › Raumkosten › Miete' });
    // Without the tree, the category's own name.
    expect(toRow(TRANSACTIONS_TABLE, t, buildLookups())[TRANSACTIONS_TABLE.columns.findIndex((c) => c.key === 'category_path')]).toBe(
      'Miete',
    );
  });

  it('turn budget cells back into fields (tags split, text empty → "")', () => {
    const row = FORECAST_BUDGETS_TABLE.columns.map((c) => {
      if (c.key === 'id') return 5;
      if (c.key === 'tags') return 'x, y ,';
      if (c.key === 'description') return null;
      if (c.key === 'amount') return -99.5;
      return null;
    });
    const fields = rowToFields(FORECAST_BUDGETS_TABLE as TableModel<Budget>, row);
    expect(fields).toMatchObject({ id: 5, tags: ['x', 'y'], description: '', amount: -99.5, category: null });
    expect(rowToFields(ALL_BUDGETS_TABLE as TableModel<Budget>, row)).toEqual({ id: 5 });
  });

  it('lay the balance summary out as five horizons', () => {
    const rows = balanceRows({
      total: 10,
      available_limit: 5,
      current_month_balance: 1,
      next_month_balance: 2,
      in_3_months_balance: null,
      fiscal_year_ending_balance: 4,
      current_month_limit: 6,
      next_month_limit: 7,
      in_3_months_limit: null,
      fiscal_year_ending_limit: 9,
    });
    expect(rows.map((r) => toRow(BALANCE_SUMMARY_TABLE, r, buildLookups()))).toEqual([
      ['today', 10, 5],
      ['current_month_end', 1, 6],
      ['next_month_end', 2, 7],
      ['in_3_months', null, null],
      ['fiscal_year_end', 4, 9],
    ]);
  });

  it('survive a cycle in the category tree', () => {
    const lookups = buildLookups({ categories: [{ ...categories[0]!, parent: 3 }, categories[1]!, categories[2]!] });
    expect(lookups.categoryPath(3)).toBe('Ausgaben › Raumkosten › Miete');
    expect(lookups.categoryLevel(3)).toBe(2);
    expect(lookups.categoryPath(1)).toBe('Raumkosten › Miete › Ausgaben');
    expect(lookups.categoryPath(99)).toBeNull();
  });
});

describe('pull rows', () => {
  it('merge changed rows by id, keep the order -value_date,id', () => {
    const old = [
      [3, '2024-03-01', 1],
      [1, '2024-02-01', 2],
      [2, '2024-02-01', 3],
    ];
    const merged = mergeByKey(
      old,
      [
        [2, '2024-04-01', 30],
        [9, '2024-02-01', 4],
      ],
      0,
    );
    expect(merged).toMatchObject({ replaced: 1, inserted: 1 });
    expect(sortByDateDescThenKey(merged.rows, 1, 0)).toEqual([
      [2, '2024-04-01', 30],
      [3, '2024-03-01', 1],
      [1, '2024-02-01', 2],
      [9, '2024-02-01', 4],
    ]);
  });

  it('check count and sum in cents; a non-number amount cell is a mismatch', () => {
    const rows = [
      [1, 0.1],
      [2, 0.2],
    ];
    expect(checkRows(rows, 0, 1, { count: 2, sum: 0.3 }).ok).toBe(true);
    expect(checkRows(rows, 0, 1, { count: 3, sum: 0.3 })).toMatchObject({ ok: false, countMatches: false, sumMatches: true });
    expect(
      checkRows(
        [
          [1, 'abc'],
          [2, 0.3],
        ],
        0,
        1,
        { count: 2, sum: 0.3 },
      ),
    ).toMatchObject({ ok: false, sumMatches: false });
  });
});

describe('pull state', () => {
  const state: PullState = {
    version: PULL_STATE_VERSION,
    tableName: 'Transactions',
    sheetName: 'Transactions',
    target: { resource: 'transactions', filters: { account: [1, 2], min_date: '2024-01-01' } },
    lastPullStartedAt: '2024-05-01T10:00:00.000Z',
    lastPullAt: '2024-05-01T10:00:05.000Z',
    lastMode: 'full',
    rowCount: 12,
  };

  it('round-trips through the memory store, case-insensitively by table name', async () => {
    const store = new MemoryPullStateStore();
    await store.set(state);
    expect(await store.get('transactions')).toEqual(state);
    expect(await store.list()).toEqual([state]);
    await store.remove('TRANSACTIONS');
    expect(await store.get('Transactions')).toBeUndefined();
  });

  it('never holds anything credential-like; unreadable state counts as none', async () => {
    const store = new MemoryPullStateStore();
    const leaky = { ...state, target: { resource: 'transactions', filters: { clientSecret: 'x' } } } as unknown as PullState;
    await expect(store.set(leaky)).rejects.toThrow(/credentials/);
    expect(parsePullState('{')).toBeUndefined();
    expect(parsePullState(JSON.stringify({ ...state, version: 99 }))).toBeUndefined();
    expect(parsePullState(JSON.stringify(state))).toEqual(state);
  });
});
