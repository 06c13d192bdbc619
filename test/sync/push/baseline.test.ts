/** The baseline of pulled budget rows (pure): id, external ID and the editable fields as a push would send them. */

import type { Budget } from '../../../src/api';
import { baselineOf, keepsBaseline, MemoryBaselineStore } from '../../../src/sync/push';
import {
  ALL_BUDGETS_TABLE,
  buildLookups,
  FORECAST_BUDGETS_TABLE,
  rowToFields,
  scenarioBudgetsTable,
  toRow,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../../../src/sync/tables';
import type { CoreValue } from '../../../src/sync/workbook-port';

function budget(id: number, overrides: Partial<Budget> = {}): Budget {
  return {
    id,
    category: { id: 12, name: 'Miete' } as Budget['category'],
    inter_category: null,
    inter_category_name: null,
    depending_categories: [],
    base_categories: [],
    recurring_budget: { frequency: 'monthly', frequency_multiplier: 1, sequence_type: '', sequence_term_size: 1, d: 0, r: 1 },
    settlement_date: '2026-12-01',
    start_date: '2026-01-01',
    end_date: null,
    account: 701,
    tags: ['office', 'fixed'],
    integration_tags: null,
    is_adjusted: false,
    inter_budget: null,
    name: 'Rent',
    description: '=HYPERLINK("http://x","y")',
    amount: -2500.1,
    rate: 0,
    base: 'FS',
    time_lags: [],
    frequency: 'monthly',
    frequency_multiplier: 1,
    sequence_type: '',
    sequence_term_size: 1,
    d: 0,
    r: 1,
    is_indefinite: true,
    external_id: `rent-${id}`,
    external_source: 'ERP',
    inter_company: null,
    source: null,
    ...overrides,
  };
}

const model = FORECAST_BUDGETS_TABLE as TableModel<Budget>;
const lookups = buildLookups();
const rowOf = (b: Budget): CoreValue[] => toRow(model, b, lookups);

describe('baselineOf', () => {
  it('takes the id, the external ID and the editable fields of pulled budget rows', () => {
    const rows = [rowOf(budget(1)), rowOf(budget(2, { external_id: null, tags: [], description: '' }))];
    const baseline = baselineOf(model, rows);
    expect(baseline).toEqual([
      { id: 1, externalId: 'rent-1', fields: rowToFields(model, rows[0] ?? []) },
      { id: 2, externalId: null, fields: rowToFields(model, rows[1] ?? []) },
    ]);
    expect(baseline[0]?.fields).toMatchObject({
      id: 1,
      name: 'Rent',
      category: 12,
      amount: -2500.1,
      tags: ['office', 'fixed'],
      description: '=HYPERLINK("http://x","y")',
      account: 701,
      is_indefinite: true,
    });
    // Read-only columns (category path, start date, the recurring flag) are not part of it.
    expect(Object.keys(baseline[0]?.fields ?? {})).not.toEqual(expect.arrayContaining(['category_path', 'start_date', 'is_recurring']));
    expect(baseline[1]?.fields).toMatchObject({ tags: [], description: '' });
  });

  it('takes rows as records keyed by column too (missing keys are null), and leaves out rows without an id', () => {
    const record = Object.fromEntries(model.columns.map((c, i) => [c.key, rowOf(budget(3))[i] ?? null]));
    delete record.external_id;
    expect(baselineOf(model, [record, { ...record, id: null }])).toEqual([
      { id: 3, externalId: null, fields: rowToFields(model, rowOf(budget(3))) },
    ]);
  });

  it('keeps a baseline only for tables a push may send from', () => {
    expect(keepsBaseline(FORECAST_BUDGETS_TABLE)).toBe(true);
    expect(keepsBaseline(scenarioBudgetsTable(4))).toBe(true);
    expect(keepsBaseline(ALL_BUDGETS_TABLE)).toBe(false);
    // Transactions mark the category editable, but nothing is pushed from them yet: the puller does not ask.
    expect(keepsBaseline(TRANSACTIONS_TABLE)).toBe(true);
  });
});

describe('MemoryBaselineStore', () => {
  it('gives back what was written (case-insensitive names), refuses credentials, removes', async () => {
    const store = new MemoryBaselineStore();
    const baseline = baselineOf(model, [rowOf(budget(1))]);
    await store.write('ForecastBudgets', baseline);
    expect(await store.read('forecastbudgets')).toEqual(baseline);
    await expect(store.write('X', [{ id: 1, externalId: null, fields: { access_token: 'x' } }])).rejects.toThrow(/credentials/);
    await store.remove('FORECASTBUDGETS');
    expect(await store.read('ForecastBudgets')).toBeUndefined();
  });
});
