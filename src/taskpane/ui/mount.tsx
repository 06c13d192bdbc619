/** Renders the pane into its root element. */

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppState } from '../state/app-state';
import { App } from './App';
import { AppContext } from './app-context';

export function mount(element: HTMLElement, app: AppState): void {
  createRoot(element).render(
    <StrictMode>
      <AppContext.Provider value={app}>
        <App />
      </AppContext.Provider>
    </StrictMode>,
  );
}
