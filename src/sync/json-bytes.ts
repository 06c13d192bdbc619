/**
 * How many UTF-8 bytes `JSON.stringify` gives a value, without building the text: what a sync's request weighs
 * against Excel on the web's 5 MB cap. The Excel host sizes its write blocks with it, and the Excel simulation
 * measures each sync with it, so both count alike.
 */

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
    } else if (code >= 0xd800 && code <= 0xdfff) bytes += 6; // a lone surrogate is escaped
    else bytes += 3;
  }
  return bytes;
}

export function numberJsonBytes(value: number): number {
  if (!Number.isFinite(value)) return 4; // null
  // Small non-negative integers (ids, serial dates) without allocating their text.
  if (Number.isInteger(value) && value >= 0 && value < 1e15) {
    let digits = 1;
    for (let limit = 10; limit <= value; limit *= 10) digits += 1; // powers of ten below 1e16 are exact doubles
    return digits;
  }
  return String(value).length;
}
