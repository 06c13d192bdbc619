/**
 * The fetch-then-write pull of the tables that come in one answer (categories, plans, accounts): everything is
 * fetched, then written. The accounts bring a second table, the balance summary, and the two never show
 * different pulls: once `Accounts` is written a cancel is too late for the summary (a few rows), and a summary
 * that fails to write puts `Accounts` back as it was (on a first pull the new `Accounts` table stays).
 */

import { tableSpec } from '../tables';
import type { CoreValue, WriteResult } from '../workbook-port';
import { fetchTable } from './fetch-table';
import { writeAll, type PullContext, type PullOutcome } from './pull-context';
import type { OneAnswerTarget } from './pull-target';

export async function fetchThenWritePull(target: OneAnswerTarget, context: PullContext): Promise<PullOutcome> {
  const fetched = await fetchTable(target, context.fetch);
  // The main table's rows are kept first when tables are written beside it, so that it can be put back.
  const before = fetched.extra.length > 0 ? await readIfPresent(context) : undefined;
  const spec = tableSpec(fetched.model, { lookups: fetched.lookups, language: context.spec.language });
  const write = await writeAll(context, fetched.rows, spec);
  const extraWrites: WriteResult[] = [];
  try {
    // Once the main table is written, a cancel is too late for the tables beside it (a few rows each).
    for (const table of fetched.extra)
      extraWrites.push(
        await context.port.writeTable(tableSpec(table.model, { lookups: fetched.lookups, language: context.spec.language }), table.rows),
      );
  } catch (error) {
    if (before !== undefined) await context.port.writeTable(spec, before).catch(() => undefined); // the first error is the one to report
    throw error;
  }
  const textCuts = fetched.textCuts.list();
  return {
    mode: 'full',
    write,
    extraWrites,
    rowCount: fetched.rows.length,
    fetchedRows: fetched.received,
    ...(textCuts.length > 0 ? { textCuts } : {}),
    warnings: fetched.textCuts.warnings(context.label, context.t),
  };
}

/** The pulled columns of the table as it is now, or undefined when there is none (or it cannot be read back). */
async function readIfPresent(context: PullContext): Promise<CoreValue[][] | undefined> {
  const { spec } = context;
  try {
    const read = await context.port.readTable(spec.tableName, spec.columns);
    if (read.problems.length > 0) return undefined;
    return read.rows.map((row) => row.slice(0, spec.columns.length));
  } catch {
    return undefined;
  }
}
