/**
 * What a workbook file holds, read without the service: its tables with their rows, the add-in's pull state of each
 * (filters, relative period, last refresh, complete or not), the pending changes of each pushable table (the core's
 * `pendingChanges` over the xlsx push sheet and the baselines in the file), the stored connection, the hidden sheets
 * and the settings with their sizes. `inspect` prints it; refresh and push (next) read the same.
 */
import type { Worksheet } from 'exceljs';
import { xlsxHost, type XlsxHost, type OpenedXlsxDocument } from '../../hosts/xlsx';
import type { WorkbookConnectionReading } from '../../sync/connect/workbook-connection';
import { modelOf, type PullState } from '../../sync/pull';
import { pendingChanges, type PendingChanges } from '../../sync/push';

export interface TableContents {
  table: string;
  sheet: string;
  /** Rows that hold anything (an empty table's blank row is none). */
  rows: number;
  /** A table another table's pull writes (the accounts' balance summary): that table's name. */
  writtenWith?: string;
  /** The add-in's pull state, when the add-in (or export) pulled it. */
  pull?: Omit<PullState, 'version' | 'stamps'>;
  /** Pushable tables: what is waiting to be sent. */
  pending?: { comparable: boolean; counts: PendingChanges['counts']; problems: number; rows: PendingRowSummary[] };
}

export interface PendingRowSummary {
  kind: 'changed' | 'new' | 'deleted';
  name: string;
  id?: number;
  fields: Array<{ column: string; before: unknown; after: unknown }>;
}

export interface WorkbookContents {
  addIn: { id: string; version: string } | null;
  connection: WorkbookConnectionReading;
  tables: TableContents[];
  hiddenSheets: Array<{ sheet: string; state: string; rows: number; columns: number; characters: number }>;
  settings: Array<{ name: string; bytes: number }>;
  problems: OpenedXlsxDocument['problems'];
}

export async function workbookContents(opened: OpenedXlsxDocument): Promise<WorkbookContents> {
  const host = xlsxHost(opened.document);
  const states = new Map((await host.pullStates.list()).map((s) => [s.tableName, s]));
  const tables: TableContents[] = [];
  for (const sheet of opened.document.workbook.worksheets)
    for (const name of tableNames(sheet)) tables.push(await tableContents(host, sheet, name, states));
  return {
    addIn: opened.addIn === null ? null : { id: opened.addIn.reference.id, version: opened.addIn.reference.version },
    connection: await host.workbookConnection.read(),
    tables,
    hiddenSheets: opened.document.workbook.worksheets.filter((s) => s.state !== 'visible').map(sheetSize),
    settings: [...opened.document.settings].map(([name, value]) => ({ name, bytes: Buffer.byteLength(JSON.stringify(value) ?? '') })),
    problems: opened.problems,
  };
}

/** exceljs keeps a loaded file's tables by name on the sheet. */
function tableNames(sheet: Worksheet): string[] {
  return Object.keys((sheet as unknown as { tables: Record<string, unknown> }).tables ?? {});
}

async function tableContents(host: XlsxHost, sheet: Worksheet, name: string, states: Map<string, PullState>): Promise<TableContents> {
  const found = { table: name, sheet: sheet.name, rows: filledRows(sheet, name) };
  const state = states.get(name);
  if (state === undefined) {
    const writer = [...states.values()].find((s) => s.tableName !== name && s.stamps?.[name] !== undefined);
    return writer === undefined ? found : { ...found, writtenWith: writer.tableName };
  }
  const { version: _version, stamps: _stamps, ...pull } = state;
  if (state.baseline === undefined) return { ...found, pull };
  const pending = await pendingChanges(modelOf(state.target), host.push.sheet, host.baselines, state.baseline);
  return { ...found, pull, pending: pendingSummary(pending) };
}

function pendingSummary(pending: PendingChanges): NonNullable<TableContents['pending']> {
  return {
    comparable: pending.comparable,
    counts: pending.counts,
    problems: pending.problems,
    rows: pending.rows.map((row) => ({
      kind: row.kind,
      name: row.name,
      ...(row.ref.id === null ? {} : { id: row.ref.id }),
      fields: row.fields.map(({ column, before, after }) => ({ column, before, after })),
    })),
  };
}

/** The body rows of a table that hold at least one value. */
function filledRows(sheet: Worksheet, name: string): number {
  const table = (sheet as unknown as { tables: Record<string, { model?: { tableRef?: string; ref?: string } }> }).tables[name];
  const ref = table?.model?.tableRef ?? table?.model?.ref;
  const match = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(ref ?? '');
  if (!match) return 0;
  const [first, last] = [Number(match[2]), Number(match[4])];
  const [left, right] = [sheet.getColumn(match[1] ?? 'A').number, sheet.getColumn(match[3] ?? 'A').number];
  let rows = 0;
  for (let r = first + 1; r <= last; r += 1) {
    const row = sheet.getRow(r);
    for (let c = left; c <= right; c += 1) {
      const value = row.getCell(c).value;
      if (value !== null && value !== undefined && value !== '') {
        rows += 1;
        break;
      }
    }
  }
  return rows;
}

function sheetSize(sheet: Worksheet): WorkbookContents['hiddenSheets'][number] {
  let characters = 0;
  sheet.eachRow((row) => row.eachCell((cell) => void (characters += String(cell.text ?? '').length)));
  return { sheet: sheet.name, state: sheet.state, rows: sheet.rowCount, columns: sheet.columnCount, characters };
}
