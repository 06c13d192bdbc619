/**
 * The push's shared words (#28): a cell that did not convert says the digits its own column takes (budgets 12,
 * invoices 10: the row check's limits), and the messages that name a row's record speak of the model's records
 * (and read as waiting statuses in every language).
 */

import { cellMessage, recordKey } from '../../../src/sync/push/push-messages';
import { FORECAST_BUDGETS_TABLE, GROUP_INVOICES_TABLE, INVOICES_TABLE } from '../../../src/sync/tables';
import { budgetWriteModel, invoiceWriteModel } from '../../../src/sync/push';
import { translate } from '../../../src/i18n/translate';
import { isWaitingStatus } from '../../../src/sync/push/status-kind';

test("an amount cell that did not convert says its column's digits: 12 for a budget, 10 for an invoice's amounts", () => {
  expect(cellMessage(FORECAST_BUDGETS_TABLE, 'Amount', 'en')).toBe('Amount: at most 12 digits with 2 decimals, e.g. -2500.00.');
  expect(cellMessage(INVOICES_TABLE, 'Amount', 'en')).toBe('Amount: at most 10 digits with 2 decimals, e.g. -2500.00.');
  expect(cellMessage(INVOICES_TABLE, 'Paid amount', 'de')).toBe(
    'Paid amount: höchstens 10 Stellen, davon 2 Nachkommastellen, z. B. -2500.00.',
  );
  expect(cellMessage(GROUP_INVOICES_TABLE, 'amount', 'it')).toContain('al massimo 10 cifre');
  expect(cellMessage(INVOICES_TABLE, 'Due date', 'en')).toBe('Due date: enter a date as YYYY-MM-DD, e.g. 2026-12-31.');
});

test('the messages naming the record: budgets keep their words, invoices have their own in every language', () => {
  const budgets = budgetWriteModel(FORECAST_BUDGETS_TABLE, { kind: 'forecast' });
  const invoices = invoiceWriteModel(INVOICES_TABLE, { kind: 'company' });
  expect(recordKey(budgets, 'push.row.unknownId')).toBe('push.row.unknownId');
  for (const language of ['de', 'en', 'it'] as const) {
    for (const key of [
      'push.status.deletedOnService',
      'push.status.deleteConflict',
      'push.status.deleteHeld',
      'push.row.duplicateId',
    ] as const) {
      const invoice = translate(language, recordKey(invoices, key), { id: 7, row: 3, columns: 'Notes' });
      expect(invoice).not.toBe(translate(language, key, { id: 7, row: 3, columns: 'Notes' }));
      expect(invoice).not.toMatch(/budget/i);
      // A status cell saying so is a waiting one (the Changes check clears it once nothing is pending).
      if (key !== 'push.row.duplicateId') expect(isWaitingStatus(invoice)).toBe(true);
    }
  }
  expect(translate('en', recordKey(invoices, 'push.status.deleteHeld'), { row: 3 })).toBe(
    'Not deleted: the Id cell of row 3 of the table holds no id, so it cannot be told which invoices were removed. Fix or clear that Id cell, then send again.',
  );
});
