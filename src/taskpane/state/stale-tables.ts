/**
 * Which pulled tables "Refresh on open" refreshes (#31): those whose last successful pull finished more than
 * `STALE_AFTER_MS` (an hour) before the pane started, in the Data view's order. A table pulled in the last hour (by
 * this pane a moment ago, or by a colleague just before saving) is left alone.
 */

import type { TableRow } from './app-snapshot';

export const STALE_AFTER_MS = 60 * 60 * 1000;

export function staleTables(rows: readonly TableRow[], nowIso: string, staleAfterMs = STALE_AFTER_MS): TableRow[] {
  const now = Date.parse(nowIso);
  return rows.filter((row) => {
    const at = row.pulled === undefined ? Number.NaN : Date.parse(row.pulled.lastPullAt);
    return Number.isFinite(at) && now - at > staleAfterMs;
  });
}
