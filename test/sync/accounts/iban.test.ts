import { ibanProblem, normalizeIban, printIban } from '../../../src/sync/accounts';

describe('IBAN', () => {
  it.each([
    'DE89 3704 0044 0532 0130 00',
    'de89370400440532013000',
    'GB82 WEST 1234 5698 7654 32',
    'IT60X0542811101000000123456',
    'CH93 0076 2011 6238 5295 7',
    'NO93 8601 1117 947',
  ])('accepts %s', (iban) => {
    expect(ibanProblem(iban)).toBeUndefined();
  });

  it('tells a mistyped character (check digits), a wrong length for the country and a wrong shape apart', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 01')).toBe('checksum');
    expect(ibanProblem('DE98 3704 0044 0532 0130 00')).toBe('checksum');
    expect(ibanProblem('DE89 3704 0044 0532 0130 0')).toBe('length');
    expect(ibanProblem('IT60X054281110100000012345')).toBe('length');
    expect(ibanProblem('3704 0044 0532 0130 00')).toBe('format');
    expect(ibanProblem('DE89 3704 0044 0532 0130 0€')).toBe('format');
    expect(ibanProblem('')).toBe('format');
  });

  it('compares and prints in one form: no spaces, capitals; groups of four to show', () => {
    expect(normalizeIban(' de89 3704\u00a00044-0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(printIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
