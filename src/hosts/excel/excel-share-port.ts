/**
 * The share port (`src/sync/share/share-port.ts`) on Office.js: the add-in's tables and their rows, its document
 * settings (`context.workbook.settings`, ExcelApi 1.4: the store `Office.context.document.settings` writes too, per
 * file and add-in), the auto-open setting, the very hidden sheets (`hidden-sheet-scan.ts`) and emptying a table
 * (`empty-excel-table.ts`), and giving a planning grid's sheet back (`excel-plan-sheet.ts`).
 */

import { AUTO_SHOW_SETTING } from '../office-settings';
import type { StoredGrid } from '../../sync/plan-grid';
import { resetPlanSheet } from './excel-plan-sheet';
import {
  type AddinExtra,
  type EmptiedTable,
  type GridPage,
  type HiddenSheetPurpose,
  type HiddenSheetSize,
  type SharedTable,
  type SharePort,
  type StoredSetting,
} from '../../sync/share/share-port';
import { clearExcelStamp, emptyExcelTable } from './empty-excel-table';
import { removeHiddenSheets, scanHiddenSheets, scanOtherSheets } from './hidden-sheet-scan';
import { runExcel } from './run-excel';
import { addinExtras, removeAddinExtra } from './share-extras';

export class ExcelSharePort implements SharePort {
  tables(names: readonly string[]): Promise<SharedTable[]> {
    return runExcel(async (session) => {
      const found = names.map((name) => {
        const table = session.context.workbook.tables.getItemOrNullObject(name).load('name, worksheet/name');
        return { table, body: table.getDataBodyRange() };
      });
      await session.sync();
      const present = found.filter((f) => !f.table.isNullObject);
      for (const f of present) f.body.load('rowCount');
      await session.sync();
      // A table of one row may hold just the blank row an empty table keeps: its values tell.
      const single = present.filter((f) => f.body.rowCount === 1).map((f) => f.body.load('values'));
      if (single.length > 0) await session.sync();
      return present.map(({ table, body }) => ({
        tableName: table.name,
        sheetName: table.worksheet.name,
        rows: body.rowCount === 1 && (body.values[0] ?? []).every((v) => v === '' || v === null) ? 0 : body.rowCount,
      }));
    });
  }

  settings(): Promise<StoredSetting[]> {
    return runExcel(async (session) => {
      const settings = session.context.workbook.settings.load('items/key,items/value');
      await session.sync();
      return settings.items.map((s) => ({ key: s.key, json: JSON.stringify(s.value) ?? 'null' }));
    });
  }

  hiddenSheets(visit: (sheet: HiddenSheetPurpose, texts: readonly string[]) => void): Promise<HiddenSheetSize[]> {
    return scanHiddenSheets(visit);
  }

  sheetCells(visit: (sheet: string, texts: readonly string[]) => void): Promise<void> {
    return scanOtherSheets(visit);
  }

  readAutoOpen(): Promise<boolean> {
    return runExcel(async (session) => {
      const setting = session.context.workbook.settings.getItemOrNullObject(AUTO_SHOW_SETTING);
      setting.load('value');
      await session.sync();
      return !setting.isNullObject && setting.value === true;
    });
  }

  /** Microsoft's "Automatically open a task pane with a document": the setting true (on) or false (off), saved with the file. */
  async writeAutoOpen(on: boolean): Promise<void> {
    await runExcel(async (session) => {
      session.context.workbook.settings.add(AUTO_SHOW_SETTING, on);
      await session.sync();
    });
  }

  emptyTable(tableName: string, pulledHeaders: readonly string[], listHeaders: readonly string[]): Promise<EmptiedTable | undefined> {
    return emptyExcelTable(tableName, pulledHeaders, listHeaders);
  }

  clearStamp(tableName: string, stamp: string): Promise<boolean> {
    return clearExcelStamp(tableName, stamp);
  }

  removeHiddenSheets(): Promise<string[]> {
    return removeHiddenSheets();
  }

  resetPlanGrid(grid: StoredGrid, page: GridPage | undefined): Promise<void> {
    return resetPlanSheet(grid, page);
  }

  extras(): Promise<AddinExtra[]> {
    return addinExtras();
  }

  removeExtra(kind: AddinExtra['kind']): Promise<void> {
    return removeAddinExtra(kind);
  }
}
