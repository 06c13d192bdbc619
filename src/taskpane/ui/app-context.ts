/** The views reach the one AppState through this context and re-render on its snapshots. */

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppSnapshot, AppState } from '../state/app-state';

export const AppContext = createContext<AppState | undefined>(undefined);

export function useApp(): { app: AppState; state: AppSnapshot } {
  const app = useContext(AppContext);
  if (app === undefined) throw new Error('useApp outside <AppContext.Provider>');
  const state = useSyncExternalStore(app.subscribe, app.snapshot);
  return { app, state };
}
