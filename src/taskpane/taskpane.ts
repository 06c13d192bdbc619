/**
 * Task pane entry: Office.js start-up happens here and only here. The state module is built at once; React and
 * the views load in their own chunk, so the custom functions sharing this page never wait for UI code.
 */
import { readEnvironment } from './environment';
import { AppState } from './state/app-state';
import { excelPaneHost } from './excel-pane-host';

/**
 * Blocks of at most 5,000 rows (Microsoft's guidance: start with 5k–20k): each sync stays short, so Cancel acts
 * between blocks within a moment, Excel on the web answers each request sooner, and in the preview (where the
 * simulated workbook works on the page's own thread) no single write holds the pane still.
 */
export const PANE_WRITE_LIMITS = { maxRows: 5000 } as const;

export async function start(): Promise<void> {
  if (typeof Office !== 'undefined') await Office.onReady();
  const environment = readEnvironment();
  const host = excelPaneHost(PANE_WRITE_LIMITS);
  const app = new AppState({ storage: window.localStorage, prefix: environment.partitionKey, host, environment });
  associateCommands(app);
  const root = document.getElementById('root');
  if (root === null) return;
  const { mount } = await import(/* webpackChunkName: "pane-ui" */ './ui/mount');
  mount(root, app);
  await app.start();
}

/**
 * The ribbon's "Refresh functions" button (manifest: ExecuteFunction `refreshFunctions`): in the shared runtime its
 * handler is associated here, with the pane's state. Outside Office there is no `Office.actions`.
 */
function associateCommands(app: AppState): void {
  if (typeof Office === 'undefined' || Office.actions === undefined) return;
  try {
    Office.actions.associate('refreshFunctions', (event: Office.AddinCommands.Event) => {
      void app.refreshFunctions().finally(() => event.completed());
    });
  } catch {
    // A host without add-in commands: the pane's own button does the same.
  }
}

void start();
