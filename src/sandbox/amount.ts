/**
 * Decimal parsing as Django REST framework's DecimalField does it: JSON numbers and numeric strings are
 * accepted, then digits and decimal places are counted on the text (so "1.500" has three decimal places).
 */
import type { MessageKey } from './messages';

export interface DecimalRule {
  maxDigits: number;
  decimalPlaces: number;
}

export type DecimalResult = { ok: true; value: number } | { ok: false; key: MessageKey; params: Record<string, number> };

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Text of a number as Python's str(float) would give for ordinary magnitudes. */
function numberText(value: number): string {
  return String(value);
}

export function parseDecimal(input: unknown, rule: DecimalRule): DecimalResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, key: 'invalidNumber', params: {} };
    text = numberText(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, key: 'invalidNumber', params: {} };
  }
  if (!DECIMAL.test(text)) return { ok: false, key: 'invalidNumber', params: {} };
  const [mantissa = '', exponentText] = text.toLowerCase().replace(/^[+-]/, '').split('e');
  const exponentShift = exponentText === undefined ? 0 : Number(exponentText);
  const [wholePart = '', fractionPart = ''] = mantissa.split('.');
  let digits = (wholePart + fractionPart).replace(/^0+/, '');
  const exponent = exponentShift - fractionPart.length;
  if (digits === '') {
    digits = '0';
  }
  // Mirrors DecimalField.validate_precision.
  let wholeDigits: number;
  let decimals: number;
  let totalDigits: number;
  if (exponent >= 0) {
    totalDigits = digits.length + exponent;
    wholeDigits = totalDigits;
    decimals = 0;
  } else if (-exponent > digits.length) {
    totalDigits = -exponent;
    decimals = -exponent;
    wholeDigits = 0;
  } else {
    totalDigits = digits.length;
    decimals = -exponent;
    wholeDigits = totalDigits - decimals;
  }
  if (totalDigits > rule.maxDigits) return { ok: false, key: 'maxDigits', params: { max_digits: rule.maxDigits } };
  if (decimals > rule.decimalPlaces) {
    return { ok: false, key: 'maxDecimalPlaces', params: { max_decimal_places: rule.decimalPlaces } };
  }
  if (wholeDigits > rule.maxDigits - rule.decimalPlaces) {
    return { ok: false, key: 'maxWholeDigits', params: { max_whole_digits: rule.maxDigits - rule.decimalPlaces } };
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, key: 'invalidNumber', params: {} };
  return { ok: true, value };
}

/** Whole cents of a parsed two-decimal amount. */
export function toCents(value: number): number {
  return Math.round(value * 100);
}

/** JSON number of an amount in cents. */
export function fromCents(cents: number): number {
  return cents / 100;
}
