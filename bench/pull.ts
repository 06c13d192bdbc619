/**
 * Pull benchmark: 100,000 transactions from the sandbox into the Excel simulation (web platform), side by side:
 *   (a) our pull (page_size 1000, 4 in flight, chunked writes under 5 MB),
 *   (b) a naive add-in (sequential pages of the default 100 rows, each appended with `table.rows.add` + sync),
 *   (c) the raw floor (the same 1000-row pages with plain fetch + JSON.parse, 4 in flight, nothing else).
 * Prints the figures and whether each target holds. A benchmark, not a test.
 */
import { CashflowClient, TokenCache } from '../src/api';
import { ExcelWorkbookPort } from '../src/hosts/excel/excel-workbook-port';
import { createSimulatedWorkbook, installExcelSimulation, WEB_PAYLOAD_LIMIT_BYTES } from '../src/preview/excel-sim';
import { startSandbox } from '../src/sandbox';
import { createPuller, MemoryPullStateStore } from '../src/sync/pull';

export interface PullBenchFigures {
  label: string;
  wallMs: number;
  rows: number;
  requests: number;
  syncs?: number;
  largestSyncBytes?: number;
  totalSyncBytes?: number;
  peakRssMb?: number;
}

const MB = 1024 * 1024;

function peakSampler(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) / MB;
    },
  };
}

function counting(): { fetch: typeof fetch; count: () => number } {
  let n = 0;
  return {
    fetch: (input, init) => {
      n += 1;
      return fetch(input, init);
    },
    count: () => n,
  };
}

async function ours(url: string, credentials: { clientId: string; clientSecret: string }): Promise<PullBenchFigures> {
  const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web' }));
  const http = counting();
  const client = new CashflowClient({ baseUrl: url, ...credentials, language: 'en', fetch: http.fetch, tokenCache: new TokenCache() });
  const puller = createPuller({ client, port: new ExcelWorkbookPort(), store: new MemoryPullStateStore() });
  global.gc?.();
  const memory = peakSampler();
  const t0 = performance.now();
  try {
    const result = await puller.pull({ resource: 'transactions' });
    const wallMs = performance.now() - t0;
    const syncs = workbook.stats.syncs;
    return {
      label: 'our pull',
      wallMs,
      rows: result.rowCount,
      requests: http.count(),
      syncs: syncs.length,
      largestSyncBytes: Math.max(...syncs.map((s) => s.requestBytes)),
      totalSyncBytes: syncs.reduce((sum, s) => sum + s.requestBytes, 0),
      peakRssMb: memory.stop(),
    };
  } finally {
    uninstall();
  }
}

async function naive(url: string, credentials: { clientId: string; clientSecret: string }, limitRows: number): Promise<PullBenchFigures> {
  const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web' }));
  const http = counting();
  const client = new CashflowClient({ baseUrl: url, ...credentials, language: 'en', fetch: http.fetch, tokenCache: new TokenCache() });
  const t0 = performance.now();
  let rows = 0;
  try {
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      const header = ['Id', 'Value date', 'Amount', 'Reporting amount', 'Account', 'Category', 'Purpose', 'Counterpart'];
      const table = sheet.tables.add(sheet.getRange('A1:H1'), true);
      table.getHeaderRowRange().values = [header];
      await context.sync();
      for await (const page of client.transactions.pages({}, { pageSize: 100 })) {
        table.rows.add(
          undefined,
          page.results.map((t) => [t.id, t.value_date, t.amount, t.reporting_amount, t.account.name, t.category.name, t.purpose, t.counterpart_name]),
        );
        await context.sync();
        rows += page.results.length;
        if (rows >= limitRows) break;
      }
    });
    return { label: rows < limitRows ? 'naive add-in' : `naive add-in (first ${rows} rows)`, wallMs: performance.now() - t0, rows, requests: http.count(), syncs: workbook.stats.syncs.length };
  } finally {
    uninstall();
  }
}

