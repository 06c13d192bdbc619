import { exampleAmount, parseLocaleDecimal } from '../../src/sync/locale-decimal';

describe('amounts as the user writes them', () => {
  it.each([
    ['de', '1.234,56', '1234.56'],
    ['de', '-1234,5', '-1234.5'],
    ['de', '\u22125.000', '-5000'],
    ['de', ' 10 000,00 ', '10000.00'],
    ['it', '1.234.567,89', '1234567.89'],
    ['en', '1,234.56', '1234.56'],
    ['en', '-0.00', '0.00'],
    ['en', '+42', '42'],
  ] as const)('%s reads %p as %p', (language, text, value) => {
    expect(parseLocaleDecimal(text, language)).toEqual({ ok: true, value });
  });

  it.each([
    ['de', '1,234.56', 'format'],
    ['de', '1.5', 'format'], // a group of one digit: neither fifteen hundred nor one and a half
    ['en', '1.234,56', 'format'],
    ['en', '12,34', 'format'],
    ['en', '1.234', 'decimals'],
    ['it', '3,141', 'decimals'],
    ['en', '1e3', 'format'],
    ['en', '', 'format'],
  ] as const)('%s refuses %p (%s)', (language, text, problem) => {
    expect(parseLocaleDecimal(text, language)).toEqual({ ok: false, problem });
  });

  it('gives an example in the language', () => {
    expect([exampleAmount('de'), exampleAmount('en'), exampleAmount('it')]).toEqual(['-1.234,56', '-1,234.56', '-1.234,56']);
  });
});
