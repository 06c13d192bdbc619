import { accountCurrencies, inferCompanyCurrency } from '../../src/sync/company-currency';

describe("the company's currency from its accounts", () => {
  it('is the currency most accounts have', () => {
    expect(inferCompanyCurrency([{ currency: 'EUR' }, { currency: 'CHF' }, { currency: 'EUR' }])).toBe('EUR');
    expect(inferCompanyCurrency([{ currency: 'USD' }, { currency: 'CHF' }, { currency: 'USD' }, { currency: 'EUR' }])).toBe('USD');
  });

  it('on a tie, the first in alphabetical order, whatever the order of the accounts', () => {
    expect(inferCompanyCurrency([{ currency: 'EUR' }, { currency: 'CHF' }])).toBe('CHF');
    expect(inferCompanyCurrency([{ currency: 'USD' }, { currency: 'EUR' }, { currency: 'EUR' }, { currency: 'USD' }])).toBe('EUR');
  });

  it('is unknown without accounts; codes that are not three capital letters do not count', () => {
    expect(inferCompanyCurrency([])).toBeUndefined();
    expect(inferCompanyCurrency([{ currency: '=1+1' }, { currency: 'eur' }, { currency: null }, {}])).toBeUndefined();
    expect(inferCompanyCurrency([{ currency: 'x";@' }, { currency: 'x";@' }, { currency: 'CHF' }])).toBe('CHF');
    expect(accountCurrencies([{ currency: 'EUR' }, { currency: 'CHF' }, { currency: 'EUR' }, { currency: 'bad' }])).toEqual(['CHF', 'EUR']);
  });
});
