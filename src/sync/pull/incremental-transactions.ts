/**
 * Incremental refresh of a transactions table: only records changed since the last pull are fetched
 * (`min_date_updated` = start of the last pull minus a safety margin), merged by id into the rows read back from
 * the table, put in the order `-value_date,id`, and the result checked against `/transactions/extended/`
 * (`count` and `sum` for the same filters, one `page_size=1` call). What `min_date_updated` cannot see
 * (deletions, a record leaving the filters, a cell edited in Excel) shows as a mismatch; the caller then pulls
 * in full.
 */

import { isAbort } from '../../api/abort';
import type { CompletenessReport, Transaction } from '../../api';
import { TRANSACTIONS_TABLE, tableSpec, toRow, type Lookups, type TableModel } from '../tables';
import type { WorkbookPort } from '../workbook-port';
import { fetchLookups, transactionOrder, type FetchOptions } from './fetch-table';
import type { TransactionPullFilters } from './pull-target';
import { checkRows, mergeByKey, type Row } from './rows';
import { TextCuts } from './text-cuts';

export type FallbackReason = 'tableMissing' | 'layoutChanged' | 'cellProblems' | 'mismatch';

export type IncrementalOutcome =
  | {
      ok: true;
      rows: Row[];
      changed: number;
      replaced: number;
      inserted: number;
      verification: CompletenessReport;
      textCuts: TextCuts;
      lookups: Lookups;
    }
  | { ok: false; reason: FallbackReason; verification?: CompletenessReport; problems?: number; detail?: string };

export interface IncrementalInput extends FetchOptions {
  port: WorkbookPort;
  filters: TransactionPullFilters;
  /** ISO 8601: fetch what changed at or after this instant. */
  since: string;
  onReadStart?: () => void;
  onVerifyStart?: () => void;
}

const COLUMNS = TRANSACTIONS_TABLE.columns;
const KEY = COLUMNS.findIndex((c) => c.key === 'id');
const AMOUNT = COLUMNS.findIndex((c) => c.key === 'reporting_amount');
/** Path columns derived from an id column: rebuilt on every row, so a renamed category shows at once. */
const DERIVED_PATHS = [
  [COLUMNS.findIndex((c) => c.key === 'category_id'), COLUMNS.findIndex((c) => c.key === 'category_path')],
  [COLUMNS.findIndex((c) => c.key === 'predicted_category_id'), COLUMNS.findIndex((c) => c.key === 'predicted_category_path')],
] as const;

function refreshCategoryPaths(rows: Row[], lookups: Lookups): void {
  for (const row of rows) {
    for (const [idColumn, pathColumn] of DERIVED_PATHS) {
      const id = row[idColumn];
      const path = typeof id === 'number' ? lookups.categoryPath(id) : null;
      if (path !== null) row[pathColumn] = path;
    }
  }
}

/** What changed since `since`, and the lookups every refresh reads again. */
export interface FetchedChanges {
  records: Transaction[];
  lookups: Lookups;
}

/**
 * The records changed at or after `input.since` (same filters), then the category tree and the accounts, which are read
 * every time (one small request each): a category renamed since the last pull changes the path of rows that did not
 * change themselves, and every row's amount shows its account's currency (and the company's, which Settings may have
 * changed) again.
 */
export async function fetchChanges(input: IncrementalInput): Promise<FetchedChanges> {
  const records: Transaction[] = [];
  for await (const record of input.client.transactions.items(
    { ...input.filters, min_date_updated: input.since },
    {
      pageSize: input.pageSize,
      concurrency: input.concurrency,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
      ...(input.onPage === undefined ? {} : { onProgress: input.onPage }),
    },
  )) {
    records.push(record);
  }
  return { records, lookups: await fetchLookups(TRANSACTIONS_TABLE.needs, input) };
}

/** The whole table read back, the changes merged in (`fetched`: changes already fetched by a refresh that could not patch). */
export async function incrementalTransactions(input: IncrementalInput, fetched?: FetchedChanges): Promise<IncrementalOutcome> {
  const spec = tableSpec(TRANSACTIONS_TABLE);
  const readOptions = input.signal === undefined ? {} : { signal: input.signal };
  input.onReadStart?.();
  let read;
  try {
    read = await input.port.readTable(spec.tableName, spec.columns, readOptions);
  } catch (error) {
    if (isAbort(error, input.signal)) throw error;
    return { ok: false, reason: 'tableMissing', detail: error instanceof Error ? error.message : String(error) };
  }
  const width = spec.columns.length;
  if (read.headers.length < width || spec.columns.some((c, i) => read.headers[i] !== c.header))
    return { ok: false, reason: 'layoutChanged' };
  const problems = read.problems.filter((p) => spec.columns.some((c) => c.header === p.header));
  if (problems.length > 0) return { ok: false, reason: 'cellProblems', problems: problems.length };
  const old: Row[] = read.rows.map((row) => row.slice(0, width));

  const { records: changedRecords, lookups } = fetched ?? (await fetchChanges(input));
  refreshCategoryPaths(old, lookups);
  const changed = changedRecords.map((record) => toRow(TRANSACTIONS_TABLE, record, lookups));
  const merged = mergeByKey(old, changed, KEY);
  const rows = transactionOrder(merged.rows);
  // Texts over a cell's limit are cut; those cut by an earlier pull are named again (they are still cut).
  const textCuts = new TextCuts(TRANSACTIONS_TABLE as TableModel<unknown>);
  for (const row of rows) textCuts.visit(row);

  input.onVerifyStart?.();
  const page = await input.client.transactions.extendedPage({ ...input.filters, page: 1, page_size: 1 }, readOptions);
  const verification = checkRows(rows, KEY, AMOUNT, { count: page.count, sum: page.sum });
  if (!verification.ok) return { ok: false, reason: 'mismatch', verification };
  return {
    ok: true,
    rows,
    changed: changedRecords.length,
    replaced: merged.replaced,
    inserted: merged.inserted,
    verification,
    textCuts,
    lookups,
  };
}
