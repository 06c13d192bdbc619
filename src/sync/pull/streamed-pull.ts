/**
 * The streamed full pull of a paged resource: each page becomes a batch of rows that the host writes while later
 * pages are on the way (read ahead, fetch-table.ts). Duplicates are dropped as they pass; transactions are
 * tallied against `count`/`sum` of `/transactions/extended/`, and a failed check keeps the rows with a warning.
 * Records sharing an id on one page and texts cut to fit a cell keep the rows too, each with a warning naming them;
 * a failed check that those left-out records explain exactly warns of them only, not of a change during the pull.
 * A failure or cancel at any point, fetching or writing, makes the host put the previous table back. More rows than the
 * sheet holds below the header are refused when page 1 tells their count, before a row is written (`sheet-room.ts`).
 */

import { tableSpec } from '../tables';
import type { RowBatches, WriteOptions, WriteResult } from '../workbook-port';
import { streamTable, type StreamedTable } from './fetch-table';
import { IdClashes } from './id-clashes';
import { mismatchParams, writeOptions, type PullContext, type PullOutcome } from './pull-context';
import type { PagedTarget } from './pull-target';
import { refuseRowsBeyondSheet } from './sheet-room';

export async function streamedPull(target: PagedTarget, context: PullContext): Promise<PullOutcome> {
  // Written as the pages arrive; the total shown is the service's `count` as far as known.
  let expectedTotal = 0;
  const streamed = streamTable(target, {
    ...context.fetch,
    onPage: (p) => {
      // Page 1 tells the count before its rows go out: a table the sheet cannot hold is refused before a row is written.
      refuseRowsBeyondSheet(target.resource, p.total, context);
      expectedTotal = p.total;
      context.fetch.onPage?.(p);
    },
  });
  const write = await writeWhenSpecKnown(
    streamed,
    context,
    writeOptions(context, () => expectedTotal),
  );

  const table = context.label;
  const verification = streamed.verification();
  const warnings: string[] = [];
  if (verification !== undefined && !verification.ok && !streamed.mismatchExplainedByClashes())
    warnings.push(context.t('pull.warning.incomplete', mismatchParams(table, verification)));
  const idClashes = streamed.idClashes();
  warnings.push(...IdClashes.warningsOf(idClashes, table, context.t), ...streamed.textCuts.warnings(table, context.t));
  const textCuts = streamed.textCuts.list();
  const lookups = await streamed.lookups;
  return {
    mode: 'full',
    write,
    extraWrites: [],
    rowCount: write.rowsWritten,
    fetchedRows: streamed.received(),
    ...(verification ? { verification } : {}),
    ...(idClashes.length > 0 ? { idClashes } : {}),
    ...(textCuts.length > 0 ? { textCuts } : {}),
    warnings,
    lookupsMark: lookups.fingerprint(),
  };
}

/**
 * The write, once the lookups tell the amounts' currencies (the spec). The pages are asked for at once, beside the
 * lookups, as before currencies: the batches' read-ahead starts now, and is stopped if the lookups or the write fail.
 */
async function writeWhenSpecKnown(streamed: StreamedTable, context: PullContext, options: WriteOptions): Promise<WriteResult> {
  const pages = streamed.batches[Symbol.asyncIterator]();
  const started: RowBatches = { [Symbol.asyncIterator]: () => pages };
  try {
    const lookups = await streamed.lookups;
    return await context.port.writeTable(tableSpec(streamed.model, { lookups, language: context.spec.language }), started, options);
  } finally {
    await pages.return?.();
  }
}
