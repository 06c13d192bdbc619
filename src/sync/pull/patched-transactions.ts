/**
 * The patched refresh of a transactions table (#30): where a refresh would otherwise read the whole table back and
 * write it whole, it reads three columns (id, value date, reporting amount), fetches what changed, and has the host
 * write only the changed rows (`WorkbookPort.patchTable`). At a million rows that is seconds instead of the table's
 * size in cells twice.
 *
 *   1. Read the three columns; the layout and their cells are checked as the whole read checks them.
 *   2. Fetch the changes and the lookups (incremental-transactions.ts).
 *   3. Decide whether a patch gives what a whole write would: the lookups unchanged since the last pull (no category
 *      path or currency of an untouched row to redo), the cut texts of the last pull known, and a plan (patch-plan.ts).
 *      Otherwise the caller merges the same changes into the whole table (`whole`).
 *   4. Check the patched table's count and sum against the service, as the whole refresh does.
 */

import { isAbort } from '../../api/abort';
import type { CompletenessReport } from '../../api';
import { TRANSACTIONS_TABLE, tableSpec, toRow, type Lookups, type TableModel } from '../tables';
import type { ColumnSpec } from '../workbook-port';
import { fetchChanges, type FallbackReason, type FetchedChanges, type IncrementalInput } from './incremental-transactions';
import { planPatch, type PatchPlan } from './patch-plan';
import type { PullState } from './pull-state';
import { TextCuts } from './text-cuts';

export type PatchedOutcome =
  | { ok: true; plan: PatchPlan; changed: number; verification: CompletenessReport; textCuts: TextCuts; lookups: Lookups }
  | { ok: false; reason: FallbackReason; verification?: CompletenessReport; problems?: number; detail?: string }
  /** Not a patch: the changes, to merge into the whole table. */
  | { ok: 'whole'; fetched: FetchedChanges };

const COLUMNS = TRANSACTIONS_TABLE.columns;
const indexOf = (key: string): number => COLUMNS.findIndex((c) => c.key === key);
const AT = { key: indexOf('id'), date: indexOf('value_date'), amount: indexOf('reporting_amount') };
const PLACING: readonly ColumnSpec[] = [AT.key, AT.date, AT.amount].map((i) => tableSpec(TRANSACTIONS_TABLE).columns[i] as ColumnSpec);

/** Whether the last pull left what a patched refresh needs: its lookups' fingerprint and its cut texts. */
export function canPatchAfter(previous: PullState): boolean {
  return previous.lookupsMark !== undefined && previous.cutTexts !== undefined;
}

export async function patchedTransactions(input: IncrementalInput, previous: PullState): Promise<PatchedOutcome> {
  const readColumns = input.port.readColumns?.bind(input.port);
  if (readColumns === undefined) throw new Error('patchedTransactions needs a port that reads columns.');
  const spec = tableSpec(TRANSACTIONS_TABLE);
  const readOptions = input.signal === undefined ? {} : { signal: input.signal };
  // 1. the three columns
  input.onReadStart?.();
  let read;
  try {
    read = await readColumns(spec.tableName, PLACING, readOptions);
  } catch (error) {
    if (isAbort(error, input.signal)) throw error;
    return { ok: false, reason: 'tableMissing', detail: error instanceof Error ? error.message : String(error) };
  }
  if (read.columns === undefined || read.headers.length < spec.columns.length || spec.columns.some((c, i) => read.headers[i] !== c.header))
    return { ok: false, reason: 'layoutChanged' };
  if (read.problems.length > 0) return { ok: false, reason: 'cellProblems', problems: read.problems.length };
  const [ids = [], dates = [], amounts = []] = read.columns;

  // 2. the changes
  const fetched = await fetchChanges(input);
  // 3. a patch, or the whole table
  const { records, lookups } = fetched;
  if (lookups.fingerprint() !== previous.lookupsMark) return { ok: 'whole', fetched };
  const changed = records.map((record) => toRow(TRANSACTIONS_TABLE, record, lookups));
  const textCuts = new TextCuts(TRANSACTIONS_TABLE as TableModel<unknown>);
  for (const row of changed) textCuts.visit(row);
  const plan = planPatch({ ids, dates, amounts }, changed, AT);
  if (plan === null) return { ok: 'whole', fetched };
  const rewritten = new Set(plan.patch.replace.map((r) => ids[r.at]));
  for (const cut of previous.cutTexts ?? []) if (!rewritten.has(cut.id)) textCuts.keep(cut);

  // 4. the check
  input.onVerifyStart?.();
  const page = await input.client.transactions.extendedPage({ ...input.filters, page: 1, page_size: 1 }, readOptions);
  const verification = plan.tally.report({ count: page.count, sum: page.sum });
  if (!verification.ok) return { ok: false, reason: 'mismatch', verification };
  return { ok: true, plan, changed: records.length, verification, textCuts, lookups };
}
