import { BUDGET_AMOUNT, BUDGET_RATE, formatAmount, INVOICE_AMOUNT, InvalidRequestError, toCents } from '../../src/api';

describe('amount formatting', () => {
  test.each([
    [-1234.5, '-1234.50'],
    [0.1 + 0.2, '0.30'],
    [1.005, '1.01'],
    [-0.001, '0.00'],
    [0, '0.00'],
    [1e-7, '0.00'],
    [12, '12.00'],
    ['7', '7.00'],
    [' -3.456 ', '-3.46'],
    ['+.5', '0.50'],
    ['1e3', '1000.00'],
  ])('%p -> %p', (input, expected) => {
    expect(formatAmount(input, INVOICE_AMOUNT)).toBe(expected);
  });

  test('rate with four decimals', () => {
    expect(formatAmount(0.035, BUDGET_RATE)).toBe('0.0350');
    expect(formatAmount('1.23456', BUDGET_RATE)).toBe('1.2346');
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '', 'abc', '1,5', '1.2.3', '-'])('rejects %p', (value) => {
    expect(() => formatAmount(value, INVOICE_AMOUNT)).toThrow(InvalidRequestError);
  });

  test('digit limits: invoice 10 digits, budget 12 digits (2 decimals included)', () => {
    expect(formatAmount(99_999_999.99, INVOICE_AMOUNT)).toBe('99999999.99');
    expect(formatAmount('-99999999.99', INVOICE_AMOUNT)).toBe('-99999999.99');
    expect(() => formatAmount(100_000_000, INVOICE_AMOUNT)).toThrow(/more than 10 digits/);
    expect(formatAmount(9_999_999_999.99, BUDGET_AMOUNT)).toBe('9999999999.99');
    expect(() => formatAmount('10000000000', BUDGET_AMOUNT)).toThrow(InvalidRequestError);
    expect(() => formatAmount(99_999_999.999, INVOICE_AMOUNT)).toThrow(InvalidRequestError); // rounds to 100000000.00
  });

  test('messages are localized and name the field', () => {
    expect(() => formatAmount('x', { decimals: 2, field: 'amount', language: 'de' })).toThrow('amount: "x" ist kein gültiger Betrag.');
  });

  test('toCents is exact', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-1234567.89)).toBe(-123456789);
  });
});
