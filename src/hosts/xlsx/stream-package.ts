/**
 * The package with its big tables' bodies (`big-table.ts`) written in, streamed: the package exceljs (and the
 * add-in's parts) made without them is unpacked (it is small), and every part goes into a new zip (fflate, in Node and
 * the browser) in its order; a big table's sheet part is its text up to the end of `sheetData`, then the body's rows
 * a block at a time (`body-rows-xml.ts`), then the rest; `xl/styles.xml` gets the body's styles (`body-styles.ts`).
 * The sheet's `dimension` covers the body. The few texts that must be escaped go to the end of the shared strings
 * (`body-rows-xml.ts` says why). Memory: the compressed file and one block of rows, never the part's text.
 */

import type { Workbook } from 'exceljs';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate, type Unzipped } from 'fflate';
import { bigTables, type BigTable } from './big-tables';
import { addBodyStyles } from './body-styles';
import { bodyRowsXml, hostileTexts, sharedStringXml } from './body-rows-xml';
import { addressOf } from './exceljs-table';
import { parseXml, type XmlElement } from './xml-tree';

const STYLES_PART = 'xl/styles.xml';
const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
const ROWS_PER_BLOCK = 2_000;

export function withBigTables(bytes: Uint8Array, workbook: Workbook): Uint8Array {
  const tables = bigTables(workbook);
  if (tables.length === 0) return bytes;
  const parts = unzipSync(bytes);
  const sheetPart = sheetPartsByName(parts);
  const bySheetPart = new Map(tables.map((t) => [sheetPart.get(t.sheetName) ?? '', t] as const));
  const styles = addBodyStyles(textOf(parts, STYLES_PART), [...new Set(tables.flatMap((t) => t.body.allFormats()))]);
  const shared = sharedTexts(parts, tables);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error !== null) throw error;
    chunks.push(chunk);
  });
  for (const [name, data] of Object.entries(parts)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    const table = bySheetPart.get(name);
    if (table !== undefined) streamSheet(file, strFromU8(data), table, styles.styleOf, shared.indexOf);
    else if (name === SHARED_STRINGS_PART) file.push(shared.part(data), true);
    else file.push(name === STYLES_PART ? strToU8(styles.xml) : data, true);
  }
  zip.end();
  return concat(chunks);
}

function streamSheet(
  file: ZipDeflate,
  sheetXml: string,
  table: BigTable,
  styleOf: ReadonlyMap<string, number>,
  shared: ReadonlyMap<string, number>,
): void {
  const [head, tail] = splitAtBody(sheetXml, table);
  file.push(strToU8(head));
  for (let from = 0; from < table.body.rowCount; from += ROWS_PER_BLOCK)
    file.push(strToU8(bodyRowsXml(table, styleOf, shared, from, Math.min(table.body.rowCount, from + ROWS_PER_BLOCK))));
  file.push(strToU8(tail), true);
}

/** The sheet's text before and after where the body's rows go: the end of `sheetData`; no row of exceljs's below the header. */
function splitAtBody(sheetXml: string, table: BigTable): [string, string] {
  const xml = sheetXml.replace('<sheetData/>', '<sheetData></sheetData>');
  const end = xml.indexOf('</sheetData>');
  if (end < 0 || xml.indexOf('</sheetData>', end + 1) >= 0) throw new Error(`The sheet ${table.sheetName} has no single sheetData.`);
  const head = xml.slice(0, end);
  for (const match of head.matchAll(/<row r="(\d+)"/g))
    if (Number(match[1]) >= table.top) throw new Error(`The sheet ${table.sheetName} has cells where the body of ${table.tableName} goes.`);
  const last = addressOf(table.top + table.body.rowCount - 1, table.left + table.body.width - 1);
  const dimensioned = head.replace(
    /<dimension ref="([A-Z]+\d+)(?::[A-Z]+\d+)?"\/>/,
    (_whole, first: string) => `<dimension ref="${first}:${last}"/>`,
  );
  return [dimensioned, xml.slice(end)];
}

interface SharedTexts {
  indexOf: ReadonlyMap<string, number>;
  /** exceljs's shared strings part with the hostile texts after its own. */
  part(data: Uint8Array): Uint8Array;
}

/** The body texts that must be escaped as shared strings after exceljs's (its `uniqueCount` of them). */
function sharedTexts(parts: Unzipped, tables: readonly BigTable[]): SharedTexts {
  const texts = [...new Set(tables.flatMap(hostileTexts))];
  if (texts.length === 0) return { indexOf: new Map(), part: (data) => data };
  const xml = textOf(parts, SHARED_STRINGS_PART);
  const open = /<sst\b[^>]*>/.exec(xml);
  const unique = Number(/\buniqueCount="(\d+)"/.exec(open?.[0] ?? '')?.[1] ?? Number.NaN);
  const end = xml.lastIndexOf('</sst>');
  if (open === null || !Number.isInteger(unique) || end < 0) throw new Error(`${SHARED_STRINGS_PART} has no sst with a uniqueCount.`);
  const indexOf = new Map(texts.map((text, i) => [text, unique + i] as const));
  // count (every use) is optional and only a hint: the new items are counted once each.
  const opening = open[0].replace(
    /\b(uniqueCount|count)="(\d+)"/g,
    (_w, name: string, n: string) => `${name}="${Number(n) + texts.length}"`,
  );
  const text = `${xml.slice(0, open.index)}${opening}${xml.slice(open.index + open[0].length, end)}${texts.map(sharedStringXml).join('')}${xml.slice(end)}`;
  return { indexOf, part: () => strToU8(text) };
}

/** Sheet name → its part (`xl/worksheets/sheet1.xml`), from the workbook part and its relationships. */
function sheetPartsByName(parts: Unzipped): Map<string, string> {
  const targets = new Map(
    elements(parseXml(textOf(parts, 'xl/_rels/workbook.xml.rels'))).map((r) => [r.attributes.Id ?? '', r.attributes.Target ?? ''] as const),
  );
  const sheets = elements(parseXml(textOf(parts, 'xl/workbook.xml'))).find((e) => localName(e) === 'sheets');
  return new Map(
    elements(sheets).map((sheet) => {
      const target = targets.get(sheet.attributes['r:id'] ?? '') ?? '';
      return [sheet.attributes.name ?? '', target.startsWith('/') ? target.slice(1) : `xl/${target}`] as const;
    }),
  );
}

function elements(parent: XmlElement | undefined): XmlElement[] {
  return (parent?.children ?? []).filter((c): c is XmlElement => typeof c !== 'string');
}

function localName(element: XmlElement): string {
  return element.name.slice(element.name.indexOf(':') + 1);
}

function textOf(parts: Unzipped, name: string): string {
  const data = parts[name];
  if (data === undefined) throw new Error(`The package has no ${name}.`);
  return strFromU8(data);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
