/** Task pane entry: Office.js start-up happens here and only here. */
import { APP_VERSION } from '../version';

function describeHost(info: { host: Office.HostType | null } | undefined): string {
  return info?.host ? `Running in ${String(info.host)} · v${APP_VERSION}` : `Running outside Office · v${APP_VERSION}`;
}

export async function start(): Promise<void> {
  const status = document.getElementById('host-status');
  const info = typeof Office !== 'undefined' ? await Office.onReady() : undefined;
  if (status) status.textContent = describeHost(info);
}

void start();
