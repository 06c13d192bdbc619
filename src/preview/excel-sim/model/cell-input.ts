/**
 * What Excel makes of a value written through `Range.values` / `Range.formulas` (the rules of typing into a
 * cell). Decided against the cell's number format *at the moment the write is applied*, so a text format
 * (`@`) protects only values written after it.
 *
 * - Text-formatted cell: every string is kept as a String, exactly (a leading apostrophe included).
 * - Otherwise a string is read like typed input:
 *   - `''` clears the content (the cell reads back `''` / `Empty`);
 *   - a leading apostrophe marks text: the value is the rest, without the apostrophe;
 *   - `=...` is a formula; `+...`/`-...` is a number if it is one (`-1500`), else a formula (`=` + text);
 *   - `@name(...)` is taken as a Lotus-style formula (assumption: the UI converts it, we assume the API does too);
 *   - error literals (`#N/A`) become error values, `TRUE`/`FALSE` Booleans;
 *   - numbers (`0012345`, `1E5`, `1,000.50`, `(123)`, `50%`, `$5`), US dates (`3/4`, `1-2`, `2024-01-05`) and
 *     times become Doubles; a `General` cell then gets the format Excel would apply (`0%`, `m/d/yyyy`, ...);
 *   - anything else is a String.
 * - JS numbers and booleans are stored as such whatever the format (assumption, see the README of the sim).
 * - `null` leaves the cell unchanged (Office.js: null entries of the 2-D array are skipped).
 */

import { ERROR_VALUES, MAX_CELL_CHARACTERS, TEXT_FORMAT, isTextFormat, type Content } from './cell';
import { invalidArgument } from '../batch/errors';
import { parseDateText, parseNumberText, parseTimeText } from './number-text';

export interface WriteResult {
  content: Content | null;
  /** Format to apply when the cell is `General` (Excel's automatic number format). */
  autoFormat?: string;
}

/** Formulas whose result Excel formats as a date when the cell is General (assumption: only these two). */
const DATE_FORMULA = /^=\s*(?:_xlfn\.)?(?:DATE|TODAY)\(/i;

const LOTUS_FORMULA = /^@[A-Za-z_][A-Za-z0-9_.]*\(/;

export function readTypedText(text: string, format: string, currentYear: number): WriteResult {
  if (text.length > MAX_CELL_CHARACTERS) throw invalidArgument();
  if (text === '') return { content: null };
  if (isTextFormat(format)) return { content: { kind: 'String', value: text, quotePrefix: false } };
  const first = text[0];
  if (first === "'") return { content: { kind: 'String', value: text.slice(1), quotePrefix: true } };
  if (first === '=' && text.length > 1) {
    const content: Content = { kind: 'Formula', formula: text };
    return DATE_FORMULA.test(text) ? { content, autoFormat: 'm/d/yyyy' } : { content };
  }
  if ((first === '+' || first === '-') && text.length > 1) {
    const n = parseNumberText(text);
    if (n) return numberResult(n.value, n.format);
    return { content: { kind: 'Formula', formula: `=${text}` } };
  }
  if (LOTUS_FORMULA.test(text)) return { content: { kind: 'Formula', formula: `=${text.slice(1)}` } };
  const upper = text.trim().toUpperCase();
  if ((ERROR_VALUES as readonly string[]).includes(upper)) return { content: { kind: 'Error', value: upper } };
  if (upper === 'TRUE' || upper === 'FALSE') return { content: { kind: 'Boolean', value: upper === 'TRUE' } };
  const parsed = parseDateText(text, currentYear) ?? parseTimeText(text) ?? parseNumberText(text);
  if (parsed) return numberResult(parsed.value, parsed.format);
  return { content: { kind: 'String', value: text, quotePrefix: false } };
}

function numberResult(value: number, autoFormat: string | undefined): WriteResult {
  const content: Content = { kind: 'Double', value };
  return autoFormat === undefined ? { content } : { content, autoFormat };
}

const TEXT = TEXT_FORMAT;

/**
 * The content of the most common entries, decided without the typing rules because none applies: a finite
 * number, a boolean, a non-empty string of at most 32,767 characters written into a text-formatted cell.
 * `undefined` for anything else (use contentFromValue). Same result as contentFromValue for those entries.
 */
export function plainContent(input: unknown, format: string): Content | undefined {
  if (!isPlain(input, format)) return undefined;
  if (typeof input === 'number') return { kind: 'Double', value: input };
  if (typeof input === 'boolean') return { kind: 'Boolean', value: input };
  return { kind: 'String', value: input, quotePrefix: false };
}

/** Whether plainContent decides the entry (the entries no typing rule applies to). */
export function isPlain(input: unknown, format: string): input is number | boolean | string {
  if (typeof input === 'number') return Number.isFinite(input);
  if (typeof input === 'boolean') return true;
  return typeof input === 'string' && format === TEXT && input !== '' && input.length <= MAX_CELL_CHARACTERS;
}

/** One entry written through `Range.values`. `undefined` means: leave the cell as it is. */
export function contentFromValue(input: unknown, format: string, currentYear: number): WriteResult | undefined {
  if (input === null || input === undefined) return undefined;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw invalidArgument();
    return { content: { kind: 'Double', value: input } };
  }
  if (typeof input === 'boolean') return { content: { kind: 'Boolean', value: input } };
  if (typeof input === 'string') return readTypedText(input, format, currentYear);
  throw invalidArgument();
}

/** One entry written through `Range.formulas`: the same rules as typing, `=` always starting a formula. */
export function contentFromFormula(input: unknown, format: string, currentYear: number): WriteResult | undefined {
  return contentFromValue(input, format, currentYear);
}
