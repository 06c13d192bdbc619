/**
 * One row of `npm run bench push`, run the same way for every resource: both sides once on their own small sets
 * (the warm-up, not measured), then our push and the one-at-a-time client measured in turn on their own sets, the
 * service read afterwards for every edit, and a second push that must find nothing to send.
 */
import type { PushResult } from '../src/sync/push';
import { fmt, measured, phaseClock, type SideFigures } from './push-figures';
import { counting, type Counter } from './request-counter';

/** The measured sets (a: ours, b: the one-at-a-time client) and the warm-up's (wa, wb). */
export type OurSide = 'a' | 'wa';
export type TheirSide = 'b' | 'wb';
export type Side = OurSide | TheirSide;

export interface PushRow {
  /** Rows each side writes in the measured run. */
  rows: number;
  /** Rows each side writes in the warm-up (0: none). */
  warmRows: number;
  sandboxPid: number | undefined;
  /** The user's edits of one of our sets in the pulled sheet. */
  edit(side: OurSide): void;
  push(counter: Counter, onPhase?: (phase: string) => void): Promise<PushResult>;
  /** The naive client on one of its sets, one request after the other. */
  oneAtATime(counter: Counter, side: TheirSide): Promise<void>;
  /** The rows of a measured set the service does not hold as edited (after both sides ran). */
  wrong(): Promise<{ ours: string[]; sequential: string[] }>;
}

export interface RowOutcome {
  ours: SideFigures;
  sequential: SideFigures;
  result: PushResult;
  /** When each phase of our push began. */
  phases: string;
  ourWrong: string[];
  seqWrong: string[];
  /** A second push of the table: rows it pushed, its writes and reads by ids, its requests. */
  again: { rows: number; writesOrReads: number; requests: number };
  warmed: boolean;
}

/** Both sides once on their own small sets, so neither pays for cold JIT or cold sandbox paths alone. */
async function warmUp(row: PushRow): Promise<void> {
  if (row.warmRows === 0) return;
  const warmStart = performance.now();
  row.edit('wa');
  const warmResult = await row.push(counting());
  await row.oneAtATime(counting(), 'wb');
  console.log(
    `Warm-up: our push and the sequential client once each on ${fmt(row.warmRows)} rows of their own (${fmt(warmResult.counts.landed)} landed) in ${fmt(performance.now() - warmStart)} ms. Not measured.`,
  );
}

export async function runPushRow(row: PushRow): Promise<RowOutcome> {
  await warmUp(row);
  row.edit('a');
  const ourCounter = counting();
  const clock = phaseClock();
  let result: PushResult | undefined;
  const ours = await measured('our push', row.rows, row.sandboxPid, ourCounter, async () => {
    result = await row.push(ourCounter, clock.onPhase);
    clock.end();
  });
  if (result === undefined) throw new Error('no push result');
  const seqCounter = counting();
  const sequential = await measured('sequential, one at a time', row.rows, row.sandboxPid, seqCounter, () =>
    row.oneAtATime(seqCounter, 'b'),
  );
  const wrong = await row.wrong();
  const againCounter = counting();
  const again = await row.push(againCounter);
  return {
    ...{ ours, sequential, result, phases: clock.text(), ourWrong: wrong.ours, seqWrong: wrong.sequential },
    again: { rows: again.rows.length, writesOrReads: againCounter.writes() + againCounter.byKind.idRead, requests: againCounter.total() },
    warmed: row.warmRows > 0,
  };
}

/** How the two sides were measured, against what. */
export function orderNote(warmed: boolean): string {
  return `The sandbox's CPU (child process) counts against the same cores as ours; our push is measured first, the sequential client after it, each after a full garbage collection and ${warmed ? 'a warm-up run of its own' : 'without a warm-up (BENCH_PUSH_WARMUP=0): our push pays for cold JIT and cold sandbox paths'}.`;
}
