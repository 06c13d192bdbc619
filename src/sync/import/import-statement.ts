/**
 * Sends the Import table to the service, as its stages: read (the table's rows as the user left them) → check
 * (`check-rows.ts`: every row judged before any request; the accounts read once) → send (`send-accounts.ts`: calls
 * of at most 1,000 per account, nothing created twice) → record (`record-outcomes.ts`: ids and statuses into the
 * rows). Recording runs along with the send, not after it: each call's rows say "not confirmed" before the call goes
 * and take their ids when it lands, and the rest is written at the end. Sending again is always safe, even after a
 * send cut off half-way: rows with an id are never sent, rows left unconfirmed are read back first.
 */

import type { CashflowClient } from '../../api';
import { sleep } from '../../api/sleep';
import type { Language } from '../../i18n/catalog';
import { checkRows } from './check-rows';
import { ImportTableError } from './import-table-error';
import type { ImportOutcome } from './import-outcome';
import type { ImportSheet, ImportSheetRow } from './import-port';
import { IMPORT_COLUMNS } from './import-table';
import { OutcomeRecorder } from './record-outcomes';
import { sendAccounts } from './send-accounts';

export interface ImportOptions {
  client: CashflowClient;
  sheet: ImportSheet;
  language: Language;
  signal?: AbortSignal;
  /** Accounts sent at the same time (default 2). */
  concurrency?: number;
  /**
   * Sends of a call after an answer of the service's own (a 5xx, a 429) that reading back showed absent (default 2).
   * Never after a 2xx, a timeout or a lost connection: the first may have landed, or still be landing.
   */
  resends?: number;
  /** Waits before a read-back (tests pass one that returns at once). */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  /** Rows settled of those to send. */
  onProgress?(done: number, total: number): void;
}

export type ImportCounts = Record<ImportOutcome['kind'], number> & { ibanNotKept: number; rows: number };

export interface ImportResult {
  counts: ImportCounts;
  /** Each row read (in the table's order) and its outcome. */
  rows: Array<{ position: number; outcome: ImportOutcome }>;
}

export async function importStatement(options: ImportOptions): Promise<ImportResult> {
  const { client, sheet, language, signal } = options;
  // 1. read
  const read = await readImportTable(sheet, signal);
  // 2. check
  const { accounts } = await client.accounts.summary(signal === undefined ? {} : { signal });
  const checked = checkRows(read, accounts, language);
  // 3. send
  const total = checked.accounts.reduce((n, a) => n + a.rows.length + a.suspects.length, 0);
  let done = 0;
  options.onProgress?.(0, total);
  const recorder = new OutcomeRecorder(sheet, read, language);
  const sent = await sendAccounts(checked.accounts, {
    client,
    claimed: checked.claimed,
    recorder,
    sleep: options.sleep ?? sleep,
    settled: (count) => options.onProgress?.((done += count), total),
    ...(signal === undefined ? {} : { signal }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.resends === undefined ? {} : { resends: options.resends }),
  });
  const outcomes = new Map([...checked.settled, ...sent]);
  // 4. record what is not in the rows yet: rows waiting with problems, rows not sent, ids whose row was not found.
  await recorder.write(outcomes);
  return resultOf(read, outcomes);
}

async function readImportTable(sheet: ImportSheet, signal?: AbortSignal): Promise<ImportSheetRow[]> {
  if (!(await sheet.exists())) throw new ImportTableError('noTable', []);
  const { rows, missing } = await sheet.read(signal);
  const required = IMPORT_COLUMNS.filter((c) => missing.includes(c.header)).map((c) => c.header);
  if (required.length > 0) throw new ImportTableError('columns', required);
  return rows;
}

function resultOf(read: readonly ImportSheetRow[], outcomes: ReadonlyMap<number, ImportOutcome>): ImportResult {
  const counts: ImportCounts = {
    imported: 0,
    already: 0,
    waiting: 0,
    refused: 0,
    failed: 0,
    unconfirmed: 0,
    cancelled: 0,
    ibanNotKept: 0,
    rows: read.length,
  };
  const rows = read.map((row, index) => {
    const outcome = outcomes.get(index) ?? ({ kind: 'cancelled' } as const);
    counts[outcome.kind] += 1;
    if (outcome.kind === 'imported' && !outcome.ibanKept) counts.ibanNotKept += 1;
    return { position: row.position, outcome };
  });
  return { counts, rows };
}
