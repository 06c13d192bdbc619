/**
 * The preview's Open and Download: a workbook file's bytes to a snapshot of the simulation and back, through the
 * xlsx host (exceljs, the file's text escaping, custom functions in their file form).
 */

import { Workbook } from 'exceljs';
import { saveWorkbook } from '../../hosts/xlsx/save-workbook';
import { newXlsxDocument } from '../../hosts/xlsx/xlsx-document';
import type { WorkbookSnapshot } from '../excel-sim/model/workbook-snapshot';
import { workbookFileOf } from './snapshot-to-xlsx';
import { snapshotOfWorkbookFile } from './xlsx-to-snapshot';

/** The file Download gives: the workbook as it is in the preview. */
export async function workbookFileBytes(snapshot: WorkbookSnapshot): Promise<ArrayBuffer> {
  const document = workbookFileOf(snapshot);
  return saveWorkbook(document.workbook);
}

/** What Open makes of a file: a snapshot the preview's workbook restores. */
export async function snapshotOfFileBytes(bytes: ArrayBuffer | Uint8Array): Promise<WorkbookSnapshot> {
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  return snapshotOfWorkbookFile(newXlsxDocument(workbook));
}
