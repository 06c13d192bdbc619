/**
 * How many UTF-8 bytes `JSON.stringify` gives a value, without building the text: what a sync's request weighs
 * against Excel on the web's 5 MB cap. The Excel host sizes its write blocks with it; the Excel simulation, which
 * judges those blocks, measures each sync on its own (the request's JSON text, src/preview/excel-sim/batch/payload.ts),
 * so an error here shows as a refused sync rather than passing both sides. The very hidden sheets' headers note
 * their blocks' sizes in it, whichever host writes them.
 */

import type { CellValue } from './cell-values';

/** Characters JSON.stringify writes as themselves, one byte each: printable ASCII except `"` and `\\`. */
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** UTF-8 length of `JSON.stringify(text)`: quotes, escapes (lone surrogates are escaped) and multi-byte units. */
export function stringJsonBytes(text: string): number {
  if (PLAIN_JSON_TEXT.test(text)) return text.length + 2;
  let bytes = 2;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20) bytes += code === 0x0a || code === 0x0d || code === 0x09 || code === 0x08 || code === 0x0c ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff)
      bytes += 6; // a lone surrogate is escaped
    else bytes += 3;
  }
  return bytes;
}

/** Decimal digits of a whole number in [0, 1e15). */
function digitsOf(n: number): number {
  if (n < 1e5) return n < 10 ? 1 : n < 100 ? 2 : n < 1e3 ? 3 : n < 1e4 ? 4 : 5;
  if (n < 1e10) return n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : n < 1e9 ? 9 : 10;
  return n < 1e11 ? 11 : n < 1e12 ? 12 : n < 1e13 ? 13 : n < 1e14 ? 14 : 15;
}

/**
 * Length of `JSON.stringify(value)` (ASCII). Ids, serial dates and amounts in whole cents are counted without
 * building their text: a double that is the nearest one to a decimal of at most 15 significant digits prints as
 * that decimal (shortest round trip), here `whole.ff` without trailing zeros.
 */
export function numberJsonBytes(value: number): number {
  if (!Number.isFinite(value)) return 4; // null
  const sign = value < 0 ? 1 : 0;
  const magnitude = sign === 1 ? -value : value;
  if (magnitude < 1e13) {
    const cents = Math.round(magnitude * 100);
    if (cents / 100 === magnitude) {
      const whole = Math.floor(magnitude);
      const fraction = cents - whole * 100;
      return sign + digitsOf(whole) + (fraction === 0 ? 0 : fraction % 10 === 0 ? 2 : 3);
    }
  } else if (magnitude < 1e15 && Number.isInteger(magnitude)) return sign + digitsOf(magnitude);
  return String(value).length;
}

/** `JSON.stringify` length of a cell's value. */
export function cellJsonBytes(value: CellValue): number {
  if (typeof value === 'number') return numberJsonBytes(value);
  if (typeof value === 'boolean') return value ? 4 : 5;
  return stringJsonBytes(value);
}

/** JSON bytes of one row inside a 2-D array: `[a,b,c],`. */
export function rowJsonBytes(values: readonly CellValue[]): number {
  let bytes = 2; // brackets; each cell adds a comma (the last one the comma between rows)
  for (const v of values) bytes += cellJsonBytes(v) + 1;
  return bytes;
}
