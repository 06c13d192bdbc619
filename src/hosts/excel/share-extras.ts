/**
 * The share port's extras on Office.js (src/sync/share/share-port.ts `AddinExtra`): the Import table and the Analysis
 * sheet, found and removed when a working file becomes a template.
 *
 * - The Import table goes whole: its in-cell list and prompt (the offline accounts' names) cleared first, then the
 *   table deleted and its cells cleared (Excel's `Table.delete` leaves validation on the cells it covered).
 * - The Analysis sheet is deleted, with its chart and its PivotTable (whose cache holds the transactions' sums).
 */

import type { AddinExtra } from '../../sync/share/share-port';
import { IMPORT_TABLE } from '../../sync/import/import-table';
import { ANALYSIS_SHEET } from './analysis-sheet';
import { runExcel } from './run-excel';

export function addinExtras(): Promise<AddinExtra[]> {
  return runExcel(async (session) => {
    const { workbook } = session.context;
    const table = workbook.tables.getItemOrNullObject(IMPORT_TABLE);
    const analysis = workbook.worksheets.getItemOrNullObject(ANALYSIS_SHEET).load('name');
    await session.sync();
    const extras: AddinExtra[] = [];
    if (!table.isNullObject) {
      const sheet = table.worksheet.load('name');
      const body = table.getDataBodyRange().load('rowCount, values');
      await session.sync();
      const blank = body.rowCount === 1 && (body.values[0] ?? []).every((v) => v === '' || v === null);
      extras.push({ kind: 'importTable', sheetName: sheet.name, rows: blank ? 0 : body.rowCount });
    }
    if (!analysis.isNullObject) extras.push({ kind: 'analysisSheet', sheetName: analysis.name });
    return extras;
  });
}

export function removeAddinExtra(kind: AddinExtra['kind']): Promise<void> {
  return runExcel(async (session) => {
    const { workbook } = session.context;
    if (kind === 'analysisSheet') {
      const sheet = workbook.worksheets.getItemOrNullObject(ANALYSIS_SHEET);
      await session.sync();
      if (sheet.isNullObject) return;
      sheet.delete();
      await session.sync();
      return;
    }
    const table = workbook.tables.getItemOrNullObject(IMPORT_TABLE);
    await session.sync();
    if (table.isNullObject) return;
    const covered = table.getRange().load('address');
    await session.sync();
    const sheet = table.worksheet;
    covered.dataValidation.clear();
    table.delete();
    sheet.getRange(covered.address.split('!').pop() ?? covered.address).clear(Excel.ClearApplyTo.all);
    await session.sync();
  });
}
