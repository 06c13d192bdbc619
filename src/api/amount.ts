/**
 * Amount serialisation in integer arithmetic (BigInt), never through float formatting:
 * numbers or numeric strings in, decimal strings with a fixed number of decimals out
 * (`-1234.5` -> `"-1234.50"`, `0.1 + 0.2` -> `"0.30"`). Extra decimals are rounded half away from zero.
 */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { InvalidRequestError } from './errors';

export type AmountInput = number | string;

export interface AmountFormat {
  /** Decimals in the output (2 for amounts, 4 for budget `rate`). */
  decimals: number;
  /** Most digits allowed in total, decimals included (invoice 10, budget 12); undefined = no limit. */
  maxDigits?: number | undefined;
  /** Field name for error messages. */
  field?: string | undefined;
  language?: Language | undefined;
}

/** Invoice `amount` / `paid_amount`: at most 10 digits, 2 decimals. */
export const INVOICE_AMOUNT: AmountFormat = { decimals: 2, maxDigits: 10 };
/** Budget `amount`: at most 12 digits, 2 decimals. */
export const BUDGET_AMOUNT: AmountFormat = { decimals: 2, maxDigits: 12 };
/** Budget `rate`: 4 decimals. */
export const BUDGET_RATE: AmountFormat = { decimals: 4 };
/** Amounts without a documented digit limit (transactions, balances, filters). */
export const PLAIN_AMOUNT: AmountFormat = { decimals: 2 };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function invalid(value: AmountInput, format: AmountFormat): InvalidRequestError {
  return new InvalidRequestError({
    message: translate(format.language ?? 'en', 'api.error.amountInvalid', { field: format.field ?? 'amount', value: String(value) }),
  });
}

/** The value scaled by 10^decimals and rounded half away from zero, as a BigInt. */
function toScaledInteger(value: AmountInput, format: AmountFormat): bigint {
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalid(value, format);
  if (typeof value !== 'number' && typeof value !== 'string') throw invalid(String(value), format);
  // String(number) gives the shortest text that round-trips, e.g. "0.30000000000000004" or "1e-7".
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw invalid(value, format);
  const [, sign = '', intPart = '', fracPart = '', expPart] = match;
  if (intPart === '' && fracPart === '') throw invalid(value, format);
  const exponent = expPart === undefined ? 0 : Number(expPart);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) throw invalid(value, format);
  const mantissa = BigInt(`${intPart}${fracPart}` || '0');
  const shift = exponent - fracPart.length + format.decimals;
  let scaled: bigint;
  if (shift >= 0) {
    scaled = mantissa * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    scaled = mantissa / divisor;
    if ((mantissa % divisor) * 2n >= divisor) scaled += 1n;
  }
  return sign === '-' ? -scaled : scaled;
}

/** Formats a scaled integer (e.g. cents) as a decimal string with `decimals` places. */
export function formatScaled(scaled: bigint, decimals: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const intPart = digits.slice(0, digits.length - decimals);
  const fracPart = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${intPart}${decimals > 0 ? `.${fracPart}` : ''}`;
}

/** Numbers or numeric strings in, a string with exactly `format.decimals` decimals out; throws before sending. */
export function formatAmount(value: AmountInput, format: AmountFormat = PLAIN_AMOUNT): string {
  const scaled = toScaledInteger(value, format);
  const abs = scaled < 0n ? -scaled : scaled;
  if (format.maxDigits !== undefined && abs.toString().length > format.maxDigits) {
    throw new InvalidRequestError({
      message: translate(format.language ?? 'en', 'api.error.amountTooLarge', {
        field: format.field ?? 'amount',
        value: String(value),
        maxDigits: format.maxDigits,
        decimals: format.decimals,
      }),
    });
  }
  // -0.001 rounds to zero: never send "-0.00".
  return formatScaled(scaled, format.decimals);
}

/** A response amount (a JSON number with at most two decimals) in integer cents, exactly. */
export function toCents(value: number): number {
  if (Math.abs(value) < 1e13) {
    // Fast path, same result: a number whose shortest text has at most two decimals is the double nearest to
    // cents / 100, so that quotient gives it back exactly.
    const cents = Math.round(value * 100);
    if (cents / 100 === value) return cents + 0;
  }
  return Number(toScaledInteger(value, PLAIN_AMOUNT));
}
