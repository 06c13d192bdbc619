import { AMOUNT_FORMAT, amountFormat, isAmountFormat, isCurrencyCode } from '../../src/sync/amount-format';
import { numberFormatFor } from '../../src/sync/cell-values';

describe('the number format of an amount in a currency (#26)', () => {
  it("puts the ISO code into Excel's currency literal, so the cell stays a number", () => {
    expect(amountFormat('EUR')).toBe('#,##0.00 [$EUR]');
    expect(amountFormat('CHF')).toBe('#,##0.00 [$CHF]');
    expect(amountFormat(undefined)).toBe(AMOUNT_FORMAT);
    expect(amountFormat(null)).toBe('#,##0.00');
  });

  it('gives the plain amount format for anything from the service that is not three capital letters', () => {
    for (const hostile of ['EUR";@', '=1+1', 'eur', '', 'EURO', 'EU', ' EUR', 'EUR ', 'E$R', 'EU]', '€', 'ÄÖÜ', 'EUR]"@;[$X']) {
      expect([hostile, amountFormat(hostile)]).toEqual([hostile, AMOUNT_FORMAT]);
      expect(isCurrencyCode(hostile)).toBe(false);
    }
  });

  it("knows the formats it makes (a refresh replaces those, and keeps the user's)", () => {
    expect(isAmountFormat('#,##0.00')).toBe(true);
    expect(isAmountFormat('#,##0.00 [$CHF]')).toBe(true);
    for (const chosen of ['#,##0', '#,##0.00 "EUR"', '[$€-407] #,##0.00', '0.00', 'General', '', undefined])
      expect(isAmountFormat(chosen)).toBe(false);
  });

  it("an amount column in one currency has that currency's format; a text column stays text", () => {
    expect(numberFormatFor({ type: 'amount', currency: { code: 'EUR' } })).toBe('#,##0.00 [$EUR]');
    expect(numberFormatFor({ type: 'amount', currency: { code: 'EUR";@' } })).toBe('#,##0.00');
    expect(numberFormatFor({ type: 'amount', currency: { code: 'EUR' }, numberFormat: '0.00' })).toBe('0.00');
    expect(numberFormatFor({ type: 'amount' })).toBe('#,##0.00');
  });
});
