import type { Budget, Invoice } from '../../../src/api';
import { BUDGET_COLUMNS, buildLookups, FORECAST_BUDGETS_TABLE, INVOICES_TABLE, tableSpec } from '../../../src/sync/tables';
import { codeLabel } from '../../../src/sync/tables/code-labels';

describe('codes read as words beside the code columns', () => {
  test('invoice type RE/PA gets a "Type label" column right after "Type", in the language of the pull', () => {
    const keys = INVOICES_TABLE.columns.map((c) => c.key);
    expect(keys.indexOf('type_label')).toBe(keys.indexOf('type') + 1);
    const invoice = { type: 'PA' } as unknown as Invoice;
    const column = INVOICES_TABLE.columns.find((c) => c.key === 'type_label');
    expect(column?.read(invoice, buildLookups({ language: 'de' }))).toBe('Verbindlichkeit');
    expect(column?.read({ type: 'RE' } as unknown as Invoice, buildLookups({ language: 'it' }))).toBe('Credito');
    // Read-only: the push sends the code column, never the label.
    expect(column?.editable).toBe(false);
  });

  test("a budget's base and frequency get label columns; the code cells stay the codes the push sends", () => {
    const keys = BUDGET_COLUMNS.map((c) => c.key);
    expect(keys.indexOf('base_label')).toBe(keys.indexOf('base') + 1);
    expect(keys.indexOf('frequency_label')).toBe(keys.indexOf('frequency') + 1);
    const budget = { base: 'FS', frequency: 'quarterly' } as unknown as Budget;
    const label = (key: string) => BUDGET_COLUMNS.find((c) => c.key === key)?.read(budget, buildLookups({ language: 'en' }));
    expect([label('base'), label('base_label'), label('frequency'), label('frequency_label')]).toEqual([
      'FS',
      'Forecast and scenario',
      'quarterly',
      'Quarterly',
    ]);
    expect(BUDGET_COLUMNS.filter((c) => c.key.endsWith('_label')).every((c) => !c.editable && c.write === undefined)).toBe(true);
    expect(tableSpec(FORECAST_BUDGETS_TABLE).columns.map((c) => c.header)).toEqual(
      expect.arrayContaining(['Base label', 'Frequency label']),
    );
  });

  test('a one-time budget (empty frequency) reads "One-time"; an unknown code has no label', () => {
    expect(codeLabel('frequency', '', 'de')).toBe('Einmalig');
    expect(codeLabel('budgetBase', 'X', 'en')).toBeNull();
  });
});
