/**
 * IBANs as ISO 13616 writes them: two letters of the country, two check digits, then the country's account number
 * (BBAN) of a fixed length, letters and digits. Typed with spaces or in lower case, an IBAN is the same one: it is
 * compared and sent in its electronic form (no spaces, capitals), shown in groups of four.
 */

/** The IBAN length of each country in SWIFT's IBAN registry (countries not listed: 15 to 34 characters). */
const LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TN: 24,
  TR: 26,
  UA: 29,
  VG: 24,
  XK: 20,
};

/** What is wrong with a typed IBAN: its shape, its length for the country, or its check digits. */
export type IbanProblem = 'format' | 'length' | 'checksum';

/** The electronic form: spaces (also no-break ones) and hyphens left out, capitals. */
export function normalizeIban(text: string): string {
  return text.replace(/[\s\u00a0\u202f-]+/g, '').toUpperCase();
}

/** The IBAN in groups of four, as printed on statements (`DE89 3704 0044 0532 0130 00`). */
export function printIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The problem of a typed IBAN, or undefined when it is one (its check digits give 1 modulo 97). */
export function ibanProblem(text: string): IbanProblem | undefined {
  const iban = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'format';
  const expected = LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return 'length';
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1 ? undefined : 'checksum';
}

/** The expected length for the IBAN's country, when the registry lists it (for the message). */
export function ibanLength(text: string): number | undefined {
  return LENGTHS[normalizeIban(text).slice(0, 2)];
}

/** ISO 7064 MOD 97-10 over letters as numbers (A = 10 … Z = 35), digit by digit (no big integers). */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : char.charCodeAt(0) - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}
