/**
 * Text as an xlsx file holds it (OOXML's `ST_Xstring`): a character XML cannot carry as it is becomes `_xHHHH_`, as
 * Excel writes it. Without it a carriage return comes back as a line feed (XML normalises line ends: `\r=1+1` would
 * read `\n=1+1`), and exceljs drops control characters. A literal `_xHHHH_` in the text is escaped itself
 * (`_x005F_xHHHH_`), so it stays text. A lone surrogate (half an emoji, as a service that cuts texts by UTF-16 units
 * may send) is such a character too: UTF-8 cannot carry it, and unescaped it would come back as U+FFFD. exceljs
 * unescapes when it loads a file (upper-case hex, one pass) but does not escape when it writes: `save-workbook.ts`
 * escapes for the time of the write.
 */

const NEEDS_ESCAPE =
  // eslint-disable-next-line no-control-regex -- the control characters are what this escapes.
  /[\x00-\x08\x0B\x0C\x0D\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

function hex(ch: string): string {
  return `_x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
}

export function escapeCellText(text: string): string {
  return text.replace(NEEDS_ESCAPE, hex);
}
