/**
 * The workbook port over an exceljs `Workbook` in memory: the host of workbook files (the template, the preview's
 * Open and Download, the workbook command). The caller loads the file (`workbook.xlsx.load`) and saves it with `saveWorkbook` (save-workbook.ts, never `writeBuffer` alone);
 * nothing here touches the file system, so the preview can use it in the browser.
 */

import type { Workbook } from 'exceljs';
import type {
  ColumnSpec,
  CoreRow,
  ReadOptions,
  ReadResult,
  RowBatches,
  StampResult,
  TableSpec,
  TableStamp,
  WorkbookPort,
  WriteOptions,
  WriteResult,
} from '../../sync/workbook-port';
import { readXlsxTable } from './table-reader';
import { writeXlsxStamp } from './write-stamp';
import { writeXlsxTable } from './write-table';

export interface XlsxPortOptions {
  /**
   * A new table of more rows keeps its body out of exceljs (`big-table.ts`; `BIG_TABLE_ROWS` for a file of a million
   * rows); without it every table is exceljs's.
   */
  bigTableRows?: number;
}

export class XlsxWorkbookPort implements WorkbookPort {
  constructor(
    readonly workbook: Workbook,
    private readonly options: XlsxPortOptions = {},
  ) {}

  writeTable(spec: TableSpec, rows: readonly CoreRow[] | RowBatches, options: WriteOptions = {}): Promise<WriteResult> {
    return writeXlsxTable(this.workbook, spec, rows, options, this.options.bigTableRows);
  }

  readTable(tableName: string, columns?: readonly ColumnSpec[], options?: ReadOptions): Promise<ReadResult> {
    return Promise.resolve().then(() => readXlsxTable(this.workbook, tableName, columns, options));
  }

  writeStamp(tableName: string, stamp: TableStamp): Promise<StampResult> {
    return Promise.resolve().then(() => writeXlsxStamp(this.workbook, tableName, stamp));
  }
}
