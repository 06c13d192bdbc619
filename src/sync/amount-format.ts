/**
 * The number format of an amount in a currency: `#,##0.00 [$EUR]`, Excel's currency literal `[$…]` holding the ISO
 * code, so the cell stays a number and shows "1,234.50 EUR" (German Excel: "1.234,50 EUR"). Pure: the Excel host
 * writes what this says, the refresh recognises what it wrote.
 *
 * The code comes from the service and is untrusted: only three capital letters (`/^[A-Z]{3}$/`) become part of a
 * format; anything else (`EUR";@`, `=1+1`, `eur`, ``) gives the plain amount format, never a format built from it.
 */

/** The amount format without a currency. */
export const AMOUNT_FORMAT = '#,##0.00';

const CURRENCY_CODE = /^[A-Z]{3}$/;
/** Every format `amountFormat` makes (the plain one included). */
const AMOUNT_FORMATS = /^#,##0\.00(?: \[\$[A-Z]{3}\])?$/;

/** True for an ISO 4217-shaped code: three capital letters. */
export function isCurrencyCode(code: unknown): code is string {
  return typeof code === 'string' && CURRENCY_CODE.test(code);
}

/** `EUR` → `#,##0.00 [$EUR]`; anything that is not three capital letters → `#,##0.00`. */
export function amountFormat(code: string | null | undefined): string {
  return isCurrencyCode(code) ? `${AMOUNT_FORMAT} [$${code}]` : AMOUNT_FORMAT;
}

/** True for a format `amountFormat` makes: the add-in's, which a refresh replaces (a format the user chose is kept). */
export function isAmountFormat(format: string | null | undefined): boolean {
  return typeof format === 'string' && AMOUNT_FORMATS.test(format);
}
