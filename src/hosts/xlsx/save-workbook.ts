/**
 * The workbook as xlsx bytes: exceljs's `writeBuffer`, with every text cell escaped as the file format needs
 * (`cell-text-escape.ts`) for the time of the write and put back after, so the workbook in memory keeps its texts as
 * they are (as exceljs gives them after loading a file), and JSZip given the parts as UTF-8 bytes (`utf8-zip-parts.ts`);
 * the bodies of big tables (`big-table.ts`) streamed in last (`stream-package.ts`).
 * Save through this, not `writeBuffer` alone: a text holding a carriage return, or an emoji at the 16,384th character
 * of the shared strings, would come back changed. No file system here: the caller writes the bytes (Node, or a download).
 */

import type { Workbook } from 'exceljs';
import { escapeCellText } from './cell-text-escape';
import { withBigTables } from './stream-package';
import { encodeStringParts } from './utf8-zip-parts';

export async function saveWorkbook(workbook: Workbook): Promise<ArrayBuffer> {
  const bytes = withBigTables(new Uint8Array(await saveExceljsParts(workbook)), workbook);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** What exceljs holds, without the big tables' bodies (`stream-package.ts` writes them in). */
export async function saveExceljsParts(workbook: Workbook): Promise<ArrayBuffer> {
  encodeStringParts(); // exceljs's parts as UTF-8 bytes: JSZip would split an emoji at a 16,384-character boundary
  const undo: Array<() => void> = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const value = cell.value;
        if (typeof value !== 'string') return;
        const escaped = escapeCellText(value);
        if (escaped === value) return;
        cell.value = escaped;
        undo.push(() => {
          cell.value = value;
        });
      }),
    ),
  );
  try {
    return await workbook.xlsx.writeBuffer();
  } finally {
    undo.forEach((restore) => restore());
  }
}
