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
import { addBodyStyles, styleKey, type BodyStyle } from './body-styles';
import { bodyRowsXml, hostileTexts, sharedStringXml, type StyleOf } from './body-rows-xml';
import { addressOf } from './exceljs-table';
import { parseXml, type XmlElement } from './xml-tree';

const STYLES_PART = 'xl/styles.xml';
const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
const ROWS_PER_BLOCK = 2_000;
/** Deflate's fastest level: the sheet of a million rows compresses 3-4 times faster than at 6, the file ~1.3 times larger. */
const DEFLATE_LEVEL = 1;

export function withBigTables(bytes: Uint8Array, workbook: Workbook): Uint8Array {
  const tables = bigTables(workbook);
  if (tables.length === 0) return bytes;
  const parts = unzipSync(bytes);
  const sheetPart = sheetPartsByName(parts);
  const bySheetPart = new Map<string, BigTable[]>();
  for (const table of [...tables].sort((a, b) => a.top - b.top)) {
    const part = sheetPart.get(table.sheetName) ?? '';
    bySheetPart.set(part, [...(bySheetPart.get(part) ?? []), table]);
  }
  const styles = addBodyStyles(textOf(parts, STYLES_PART), tables.flatMap(bodyStyles));
  const shared = sharedTexts(parts, tables);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error !== null) throw error;
    chunks.push(chunk);
  });
  for (const [name, data] of Object.entries(parts)) {
    const file = new ZipDeflate(name, { level: DEFLATE_LEVEL });
    zip.add(file);
    const blocks = bySheetPart.get(name);
    if (blocks !== undefined) streamSheet(file, strFromU8(data), blocks, (t) => styleLookup(t, styles.styleOf), shared.indexOf);
    else if (name === SHARED_STRINGS_PART) file.push(shared.part(data), true);
    else file.push(name === STYLES_PART ? strToU8(styles.xml) : data, true);
  }
  zip.end();
  return concat(chunks);
}

/** The sheet's text with each block's rows where they go (blocks in sheet order), a block of rows at a time. */
function streamSheet(
  file: ZipDeflate,
  sheetXml: string,
  blocks: readonly BigTable[],
  styleOf: (table: BigTable) => StyleOf,
  shared: ReadonlyMap<string, number>,
): void {
  const pieces = splitAtBlocks(sheetXml, blocks);
  blocks.forEach((table, i) => {
    file.push(strToU8(pieces[i] ?? ''));
    const styles = styleOf(table);
    for (let from = 0; from < table.body.rowCount; from += ROWS_PER_BLOCK)
      file.push(strToU8(bodyRowsXml(table, styles, shared, from, Math.min(table.body.rowCount, from + ROWS_PER_BLOCK))));
  });
  file.push(strToU8(pieces[blocks.length] ?? ''), true);
}

/**
 * The sheet's text cut where each block's rows go: before exceljs's first row below the block's top, or at the end
 * of `sheetData`; exceljs must hold no row inside a block. The `dimension` is widened over the blocks.
 */
function splitAtBlocks(sheetXml: string, blocks: readonly BigTable[]): string[] {
  const xml = widenDimension(sheetXml.replace('<sheetData/>', '<sheetData></sheetData>'), blocks);
  const end = xml.indexOf('</sheetData>');
  if (end < 0 || xml.indexOf('</sheetData>', end + 1) >= 0)
    throw new Error(`A sheet of ${blocks[0]?.tableName ?? ''} has no single sheetData.`);
  const rows = [...xml.slice(0, end).matchAll(/<row r="(\d+)"/g)].map((m) => ({ row: Number(m[1]), at: m.index }));
  const cuts = blocks.map((block) => {
    const below = rows.find((r) => r.row >= block.top);
    if (below !== undefined && below.row < block.top + block.body.rowCount)
      throw new Error(`The sheet ${block.sheetName} has cells where the rows of ${block.tableName} go.`);
    return below?.at ?? end;
  });
  return [0, ...cuts, xml.length].slice(0, -1).map((from, i, all) => xml.slice(from, i + 1 < all.length ? all[i + 1] : xml.length));
}

function widenDimension(xml: string, blocks: readonly BigTable[]): string {
  return xml.replace(/<dimension ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"\/>/, (_whole, c1: string, r1: string, c2?: string, r2?: string) => {
    const last = Math.max(Number(r2 ?? r1), ...blocks.map((b) => b.top + b.body.rowCount - 1));
    const right = Math.max(columnNumber(c2 ?? c1), ...blocks.map((b) => b.left + b.body.width - 1));
    return `<dimension ref="${c1}${r1}:${addressOf(last, right)}"/>`;
  });
}

function columnNumber(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

/** Every style a block's cells have: each format, as input cells too in its input columns. */
function bodyStyles(table: BigTable): BodyStyle[] {
  const formats = table.body.allFormats();
  const input = [...table.inputColumns].flatMap((c) => table.body.columnFormats(c).map((format) => ({ format, input: true })));
  return [...formats.map((format) => ({ format, input: false })), ...input];
}

function styleLookup(table: BigTable, styleOf: ReadonlyMap<string, number>): StyleOf {
  return (format, column) => styleOf.get(styleKey({ format, input: table.inputColumns.has(column) })) ?? 0;
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
