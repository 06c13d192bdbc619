/**
 * JSZip (3.10) encodes a part given as a string block by block, 16,384 UTF-16 units at a time, each block on its own:
 * a character outside the Basic Multilingual Plane (an emoji, a rare CJK ideograph: a surrogate pair) that straddles
 * a block boundary comes out as two U+FFFD (Stuk/jszip#963, open). exceljs hands JSZip its parts as strings in Node
 * (in a browser it encodes them with TextEncoder first), so a file the workbook command wrote lost an emoji at every
 * 16,384th character of its shared strings. The way round is the one the docx library took (dolanmiu/docx#3329):
 * JSZip gets bytes. `encodeStringParts()` makes `JSZip#file(name, text)` encode a string with TextEncoder before JSZip
 * sees it, for every caller (exceljs included), once per JSZip; data given as bytes, binary or base64 is untouched.
 */

import JSZip from 'jszip';

type FileMethod = (this: JSZip, ...args: unknown[]) => unknown;

const ENCODES = Symbol.for('cashflow.jszip.encodesStringParts');

export function encodeStringParts(): void {
  const proto = JSZip.prototype as unknown as Record<PropertyKey, unknown> & { file: FileMethod };
  if (proto[ENCODES] === true) return;
  const original = proto.file;
  const encoder = new TextEncoder();
  proto.file = function file(this: JSZip, ...args: unknown[]): unknown {
    const [name, data, options] = args;
    const asIs = (options as { binary?: boolean; base64?: boolean } | undefined) ?? {};
    if (args.length < 2 || typeof data !== 'string' || asIs.binary === true || asIs.base64 === true) return original.apply(this, args);
    return original.call(this, name, encoder.encode(data), options);
  };
  proto[ENCODES] = true;
}
