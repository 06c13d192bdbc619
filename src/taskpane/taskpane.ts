/**
 * Task pane entry: Office.js start-up happens here and only here. The state module is built at once; React and
 * the views load in their own chunk, so the custom functions sharing this page never wait for UI code.
 */
import { activateTable } from '../hosts/excel/activate-table';
import { ExcelWorkbookPort } from '../hosts/excel/excel-workbook-port';
import { SettingsConnectionStore } from '../hosts/excel/settings-connection';
import { SettingsPullStateStore } from '../hosts/excel/settings-pull-state';
import { readEnvironment } from './environment';
import { AppState } from './state/app-state';
import type { PaneHost } from './state/pane-host';

export async function start(): Promise<void> {
  if (typeof Office !== 'undefined') await Office.onReady();
  const environment = readEnvironment();
  const host: PaneHost = {
    port: new ExcelWorkbookPort(),
    pullStates: new SettingsPullStateStore(),
    workbookConnection: new SettingsConnectionStore(),
    activateTable: async (name) => {
      await activateTable(name);
    },
  };
  const app = new AppState({ storage: window.localStorage, prefix: environment.partitionKey, host, environment });
  const root = document.getElementById('root');
  if (root === null) return;
  const { mount } = await import(/* webpackChunkName: "pane-ui" */ './ui/mount');
  mount(root, app);
  await app.start();
}

void start();
