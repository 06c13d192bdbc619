import { readOnlyReached } from '../../../src/sync/tables/read-only-columns';
import { ALL_BUDGETS_TABLE, FORECAST_BUDGETS_TABLE, INVOICES_TABLE, TRANSACTIONS_TABLE, type TableModel } from '../../../src/sync/tables';

const model = (m: TableModel<never>): TableModel<unknown> => m as TableModel<unknown>;

test("a transaction's columns but Category are the bank's; the user's own columns and the status column are not reported", () => {
  expect(
    readOnlyReached(model(TRANSACTIONS_TABLE as TableModel<never>), ['Category', 'purpose', 'Amount', 'My note', 'Push status']),
  ).toEqual({
    readOnly: ['Purpose', 'Amount'],
    editable: ['Category'],
  });
});

test("an invoice's Amount due and a budget's Category path are read-only; a budget's External Id and Category Id are not", () => {
  expect(readOnlyReached(model(INVOICES_TABLE as TableModel<never>), ['Amount due', 'Expected date']).readOnly).toEqual(['Amount due']);
  expect(
    readOnlyReached(model(FORECAST_BUDGETS_TABLE as TableModel<never>), ['External Id', 'Category Id', 'Category', 'Id']).readOnly,
  ).toEqual(['Category', 'Id']);
});

test('every column of a read-only table is reported, and nothing goes back', () => {
  expect(readOnlyReached(model(ALL_BUDGETS_TABLE as TableModel<never>), ['Name', 'Amount'])).toEqual({
    readOnly: ['Name', 'Amount'],
    editable: [],
  });
});
