/**
 * The preview's Open and Download: a workbook file's bytes to a snapshot of the simulation and back, through the
 * xlsx host (exceljs, the file's text escaping, custom functions in their file form, the add-in's part with the
 * document settings).
 */

import { openXlsxDocument } from '../../hosts/xlsx/open-xlsx-document';
import { saveXlsxDocument } from '../../hosts/xlsx/save-xlsx-document';
import type { WebExtensionInfo } from '../../hosts/xlsx/web-extension-info';
import type { WorkbookSnapshot } from '../excel-sim/model/workbook-snapshot';
import { workbookFileOf } from './snapshot-to-xlsx';
import { snapshotOfWorkbookFile } from './xlsx-to-snapshot';

export interface OpenedWorkbookFile {
  snapshot: WorkbookSnapshot;
  /** The add-in's part the file had (null: none), kept for the next Download. */
  addIn: WebExtensionInfo | null;
}

/** What Open makes of a file: a snapshot the preview's workbook restores, with the add-in's settings. */
export async function openWorkbookFile(bytes: ArrayBuffer | Uint8Array, addInId?: string): Promise<OpenedWorkbookFile> {
  const { document, addIn } = await openXlsxDocument(bytes, addInId === undefined ? {} : { addInId });
  return { snapshot: snapshotOfWorkbookFile(document), addIn };
}

/** The file Download gives: the workbook as it is in the preview, naming the add-in it belongs to. */
export async function workbookFileBytes(snapshot: WorkbookSnapshot, addIn: WebExtensionInfo | null): Promise<Uint8Array> {
  return saveXlsxDocument(workbookFileOf(snapshot), addIn);
}
