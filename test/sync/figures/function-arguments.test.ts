/** The arguments of PLANNED, BALANCE, DUE and the tables as users type them: open ranges, horizons, invoice types and statuses, scenarios. */

import type { Plan } from '../../../src/api';
import {
  parseHorizon,
  parseInvoiceStatus,
  parseInvoiceType,
  parseOpenRange,
  parseOptionalInvoiceType,
  parseScenario,
} from '../../../src/sync/figures';
import { error, value } from './checked';

const plan = (id: number, name: string, type: string): Plan => ({
  id,
  name,
  type,
  author: { id: 'u', username: 'u', full_name: '' },
  date_created: '2025-01-01T00:00:00Z',
  date_updated: '2025-01-01T00:00:00Z',
  first_year: 2025,
  last_year: 2027,
  is_active: true,
  is_committed: false,
  update_status: 'READY',
  use_transactions: true,
  use_invoices: true,
  update_forecast: true,
  parent: null,
  comment_count: 0,
});
const PLANS = [
  plan(1, 'Forecast', 'FORECAST'),
  plan(2, 'Best Case', 'SCENARIO'),
  plan(3, 'Budget 2026', 'REGULAR'),
  plan(4, '2027', 'SCENARIO'),
];

test('an open range: either end may be left out; both given, from ≤ to', () => {
  expect(value(parseOpenRange(null, undefined, 'en'))).toEqual({ from: undefined, to: undefined });
  expect(value(parseOpenRange(45292, '', 'en'))).toEqual({ from: '2024-01-01', to: undefined });
  expect(value(parseOpenRange(' ', '2024-01-31', 'en'))).toEqual({ from: undefined, to: '2024-01-31' });
  expect(error(parseOpenRange('2024-02-01', '2024-01-31', 'en')).argument).toBe('to');
  expect(error(parseOpenRange('soon', null, 'en')).argument).toBe('from');
});

test('a horizon in any case; left out, today; anything else lists the horizons', () => {
  expect(value(parseHorizon(undefined, 'en'))).toBe('today');
  expect(value(parseHorizon(' IN_3_MONTHS ', 'en'))).toBe('in_3_months');
  expect(error(parseHorizon('next month', 'en')).message).toContain(
    'today, current_month_end, next_month_end, in_3_months, fiscal_year_end',
  );
  expect(error(parseHorizon(true, 'de')).argument).toBe('horizon');
});

test("invoice types: the spec's codes, the filter's words and friendly words in three languages; statuses by code or label", () => {
  for (const word of ['RE', 'receivable', 'Receivables', 'Forderung', 'FORDERUNGEN', 'credito', 'crediti'])
    expect(value(parseInvoiceType(word, 'en'))).toBe('receivable');
  for (const word of ['pa', 'payable', 'payables', 'Verbindlichkeit', 'verbindlichkeiten', 'debito', 'Debiti'])
    expect(value(parseInvoiceType(word, 'en'))).toBe('payable');
  expect(error(parseInvoiceType(1, 'en')).argument).toBe('type');
  expect(value(parseOptionalInvoiceType(null, 'en'))).toBeUndefined();
  expect(value(parseInvoiceStatus('dp', 'en'))).toBe('DP');
  expect(value(parseInvoiceStatus('Lead/Order', 'en'))).toBe('OR');
  expect(value(parseInvoiceStatus(' on hold ', 'en'))).toBe('HD');
  expect(value(parseInvoiceStatus('', 'en'))).toBeUndefined();
  expect(error(parseInvoiceStatus('open', 'en')).argument).toBe('status');
});

test('a scenario by id, id as text or name; the forecast by its own id or name; a regular plan is no candidate; a name of digits is a name', () => {
  expect(value(parseScenario(2, PLANS, 'en'))).toEqual({ scenario: 2 });
  expect(value(parseScenario(' 2 ', PLANS, 'en'))).toEqual({ scenario: 2 });
  expect(value(parseScenario('best case', PLANS, 'en'))).toEqual({ scenario: 2 });
  expect(value(parseScenario(1, PLANS, 'en'))).toBe('forecast');
  expect(value(parseScenario('FORECAST', PLANS, 'en'))).toBe('forecast');
  expect(value(parseScenario('2027', PLANS, 'en'))).toEqual({ scenario: 4 });
  expect(value(parseScenario(null, PLANS, 'en'))).toBe('forecast');
  const regular = error(parseScenario('Budget 2026', PLANS, 'en'));
  expect(regular.argument).toBe('scenario');
  expect(regular.message).toContain('Forecast (1); Best Case (2); 2027 (4)');
  expect(error(parseScenario(3, PLANS, 'en')).kind).toBe('badArgument');
});
