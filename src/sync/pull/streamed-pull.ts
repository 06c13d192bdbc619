/**
 * The streamed full pull of a paged resource: each page becomes a batch of rows that the host writes while later
 * pages are on the way (read ahead, fetch-table.ts). Duplicates are dropped as they pass; transactions are
 * tallied against `count`/`sum` of `/transactions/extended/`, and a failed check keeps the rows with a warning.
 * A failure or cancel at any point, fetching or writing, makes the host put the previous table back.
 */

import { streamTable } from './fetch-table';
import { mismatchParams, writeOptions, type PullContext, type PullOutcome } from './pull-context';
import type { PagedTarget } from './pull-target';

export async function streamedPull(target: PagedTarget, context: PullContext): Promise<PullOutcome> {
  // Written as the pages arrive; the total shown is the service's `count` as far as known.
  let expectedTotal = 0;
  const streamed = streamTable(target, {
    ...context.fetch,
    onPage: (p) => {
      expectedTotal = p.total;
      context.fetch.onPage?.(p);
    },
  });
  const write = await context.port.writeTable(context.spec, streamed.batches, writeOptions(context, () => expectedTotal));

  const verification = streamed.verification();
  const warnings: string[] = [];
  if (verification !== undefined && !verification.ok) warnings.push(context.t('pull.warning.incomplete', mismatchParams(context.spec.tableName, verification)));
  return {
    mode: 'full',
    write,
    extraWrites: [],
    rowCount: write.rowsWritten,
    fetchedRows: streamed.received(),
    ...(verification ? { verification } : {}),
    warnings,
  };
}
