/**
 * The soak's side of the wire, as the pane runs it: one client (its waits slept at 1/timeScale of their length while
 * its retry budgets count them in full, as bench/soak.ts does; every request counted at its `fetch`), the Excel host on
 * the Office.js simulation (one workbook for the whole run), the puller keeping baselines in the very hidden sheet,
 * the host's push sheet and journal.
 */

import { CashflowClient, TokenCache, type Sleep } from '../../src/api';
import { sleep as realSleep } from '../../src/api/sleep';
import { ExcelPushSheet } from '../../src/hosts/excel/excel-push-sheet';
import { ExcelWorkbookPort } from '../../src/hosts/excel/excel-workbook-port';
import { SheetBaselineStore } from '../../src/hosts/excel/sheet-baseline-store';
import { SheetPushJournal } from '../../src/hosts/excel/sheet-push-journal';
import { createSimulatedWorkbook, installExcelSimulation } from '../../src/preview/excel-sim';
import { createPuller, MemoryPullStateStore, type Puller } from '../../src/sync/pull';

/** What the client's `fetch` saw. */
export interface Traffic {
  requests: number;
  tokens: number;
  /** Answers by status (0: no answer, the connection dropped). */
  statuses: Record<string, number>;
}

export interface SoakWorkbook {
  client: CashflowClient;
  puller: Puller;
  sheet: ExcelPushSheet;
  baselines: SheetBaselineStore;
  journal: SheetPushJournal;
  /** The waits the client and the push asked for, slept at 1/timeScale. */
  sleep: Sleep;
  traffic: Traffic;
  /** Sum of the waits asked for (ms, in full). */
  waitedMs(): number;
  uninstall(): void;
}

function countingFetch(traffic: Traffic): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    traffic.requests += 1;
    if (new URL(request.url).pathname.endsWith('/auth/token/')) traffic.tokens += 1;
    try {
      const response = await fetch(request);
      traffic.statuses[response.status] = (traffic.statuses[response.status] ?? 0) + 1;
      return response;
    } catch (error) {
      traffic.statuses[0] = (traffic.statuses[0] ?? 0) + 1;
      throw error;
    }
  };
}

/** A clock that runs at `rate` of real time from now on. */
function slowClock(rate: number): () => number {
  const start = Date.now();
  return () => start + (Date.now() - start) * rate;
}

export function soakWorkbook(
  service: { url: string; credentials: { company: { clientId: string; clientSecret: string } } },
  timeScale: number,
): SoakWorkbook {
  const traffic: Traffic = { requests: 0, tokens: 0, statuses: {} };
  let waited = 0;
  const sleep: Sleep = (ms, signal) => {
    waited += ms;
    return realSleep(ms / timeScale, signal);
  };
  const client = new CashflowClient({
    baseUrl: service.url,
    ...service.credentials.company,
    language: 'en',
    fetch: countingFetch(traffic),
    sleep,
    tokenCache: new TokenCache(),
    // A token is used to its last millisecond (the pane renews it 30 s early, at most half its life), by a client whose
    // clock runs a fifth slow: with the service's 3-second tokens, requests meet an expired one (401) and renew it.
    tokenRenewalSkewMs: 0,
    now: slowClock(0.8),
    timeoutMs: 15_000,
  });
  const { uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web', syncLatencyMs: 0 }));
  const baselines = new SheetBaselineStore();
  const puller = createPuller({ client, port: new ExcelWorkbookPort(), store: new MemoryPullStateStore(), baselines });
  return {
    client,
    puller,
    sheet: new ExcelPushSheet(),
    baselines,
    journal: new SheetPushJournal(),
    sleep,
    traffic,
    waitedMs: () => waited,
    uninstall,
  };
}
