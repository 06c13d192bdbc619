import { parseDecimal } from '../../../src/sandbox/amount';

const MONEY = { maxDigits: 10, decimalPlaces: 2 };

describe('parseDecimal (DRF DecimalField rules)', () => {
  it.each([
    [12.5, 12.5],
    ['12.50', 12.5],
    [' -1500 ', -1500],
    ['0.05', 0.05],
    [0, 0],
    ['99999999.99', 99999999.99],
  ])('accepts %p', (input, expected) => {
    expect(parseDecimal(input, MONEY)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['1.234', 'maxDecimalPlaces'],
    ['1.500', 'maxDecimalPlaces'],
    [0.1 + 0.2, 'maxDigits'],
    ['123456789.1', 'maxWholeDigits'],
    ['12345678901', 'maxDigits'],
    ['abc', 'invalidNumber'],
    ['', 'invalidNumber'],
    ['1,5', 'invalidNumber'],
    [true, 'invalidNumber'],
    [null, 'invalidNumber'],
    [Number.NaN, 'invalidNumber'],
  ])('rejects %p with %s', (input, key) => {
    const result = parseDecimal(input, MONEY);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.key).toBe(key);
  });

  it('honours other rules (budget rate: 4 decimals)', () => {
    expect(parseDecimal('0.1234', { maxDigits: 10, decimalPlaces: 4 })).toEqual({ ok: true, value: 0.1234 });
    expect(parseDecimal('0.12345', { maxDigits: 10, decimalPlaces: 4 }).ok).toBe(false);
  });
});
