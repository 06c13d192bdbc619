/**
 * A field's value in the Changes view (#28): an invoice's amounts read as amounts (two decimals, the user's
 * language) as a budget's do, its dates in the user's language, its company and category ids as ids.
 */
import { translate, type MessageParams } from '../../src/i18n/translate';
import type { MessageKey } from '../../src/i18n/catalog';
import { changeValue } from '../../src/taskpane/ui/change-value';

const t = (key: MessageKey, params?: MessageParams) => translate('en', key, params);

test("an invoice's paid amount is an amount, its expected date a date, its company an id; a budget's amount as before", () => {
  expect(changeValue(1234.5, 'paid_amount', 'en', t)).toBe('1,234.50');
  expect(changeValue(1234.5, 'paid_amount', 'de', t)).toBe('1.234,50');
  expect(changeValue('2026-07-31', 'expected_date', 'en', t)).toBe(changeValue('2026-07-31', 'settlement_date', 'en', t));
  expect(changeValue(5102, 'company', 'en', t)).toBe('5102');
  expect(changeValue(-4000, 'amount', 'en', t)).toBe('-4,000.00');
});

test("a code reads with its word, as the cell's list shows it; a code the list lacks stays as typed", () => {
  expect(changeValue('PR', 'status', 'en', t)).toBe(`PR (${translate('en', 'code.invoiceStatus.PR')})`);
  expect(changeValue('OD', 'status', 'de', (key, params) => translate('de', key, params))).toMatch(/^OD \(.+\)$/);
  expect(changeValue('monthly', 'frequency', 'en', t)).toMatch(/^monthly \(.+\)$|^monthly$/);
  expect(changeValue('XX', 'status', 'en', t)).toBe('XX');
});
