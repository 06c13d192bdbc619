/**
 * A big table's body as the sheet part's `<row>` elements (`big-table.ts`), made a block of rows at a time so the
 * part is never one string: each cell with its address and style (`body-styles.ts`); a number as `<v>`, a boolean
 * as `t="b"`, a text inline (`t="inlineStr"`, escaped for XML), never a formula whatever it looks like; a blank cell
 * keeps its format only, as exceljs writes it. A text the file format must escape (`cell-text-escape.ts`: a carriage
 * return, a control character, half an emoji, a literal `_xHHHH_`) is a shared string instead (`hostileTexts`,
 * appended to exceljs's shared strings by `stream-package.ts`): exceljs, which opens the file again, undoes the
 * escapes in shared strings only, as Excel does in both.
 */

import type { CellValue } from '../../sync/cell-values';
import type { BigTable } from './big-tables';
import { escapeCellText } from './cell-text-escape';
import { addressOf } from './exceljs-table';

const XML_TEXT = /[&<>]/g;
const XML_ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function xmlText(text: string): string {
  return text.replace(XML_TEXT, (ch) => XML_ENTITY[ch] ?? ch);
}

/** The body's texts that need the file format's escapes, each once, in order of first use. */
export function hostileTexts(table: BigTable): string[] {
  const found = new Set<string>();
  const { body } = table;
  for (let c = 0; c < body.width; c += 1)
    for (let r = 0; r < body.rowCount; r += 1) {
      const value = body.value(r, c);
      if (typeof value === 'string' && escapeCellText(value) !== value) found.add(value);
    }
  return [...found];
}

/** A shared string item (`<si>`) for a text. */
export function sharedStringXml(text: string): string {
  return `<si><t xml:space="preserve">${xmlText(escapeCellText(text))}</t></si>`;
}

function cellXml(ref: string, style: number, value: CellValue, shared: ReadonlyMap<string, number>): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  if (value === '') return style === 0 ? '' : `<c r="${ref}"${s}/>`;
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${String(value)}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const index = shared.get(value);
  if (index !== undefined) return `<c r="${ref}"${s} t="s"><v>${index}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

/** The `s` index of a cell by its format and column (0-based in the block). */
export type StyleOf = (format: string, column: number) => number;

/** The rows `from` to `to` (0-based, end excluded) of the table's body as XML text; `shared`: hostile texts' indexes. */
export function bodyRowsXml(table: BigTable, styleOf: StyleOf, shared: ReadonlyMap<string, number>, from: number, to: number): string {
  const { body, top, left } = table;
  const letters = Array.from({ length: body.width }, (_, c) => addressOf(1, left + c).slice(0, -1));
  const parts: string[] = [];
  for (let r = from; r < to; r += 1) {
    const sheetRow = top + r;
    parts.push(`<row r="${sheetRow}">`);
    for (let c = 0; c < body.width; c += 1)
      parts.push(cellXml(`${letters[c] ?? ''}${sheetRow}`, styleOf(body.format(r, c), c), body.value(r, c), shared));
    parts.push('</row>');
  }
  return parts.join('');
}
