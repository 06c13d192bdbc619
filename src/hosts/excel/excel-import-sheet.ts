/**
 * The Import table on Office.js (the core's `ImportSheet`, src/sync/import): created empty through the port's table
 * write (formats by column type: dates, amounts, text-formatted texts), its Account column given an in-cell list of
 * the offline accounts (data validation of type list, ExcelApi 1.8; style Warning, so an account typed by its id or
 * IBAN is let in: the import checks every row anyway); read back as raw cell values with their body positions (in
 * blocks under the response caps); each row's id and status written into runs of consecutive rows, the status cells
 * text-formatted before their values (a service's message is text, never a formula), a waiting row's status cell in
 * amber.
 */

import { cellText } from '../../sync/cell-text-limit';
import { CHANGED_FILL } from './input-style';
import type { CellValue } from '../../sync/cell-values';
import { TEXT_FORMAT } from '../../sync/cell-values';
import {
  IMPORT_COLUMNS,
  IMPORT_TABLE,
  type AccountList,
  type ImportRowUpdate,
  type ImportSheet,
  type ImportSheetRow,
} from '../../sync/import';
import type { TableSpec } from '../../sync/workbook-port';
import { activateTable } from './activate-table';
import { ExcelWorkbookPort } from './excel-workbook-port';
import { firstReadRows, readRowBlocks } from './read-row-blocks';
import { runExcel } from './run-excel';

/** Rows written per sync: 5,000 rows of an id and a status stay far under the 5 MB request cap. */
const WRITE_BLOCK_ROWS = 5000;
/** Widths (points) of the text columns, set when the table is added (a user's own width later stays). */
const WIDE_COLUMNS: ReadonlyArray<readonly [string, number]> = [
  ['Purpose', 150],
  ['Counterpart', 110],
  ['Counterpart IBAN', 150],
  ['Account', 100],
  ['Import status', 300],
];

export class ExcelImportSheet implements ImportSheet {
  async exists(): Promise<boolean> {
    return runExcel(async (session) => {
      const table = session.context.workbook.tables.getItemOrNullObject(IMPORT_TABLE);
      table.load('name');
      await session.sync();
      return !table.isNullObject;
    });
  }

  async create(spec: TableSpec, accounts: AccountList): Promise<void> {
    await new ExcelWorkbookPort().writeTable(spec, []);
    await runExcel(async (session) => {
      const table = session.context.workbook.tables.getItem(IMPORT_TABLE);
      // An empty table's columns fit their headers only: the texts a statement brings need room to be read.
      for (const [header, width] of WIDE_COLUMNS) table.columns.getItem(header).getRange().format.columnWidth = width;
      const validation = table.columns.getItem('Account').getDataBodyRange().dataValidation;
      validation.clear();
      if (accounts.names.length > 0) validation.rule = { list: { inCellDropDown: true, source: accounts.names.join(',') } };
      validation.prompt = { showPrompt: true, title: accounts.prompt.title, message: accounts.prompt.message };
      if (accounts.names.length > 0)
        validation.errorAlert = {
          showAlert: true,
          style: 'Warning',
          title: accounts.prompt.title,
          message: accounts.prompt.message.slice(0, 225),
        };
      await session.sync();
    });
    await activateTable(IMPORT_TABLE);
  }

  async read(signal?: AbortSignal): Promise<{ rows: ImportSheetRow[]; missing: string[] }> {
    return runExcel(async (session) => {
      const table = session.context.workbook.tables.getItem(IMPORT_TABLE);
      const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
      const names = table.columns.load('items/name');
      const sheet = table.worksheet;
      await session.sync();
      const headers = names.items.map((c) => c.name.trim().toLowerCase());
      const keys = IMPORT_COLUMNS.map((c) => ({ key: c.key, at: headers.indexOf(c.header.toLowerCase()) }));
      const rows: ImportSheetRow[] = [];
      const add = (line: readonly CellValue[], position: number): void => {
        if (line.every((cell) => cell === '')) return;
        rows.push({ position, cells: Object.fromEntries(keys.filter((k) => k.at >= 0).map((k) => [k.key, line[k.at] ?? ''])) });
      };
      await readRowBlocks(
        session,
        (start, count) => sheet.getRangeByIndexes(body.rowIndex + start, body.columnIndex, count, headers.length),
        ['values'],
        body.rowCount,
        (start, cells) => (cells.values ?? []).forEach((line, i) => add(line, start + i)),
        { startRows: firstReadRows(headers.length, 1), ...(signal === undefined ? {} : { signal }) },
      );
      return { rows, missing: keys.filter((k) => k.at < 0).map((k) => IMPORT_COLUMNS.find((c) => c.key === k.key)?.header ?? k.key) };
    });
  }

  async write(updates: readonly ImportRowUpdate[]): Promise<void> {
    await runExcel(async (session) => {
      const table = session.context.workbook.tables.getItem(IMPORT_TABLE);
      const idColumn = table.columns.getItem('Transaction Id').getDataBodyRange();
      const statusColumn = table.columns.getItem('Import status').getDataBodyRange();
      let queued = 0;
      for (const run of runsOf(updates)) {
        const first = run[0] as ImportRowUpdate;
        const ids = idColumn.getCell(first.position, 0).getResizedRange(run.length - 1, 0);
        const statuses = statusColumn.getCell(first.position, 0).getResizedRange(run.length - 1, 0);
        ids.numberFormat = run.map(() => ['0']);
        ids.values = run.map((u) => [u.id ?? '']);
        statuses.numberFormat = run.map(() => [TEXT_FORMAT]);
        statuses.values = run.map((u) => [cellText(u.status)]);
        // A row that waits for the user stands out in amber, as a cell waiting to be sent does; the others are plain.
        statuses.format.fill.clear();
        run.forEach((u) => {
          if (u.waiting) statusColumn.getCell(u.position, 0).format.fill.color = CHANGED_FILL;
        });
        queued += run.length;
        if (queued >= WRITE_BLOCK_ROWS) {
          await session.sync();
          queued = 0;
        }
      }
      await session.sync();
    });
  }
}

/** Updates in runs of consecutive positions (sorted), at most WRITE_BLOCK_ROWS each. */
function runsOf(updates: readonly ImportRowUpdate[]): ImportRowUpdate[][] {
  const runs: ImportRowUpdate[][] = [];
  for (const update of [...updates].sort((a, b) => a.position - b.position)) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run !== undefined && last !== undefined && last.position + 1 === update.position && run.length < WRITE_BLOCK_ROWS) run.push(update);
    else runs.push([update]);
  }
  return runs;
}
