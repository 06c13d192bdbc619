/**
 * A table's row count and the sum of one column read back from a workbook FILE, streamed: the small parts (workbook,
 * tables, relationships) unpacked, then the sheet part that holds the table inflated a chunk at a time and its
 * `<row>`/`<c>` elements scanned (numbers as `<v>`), never the part as one string nor a workbook model.
 */
import { strFromU8, Unzip, UnzipInflate, unzipSync } from 'fflate';
import { toCents } from '../src/api/amount';

export interface TableSums {
  rows: number;
  sumCents: number;
}

const attribute = (xml: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1];

function columnLetters(index: number): string {
  let letters = '';
  for (let c = index + 1; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return letters;
}

/** The table's part, its sheet's part, its body rows and the letter of the column headed `header`. */
function locate(bytes: Uint8Array, tableName: string, header: string): { sheetPart: string; first: number; last: number; letter: string } {
  const small = unzipSync(bytes, { filter: (f) => !/^xl\/worksheets\/sheet\d+\.xml$/.test(f.name) });
  const tablePart = Object.keys(small).find(
    (name) => name.startsWith('xl/tables/') && attribute(strFromU8(small[name] ?? new Uint8Array()), 'name') === tableName,
  );
  if (tablePart === undefined) throw new Error(`No table ${tableName} in the file.`);
  const tableXml = strFromU8(small[tablePart] ?? new Uint8Array());
  const [from = '', to = ''] = (attribute(tableXml, 'ref') ?? '').split(':');
  const names = [...tableXml.matchAll(/<tableColumn [^>]*name="([^"]*)"/g)].map((m) => m[1]);
  const firstColumn = (/^[A-Z]+/.exec(from)?.[0] ?? 'A').split('').reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const sheetRels = Object.keys(small).find(
    (name) =>
      /^xl\/worksheets\/_rels\/sheet\d+\.xml\.rels$/.test(name) && strFromU8(small[name] ?? new Uint8Array()).includes(tablePart.slice(3)),
  );
  if (sheetRels === undefined) throw new Error(`No sheet refers to ${tablePart}.`);
  return {
    sheetPart: sheetRels.replace('_rels/', '').replace(/\.rels$/, ''),
    first: Number(/\d+$/.exec(from)?.[0]) + 1,
    last: Number(/\d+$/.exec(to)?.[0]),
    letter: columnLetters(firstColumn + names.indexOf(header)),
  };
}

export function tableSumsOfFile(bytes: Uint8Array, tableName: string, header: string): TableSums {
  const { sheetPart, first, last, letter } = locate(bytes, tableName, header);
  const cell = new RegExp(`<c r="${letter}(\\d+)"[^>]*?(?:/>|>(?:<v>([^<]*)</v>)?)`, 'g');
  const rows = /<row r="(\d+)"/g;
  let sums: TableSums = { rows: 0, sumCents: 0 };
  let pending = '';
  const decoder = new TextDecoder();
  const scan = (text: string): void => {
    for (const m of text.matchAll(rows)) if (Number(m[1]) >= first && Number(m[1]) <= last) sums = { ...sums, rows: sums.rows + 1 };
    for (const m of text.matchAll(cell)) {
      const row = Number(m[1]);
      if (row >= first && row <= last && m[2] !== undefined) sums = { ...sums, sumCents: sums.sumCents + toCents(Number(m[2])) };
    }
  };
  const unzip = new Unzip((file) => {
    if (file.name !== sheetPart) return;
    file.ondata = (error, chunk, final) => {
      if (error !== null) throw error;
      const text = pending + decoder.decode(chunk, { stream: !final });
      // Whole rows only: the rest waits for the next chunk.
      const cut = final ? text.length : text.lastIndexOf('</row>') + '</row>'.length;
      scan(text.slice(0, cut));
      pending = text.slice(cut);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // A slice at a time: fflate's Unzip recurses once per slice of a buffer pushed whole.
  for (let at = 0; at < bytes.length; at += 1 << 16) unzip.push(bytes.subarray(at, at + (1 << 16)), at + (1 << 16) >= bytes.length);
  return sums;
}
