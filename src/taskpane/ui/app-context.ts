/**
 * The views reach the one AppState through this context. `useApp()` re-renders on every snapshot; `useAppState`
 * re-renders only when the selected part changes (the snapshot keeps unchanged parts by reference), so a pull's
 * progress events repaint the progress panel, not every table card.
 */

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppSnapshot, AppState } from '../state/app-state';

export const AppContext = createContext<AppState | undefined>(undefined);

/** The actions and `t`, without subscribing to the state. */
export function useAppActions(): AppState {
  const app = useContext(AppContext);
  if (app === undefined) throw new Error('useAppActions outside <AppContext.Provider>');
  return app;
}

/** One part of the state; `select` must return a part of the snapshot (or a primitive), not a new object. */
export function useAppState<T>(select: (state: AppSnapshot) => T): T {
  const app = useAppActions();
  return useSyncExternalStore(app.subscribe, () => select(app.snapshot()));
}

export function useApp(): { app: AppState; state: AppSnapshot } {
  const app = useAppActions();
  const state = useSyncExternalStore(app.subscribe, app.snapshot);
  return { app, state };
}
