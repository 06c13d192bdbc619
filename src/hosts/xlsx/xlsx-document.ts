/**
 * A workbook file in memory: exceljs's workbook (sheets, tables, cells) and what exceljs does not model, the add-in's
 * document settings. Office keeps an add-in's settings (`workbook.settings`, `Office.context.document.settings`)
 * in the file's web-extension part as its properties, JSON values by name; the host reads them from there when a
 * file is opened and writes them back when it is saved, with the part that opens the add-in.
 */

import { Workbook } from 'exceljs';

export interface XlsxDocument {
  readonly workbook: Workbook;
  /** The add-in's document settings by name, as JSON values (the host's stores keep text). */
  readonly settings: Map<string, unknown>;
}

/** A document with no settings yet, over a new workbook or one already loaded. */
export function newXlsxDocument(workbook: Workbook = new Workbook()): XlsxDocument {
  return { workbook, settings: new Map() };
}
