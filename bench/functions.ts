/**
 * Custom functions benchmark (#18, #31): a planning grid of 12 months × 40 categories of `CASHFLOW.ACTUALS` for one year
 * (480 cells), computed in the same run
 *   (a) by the figure engine as the pane runs it: the recalculation's calls collected, de-duplicated and served from
 *       the year's transaction pages (`actuals-plan.ts`);
 *   (b) one request per cell: the same engine flushing every call on its own, so each cell sends its own
 *       `/transactions/extended/?page_size=1` and reads `sum` (what a function calling the API per cell costs).
 * Both clients go through a fetch limited to 6 requests in flight, as a browser limits one origin over HTTP/1.1, and
 * the sandbox delays every answer (an assumed network round trip). Prints requests by kind, wall time, and checks that
 * both give the same 480 figures. Then the 40 × 24 plan-vs-actual grids of #31 (plan-vs-actual.ts): ACTUALS and
 * PLANNED over two years, and the planning grid, each within the period's pages and the lookups. A benchmark, not a test.
 *
 * Environment: BENCH_FUNCTIONS_TRANSACTIONS (sandbox size, default 30,000: about 10,000 a year), BENCH_FUNCTIONS_YEAR
 * (default: the sandbox's current year), BENCH_FUNCTIONS_LATENCY_MS (default 20 ms, like the push benchmark).
 */
import { saveSection, times } from './results';
import { CashflowClient, TokenCache, type Category } from '../src/api';
import { FigureEngine } from '../src/sync/figures';
import { spawnSandbox } from './sandbox-process';
import { planVsActual } from './plan-vs-actual';

const MONTHS = 12;
const CATEGORIES = 40;
const BROWSER_CONNECTIONS = 6;
export const DEFAULT_FUNCTIONS_LATENCY_MS = 20;

interface Counted {
  fetch: typeof fetch;
  counts: Map<string, number>;
}

/** A fetch that lets `limit` requests run at once and counts them by kind. */
function limitedFetch(limit: number): Counted {
  const counts = new Map<string, number>();
  return { fetch: countingFetch(limit, counts), counts };
}

/** The fetch of `limitedFetch`, counting into the caller's map. */
function countingFetch(limit: number, counts: Map<string, number>): typeof fetch {
  let running = 0;
  const waiting: (() => void)[] = [];
  const kindOf = (url: URL): string =>
    url.pathname.startsWith('/auth/')
      ? 'token'
      : url.pathname.startsWith('/transactions/')
        ? 'transactions'
        : url.pathname.replace(/\/$/, '');
  const wrapped: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const kind = kindOf(new URL(request.url));
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      const response = await fetch(request);
      await response.clone().arrayBuffer(); // the body is part of the request's time
      return response;
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
  return wrapped;
}

function client(url: string, credentials: { clientId: string; clientSecret: string }, fetchImpl: typeof fetch): CashflowClient {
  return new CashflowClient({
    baseUrl: url,
    ...credentials,
    language: 'en',
    tokenCache: new TokenCache(),
    timeoutMs: 120_000,
    fetch: fetchImpl,
  });
}

type Cell = { category: number | string; from: string; to: string };

/** 40 columns: every category by id, then (the demo company has about 30) the first ones again by path. */
function columns(categories: readonly Category[]): (number | string)[] {
  const byId = new Map(categories.map((c) => [c.id, c] as const));
  const pathOf = (c: Category): string => {
    const parent = c.parent === null ? undefined : byId.get(c.parent);
    return parent ? `${pathOf(parent)} › ${c.name}` : c.name;
  };
  const ids = categories.map((c) => c.id);
  const paths = categories.map(pathOf);
  return [...ids, ...paths].slice(0, CATEGORIES);
}

function grid(year: number, categories: readonly (number | string)[]): Cell[] {
  const cells: Cell[] = [];
  for (const category of categories) {
    for (let month = 1; month <= MONTHS; month += 1) {
      const from = `${year}-${String(month).padStart(2, '0')}-01`;
      const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      cells.push({ category, from, to });
    }
  }
  return cells;
}

async function run(engine: FigureEngine, cells: readonly Cell[]): Promise<{ ms: number; figures: number[] }> {
  const started = performance.now();
  const figures = await Promise.all(cells.map((cell) => engine.actuals(cell.category, cell.from, cell.to)));
  return { ms: performance.now() - started, figures };
}

