/**
 * What the invoice and transaction rows of `npm run bench push` print under their figures: how our push's rows
 * landed, its PATCH arrays and conflict reads against the fewest the service's limits allow, the issue's request
 * target (PATCH arrays of 1,000 + the conflict reads by `ids=` + the reference reads + the token), the service's
 * check of both sides, the second push, and the targets' verdicts.
 */
import { idBatches, MAX_ITEMS_PER_CALL, MAX_REQUEST_LINE_BYTES } from '../src/api';
import { fmt, notLandedText, printTargets, speedUpTarget, wrongText } from './push-figures';
import { orderNote, type RowOutcome } from './push-row';

export interface BulkPatchRow {
  /** The records, as the sentences name them ("invoices"). */
  records: string;
  /** The PATCH the push sends ("PATCH /invoices/"). */
  patch: string;
  /** The ids our push writes, and the request line of a read by these ids. */
  ids: readonly number[];
  requestLine(batch: readonly number[]): string;
  /** Our push's writes in flight (undefined: the push's default). */
  concurrency: number | undefined;
  /** What the one-at-a-time client sends per row. */
  sequentialPerRow: string;
}

/** The fewest requests the issue allows: the PATCH arrays, the conflict reads the limits allow, the token. */
function targetOf(row: BulkPatchRow): { patches: number; reads: number[][]; requests: number } {
  const patches = Math.ceil(row.ids.length / MAX_ITEMS_PER_CALL);
  const reads = idBatches(row.ids, row.requestLine);
  return { patches, reads, requests: patches + reads.length + 1 };
}

export function printBulkPatchSummary(row: BulkPatchRow, outcome: RowOutcome): void {
  const { ours, sequential, result } = outcome;
  const c = ours.counter;
  const n = row.ids.length;
  const target = targetOf(row);
  const reads = c.idReads;
  const ourRequests = c.total();
  const unexpected = c.byKind.oneRead + c.byKind.list + c.byKind.other + c.byKind.POST + c.byKind.PUT + c.byKind.DELETE;
  const all = 'holds every edit';
  console.log(
    `\nOur push: ${fmt(result.counts.landed)} of ${fmt(n)} ${row.records} landed${notLandedText(result.counts)}, ${fmt(result.unchanged)} unchanged; ${fmt(c.byKind.PATCH)} × ${row.patch} (${c.patchItems.map((k) => fmt(k)).join(' + ')} items), concurrency ${row.concurrency ?? '4 (the default)'}.` +
      `\nOur push's phases (ms from its start; the wall and CPU time of each): ${outcome.phases}.` +
      `\nConflict reads: ${reads.length} for ${fmt(n)} ids (${reads.map((r) => `${fmt(r.ids)} ids / ${fmt(r.lineBytes)}-byte line`).join(', ')}). ` +
      `The 1,000-id limit alone needs ceil(${fmt(n)} / 1000) = ${Math.ceil(n / MAX_ITEMS_PER_CALL)}; the ${fmt(MAX_REQUEST_LINE_BYTES)}-byte request-line limit takes ${target.reads.length} ` +
      `(ids of ${String(row.ids[0] ?? 0).length} digits, commas sent bare: ${target.reads.map((b) => b.length).join(' + ')} ids).` +
      `\nTarget for requests (issue #28): ${target.patches} × ${row.patch} of at most 1,000 + ${target.reads.length} conflict reads by ids= + the reference reads ` +
      `(none: plans, categories and accounts are handed to the push as the pane does with what it read on connect) + 1 token = ${fmt(target.requests)}. ` +
      `Ours: ${fmt(ourRequests)}${c.byKind.reference > 0 ? ` (${c.byKind.reference} reference reads)` : ''}${unexpected > 0 ? `; unexpected: ${c.byKind.oneRead} reads of one record, ${c.byKind.list} lists, ${c.byKind.POST + c.byKind.PUT + c.byKind.DELETE} other writes, ${c.byKind.other} other` : ''}.` +
      `\nSequential client: ${fmt(sequential.counter.total())} requests (${fmt(n)} × ${row.sequentialPerRow}, and the token).` +
      `\nService afterwards (listed): ours ${wrongText(outcome.ourWrong, all)}; sequential ${wrongText(outcome.seqWrong, all)}.` +
      `\nA second push of the table: ${outcome.again.rows} rows to push, ${outcome.again.writesOrReads} writes or conflict reads, ${outcome.again.requests} requests.` +
      `\n${orderNote(outcome.warmed)}`,
  );
  const arrays = c.patchItems;
  printTargets([
    [
      'every row landed',
      result.counts.landed === n && outcome.ourWrong.length === 0,
      `${fmt(result.counts.landed)} of ${fmt(n)}; service check: ${outcome.ourWrong.length === 0 ? 'all there' : `${outcome.ourWrong.length} wrong`}`,
    ],
    [
      `requests: ${row.patch} arrays of 1,000 + conflict reads by ids= + the reference reads + the token`,
      ourRequests <= target.requests && arrays.length === target.patches && arrays.every((k) => k <= MAX_ITEMS_PER_CALL),
      `${fmt(ourRequests)} vs ${fmt(target.requests)} (${c.byKind.PATCH} PATCH of ${arrays.map((k) => fmt(k)).join(' + ')} items + ${reads.length} conflict reads + ${c.byKind.token} token + ${c.byKind.reference} plans/categories/accounts)`,
    ],
    speedUpTarget(ours, sequential),
  ]);
}