async function rawFloor(url: string, credentials: { clientId: string; clientSecret: string }, total: number): Promise<PullBenchFigures> {
  const t0 = performance.now();
  let requests = 1;
  const tokenAnswer = await fetch(`${url}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const pages = Math.ceil(total / 1000);
  let next = 1;
  let rows = 0;
  const worker = async () => {
    while (next <= pages) {
      const page = next;
      next += 1;
      requests += 1;
      const answer = await fetch(`${url}/transactions/extended/?page=${page}&page_size=1000`, { headers: { authorization: `Bearer ${token}` } });
      const body = JSON.parse(await answer.text()) as { results: unknown[] };
      rows += body.results.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { label: 'raw floor', wallMs: performance.now() - t0, rows, requests };
}

const fmt = (n: number | undefined, digits = 0): string => (n === undefined ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: digits }));

export async function benchPull(transactions = 100_000): Promise<PullBenchFigures[]> {
  const sandbox = await startSandbox({ port: 0, transactions, logger: false });
  try {
    const credentials = sandbox.credentials.company;
    // Warm the sandbox's query cache and the JIT once, so no side pays for it alone.
    await rawFloor(sandbox.url, credentials, Math.min(transactions, 5000));
    const floor = await rawFloor(sandbox.url, credentials, transactions);
    const our = await ours(sandbox.url, credentials);
    const naiveLimit = Number(process.env.BENCH_NAIVE_ROWS ?? transactions);
    const slow = await naive(sandbox.url, credentials, naiveLimit);
    const naiveFullMs = (slow.wallMs / slow.rows) * transactions;

    const figures = [our, slow, floor];
    console.log(`\nPull of ${fmt(transactions)} transactions into the Excel simulation (web, 5 MB cap)`);
    console.log(['', 'wall ms', 'rows/s', 'HTTP', 'syncs', 'largest sync', 'peak RSS MB'].join('\t'));
    for (const f of figures) {
      console.log(
        [f.label, fmt(f.wallMs), fmt((f.rows / f.wallMs) * 1000), fmt(f.requests), fmt(f.syncs), f.largestSyncBytes === undefined ? '-' : `${fmt(f.largestSyncBytes / MB, 2)} MB`, fmt(f.peakRssMb)].join('\t'),
      );
    }
    const minimumRequests = Math.ceil(transactions / 1000) + 2; // pages + token + verification (free on page 1; the categories lookup takes its slot)
    const payloadSyncs = Math.ceil((our.totalSyncBytes ?? 0) / WEB_PAYLOAD_LIMIT_BYTES);
    const targets: [string, boolean, string][] = [
      ['HTTP requests at the physical minimum', our.requests <= minimumRequests, `${our.requests} vs ${minimumRequests}`],
      ['syncs within 1.25 × ceil(payload / 5 MB) + set-up', (our.syncs ?? 0) <= Math.ceil(1.25 * payloadSyncs) + 4, `${our.syncs} vs ${Math.ceil(1.25 * payloadSyncs)} + 4`],
      ['no sync over 5 MB', (our.largestSyncBytes ?? 0) <= WEB_PAYLOAD_LIMIT_BYTES, `${fmt((our.largestSyncBytes ?? 0) / MB, 2)} MB`],
      ['peak memory under 400 MB', (our.peakRssMb ?? 0) < 400, `${fmt(our.peakRssMb)} MB`],
      ['at least 10× faster than the naive add-in', naiveFullMs >= 10 * our.wallMs, `${fmt(naiveFullMs / our.wallMs, 1)}×${slow.rows < transactions ? ' (naive extrapolated)' : ''}`],
      ['within 1.5× of the raw floor', our.wallMs <= 1.5 * floor.wallMs, `${fmt(our.wallMs / floor.wallMs, 2)}×`],
    ];
    for (const [name, holds, detail] of targets) console.log(`${holds ? 'OK  ' : 'MISS'} ${name}: ${detail}`);
    return figures;
  } finally {
    await sandbox.close();
  }
}
