/**
 * One offline bank-statement import per cycle (src/sync/import), through the Excel host's Import table: a few rows
 * typed below the table (the offline account "Kasse", purposes unique to the run), sent, and sent again while rows
 * are not confirmed or failed (a bounded number of times; rows with an id are never sent again). The import has no
 * undo, so the check is: each row exists exactly once on the service, and its Transaction Id cell names it.
 */

import { ExcelImportSheet } from '../../src/hosts/excel/excel-import-sheet';
import { addImportTable, IMPORT_TABLE, importStatement } from '../../src/sync/import';
import { dayAfter } from './user-edits';
import type { SoakSandbox } from './soak-sandbox';
import type { SoakWorkbook } from './soak-workbook';

/** Sends of one cycle's rows at most. */
const MAX_SENDS = 6;
const ROWS_PER_CYCLE = 3;
const ACCOUNT = 'Kasse';

export interface ImportFigures {
  rows: number;
  sends: number;
  /** Sends after the first (rows left unconfirmed or failed by the faults). */
  sendsRepeated: number;
  outcomes: Record<string, number>;
}

export function importFigures(): ImportFigures {
  return { rows: 0, sends: 0, sendsRepeated: 0, outcomes: {} };
}

/** Adds the Import table the first time (as the pane's Import view does). */
export async function ensureImportTable(wb: SoakWorkbook): Promise<void> {
  const sheet = new ExcelImportSheet();
  for (let attempt = 0; !(await sheet.exists()); attempt += 1) {
    await addImportTable(wb.client, sheet, 'en').catch((error: unknown) => {
      if (attempt >= 4) throw error;
    });
  }
}

export async function importCycle(
  wb: SoakWorkbook,
  soak: SoakSandbox,
  context: { cycle: number; seed: number; today: string; random: () => number; problems: string[]; twice: string[] },
  figures: ImportFigures,
): Promise<number[]> {
  const purposes = Array.from({ length: ROWS_PER_CYCLE }, (_, n) => `Soak import ${context.seed}/${context.cycle}/${n}`);
  await typeStatement(purposes, context);
  soak.phase(`cycle ${context.cycle} import`);
  const sheet = new ExcelImportSheet();
  for (let send = 1; send <= MAX_SENDS; send += 1) {
    figures.sends += 1;
    if (send > 1) figures.sendsRepeated += 1;
    const result = await importStatement({ client: wb.client, sheet, language: 'en', sleep: wb.sleep }).catch((error: unknown) => error);
    if (!(typeof result === 'object' && result !== null && 'counts' in result)) continue;
    const { counts } = result as { counts: Record<string, number> };
    if (send === MAX_SENDS || (counts.unconfirmed ?? 0) + (counts.failed ?? 0) + (counts.cancelled ?? 0) === 0) {
      for (const [kind, n] of Object.entries(counts)) if (kind !== 'rows') figures.outcomes[kind] = (figures.outcomes[kind] ?? 0) + n;
      break;
    }
  }
  figures.rows += purposes.length;
  return checkImported(soak, purposes, context);
}

/** The statement's rows typed below the Import table (value date, amount, purpose, counterpart, account). */
async function typeStatement(purposes: readonly string[], context: { today: string; random: () => number }): Promise<void> {
  await Excel.run(async (excel) => {
    const table = excel.workbook.tables.getItem(IMPORT_TABLE);
    const header = table.getHeaderRowRange().load('values');
    await excel.sync();
    const headers = (header.values[0] ?? []).map(String);
    const cell = (name: string, purpose: string): string | number => {
      if (name === 'Value date') return dayAfter(context.today, -1 - Math.floor(context.random() * 20));
      if (name === 'Amount') return -Math.round(100 + context.random() * 20_000) / 100;
      if (name === 'Purpose') return purpose;
      if (name === 'Counterpart') return 'Soak Bürobedarf GmbH';
      if (name === 'Account') return ACCOUNT;
      return '';
    };
    table.rows.add(
      undefined,
      purposes.map((p) => headers.map((h) => cell(h, p))),
    );
    await excel.sync();
  });
}

/** Each purpose once on the service, its id in the row's Transaction Id cell; returns the ids. */
async function checkImported(
  soak: SoakSandbox,
  purposes: readonly string[],
  { problems, twice }: { problems: string[]; twice: string[] },
): Promise<number[]> {
  const { rows } = await new ExcelImportSheet().read();
  const ids: number[] = [];
  for (const purpose of purposes) {
    const found = [...soak.sandbox.store.transactions.values()].filter((t) => t.purpose === purpose);
    const row = rows.find((r) => r.cells.purpose === purpose);
    if (found.length > 1) twice.push(`import: "${purpose}" is on the service ${found.length} times`);
    if (found.length !== 1) problems.push(`import: "${purpose}" is on the service ${found.length} times (expected once)`);
    else if (row?.cells.id !== found[0]?.id)
      problems.push(`import: "${purpose}" has id ${JSON.stringify(row?.cells.id)} in the sheet, ${found[0]?.id} on the service`);
    for (const t of found) ids.push(t.id);
  }
  return ids;
}
