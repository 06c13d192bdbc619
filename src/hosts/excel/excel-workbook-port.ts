/** The workbook port on Office.js: the Excel host the task pane hands to the sync core. */

import type {
  ColumnSpec,
  ColumnsRead,
  CoreRow,
  ReadOptions,
  ReadResult,
  RowBatches,
  StampResult,
  TablePatch,
  TableSpec,
  TableStamp,
  WorkbookPort,
  WriteOptions,
  WriteResult,
} from '../../sync/workbook-port';
import type { WriteLimits } from './chunk-plan';
import { patchExcelTable } from './patch-table';
import { readExcelColumns } from './table-columns-reader';
import { readExcelTable } from './table-reader';
import { writeExcelStamp } from './write-stamp';
import { writeExcelTable } from './write-table';

export class ExcelWorkbookPort implements WorkbookPort {
  /** `limits` tunes chunking (request budget per sync, rows per block); the defaults suit Excel on the web. */
  constructor(private readonly limits: Partial<WriteLimits> = {}) {}

  writeTable(spec: TableSpec, rows: readonly CoreRow[] | RowBatches, options: WriteOptions = {}): Promise<WriteResult> {
    return writeExcelTable(spec, rows, { ...this.limits, ...options });
  }

  readTable(tableName: string, columns?: readonly ColumnSpec[], options?: ReadOptions): Promise<ReadResult> {
    return readExcelTable(tableName, columns, options);
  }

  writeStamp(tableName: string, stamp: TableStamp): Promise<StampResult> {
    return writeExcelStamp(tableName, stamp);
  }

  readColumns(tableName: string, columns: readonly ColumnSpec[], options?: ReadOptions): Promise<ColumnsRead> {
    return readExcelColumns(tableName, columns, options);
  }

  patchTable(spec: TableSpec, patch: TablePatch, options: WriteOptions = {}): Promise<WriteResult> {
    return patchExcelTable(spec, patch, options);
  }
}
