/**
 * A pushable table's pending edits around its refresh, as the pane's *Keep* and *Discard* do them
 * (src/taskpane/state/changes-state.ts `keep` / `putBack`): before the pull the edits are read against the file's
 * baseline (`pendingChanges` over the xlsx push sheet) and, unless discarded, kept (`keepEdits`); after it they go back
 * on top of the refreshed rows, still pending against the new baseline (`applyKeptEdits`). An edited budget the
 * service deleted since comes back as a new row (`orphaned`).
 */
import type { XlsxHost } from '../../hosts/xlsx';
import type { PullState } from '../../sync/pull';
import { applyKeptEdits, keepEdits, pendingChanges, type KeptEdits } from '../../sync/push';
import { pushableOf } from '../../sync/pushable';

/** What became of a table's pending edits, as the summary and `--json` say it. */
export interface EditsOutcome {
  /** `none`: nothing pending; `unknown`: no baseline to compare with, or the table unreadable (the pane refreshes it too). */
  action: 'none' | 'kept' | 'discarded' | 'unknown';
  counts: { changed: number; new: number; deleted: number };
  /** Kept edits of records the service no longer has: back as new rows. */
  orphaned?: number;
}

export interface HeldEdits {
  outcome: EditsOutcome;
  /** Puts the kept edits back after the refresh (nothing to do when none were kept). */
  putBack(): Promise<EditsOutcome>;
}

const NONE = { changed: 0, new: 0, deleted: 0 };

/** Reads the table's pending edits before its refresh and keeps them unless `discard`. */
export async function holdEdits(host: XlsxHost, state: PullState, discard: boolean): Promise<HeldEdits> {
  const pushable = pushableOf(state.target);
  const done = (outcome: EditsOutcome): HeldEdits => ({ outcome, putBack: () => Promise.resolve(outcome) });
  if (pushable === undefined) return done({ action: 'none', counts: NONE });
  // A table that cannot be read (its sheet deleted, its header renamed) has no edits to keep: the pane's check then
  // refreshes it too (its pull recreates the table, or fails and leaves it as it is).
  const pending = await pendingChanges(pushable.model, host.push.sheet, host.baselines, state.baseline).catch(() => undefined);
  if (pending === undefined || !pending.comparable) return done({ action: 'unknown', counts: NONE });
  if (pending.rows.length === 0) return done({ action: 'none', counts: NONE });
  if (discard) return done({ action: 'discarded', counts: pending.counts });
  const kept: KeptEdits = keepEdits(pushable.model, pending);
  const outcome: EditsOutcome = { action: 'kept', counts: pending.counts };
  return {
    outcome,
    putBack: async () => {
      const { orphaned } = await applyKeptEdits(pushable.model, host.push.sheet, kept);
      return orphaned > 0 ? { ...outcome, orphaned } : outcome;
    },
  };
}
