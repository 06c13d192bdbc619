/**
 * Keeps the pending changes known while the pane is open: a pull that finished (or a workbook opened with pulled
 * tables) is looked at for pending changes, so the Changes tab's badge counts them before the view is opened; and an
 * edited cell of a budget table is marked changed as soon as the user leaves it (the worksheet's changed event).
 */

import { useEffect } from 'react';
import { useAppActions, useAppState } from './app-context';

export function useChangeWatch(connected: boolean): void {
  const app = useAppActions();
  // What was pulled, and when.
  const pulledKey = useAppState((s) => s.tables.map((r) => (r.pulled ? `${r.id}@${r.pulled.lastPullAt}` : '')).join('|'));
  useEffect(() => {
    if (connected && pulledKey.replace(/\|/g, '') !== '') void app.reviewChanges();
  }, [app, connected, pulledKey]);
  useEffect(() => {
    const stop = app.watchEdits();
    return () => void stop();
  }, [app]);
}