const total = (counts: Map<string, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);
const describe = (counts: Map<string, number>): string => [...counts.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ');

export async function benchFunctions(transactions: number, latencyMs = DEFAULT_FUNCTIONS_LATENCY_MS): Promise<void> {
  const sandbox = await spawnSandbox(transactions, undefined, latencyMs > 0 ? ['--fault-slow', '1', '--slow-ms', String(latencyMs)] : []);
  try {
    const reference = client(sandbox.url, sandbox.credentials, fetch);
    const year = Number(process.env.BENCH_FUNCTIONS_YEAR ?? new Date().getUTCFullYear());
    const categories = columns(await reference.categories.list());
    const cells = grid(year, categories);
    const yearPage = await reference.transactions.extendedPage({
      min_date: `${year}-01-01`,
      max_date: `${year}-12-31`,
      page: 1,
      page_size: 1,
    });
    const pages = Math.ceil(yearPage.count / 1000);

    console.log(`\nCASHFLOW.ACTUALS grid: ${categories.length} categories × ${MONTHS} months of ${year} = ${cells.length} cells`);
    console.log(
      `  sandbox: ${transactions.toLocaleString('en')} transactions, ${yearPage.count.toLocaleString('en')} in ${year} (${pages} pages of 1000)`,
    );
    console.log(
      `  ${latencyMs > 0 ? `every answer delayed by ${latencyMs} ms (BENCH_FUNCTIONS_LATENCY_MS, an assumed round trip)` : 'bare loopback'}; ${BROWSER_CONNECTIONS} requests in flight at most, as a browser per origin`,
    );

    const batched = limitedFetch(BROWSER_CONNECTIONS);
    const ours = await run(new FigureEngine(client(sandbox.url, sandbox.credentials, batched.fetch)), cells);

    const perCell = limitedFetch(BROWSER_CONNECTIONS);
    const alone = new FigureEngine(client(sandbox.url, sandbox.credentials, perCell.fetch), { schedule: (flush) => flush() });
    const naive = await run(alone, cells);

    const same = ours.figures.every((figure, i) => Math.round(figure * 100) === Math.round((naive.figures[i] ?? NaN) * 100));
    const target = pages + 2; // the year's pages + categories + token
    console.log(
      `  batched (the engine):  ${total(batched.counts)} requests (${describe(batched.counts)}), ${(ours.ms / 1000).toFixed(2)} s`,
    );
    console.log(
      `  one request per cell:  ${total(perCell.counts)} requests (${describe(perCell.counts)}; a path and the id of one category share a figure), ${(naive.ms / 1000).toFixed(2)} s`,
    );
    console.log(
      `  target: ≤ ${target} requests (${pages} pages + categories + token) and ≤ one per cell: ${total(batched.counts) <= target && total(batched.counts) <= cells.length ? 'holds' : 'MISSED'}`,
    );
    console.log(`  speed-up: ${(naive.ms / ours.ms).toFixed(1)}×; the same ${cells.length} figures both ways: ${same ? 'yes' : 'NO'}`);
    if (!same) process.exitCode = 1;
    const where = latencyMs > 0 ? `${latencyMs} ms per answer` : 'bare loopback';
    const planRows = await planVsActual({
      client: (counts) => client(sandbox.url, sandbox.credentials, countingFetch(BROWSER_CONNECTIONS, counts)),
      reference,
      categories,
      year,
    });
    if (planRows.some((row) => !row.holds)) process.exitCode = 1;
    saveSection(
      'functions',
      `CASHFLOW.ACTUALS: a ${categories.length} × ${MONTHS} grid (${cells.length} cells), the plan-vs-actual grids, ${where}`,
      [
        {
          measure: `HTTP requests (${pages} pages of the year + categories + token)`,
          ours: String(total(batched.counts)),
          baseline: `one request per distinct cell ${total(perCell.counts)}`,
          ratio: times(total(perCell.counts) / total(batched.counts), 1),
          target: `≤ ${target}, the same figures both ways`,
          holds: total(batched.counts) <= target && total(batched.counts) <= cells.length && same,
        },
        {
          measure: 'wall time of the grid',
          ours: `${(ours.ms / 1000).toFixed(2)} s`,
          baseline: `one request per distinct cell ${(naive.ms / 1000).toFixed(2)} s`,
          ratio: times(naive.ms / ours.ms, 1),
          target: 'faster',
          holds: ours.ms < naive.ms,
        },
        ...planRows,
      ],
    );
  } finally {
    await sandbox.close();
  }
}
