/**
 * How fast the sandbox serves 1000-row transaction pages of a 200,000-transaction company, so that client
 * benchmarks measure the client, not the sandbox. Plain fetch, one token, sequential then 4 in flight.
 */
import { saveSection } from './results';
import { startSandbox } from '../src/sandbox';

interface PageFigures {
  label: string;
  pages: number;
  medianMs: number;
  p95Ms: number;
  rowsPerSecond: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

export async function benchSandboxPages(transactions = 200_000): Promise<PageFigures[]> {
  const t0 = performance.now();
  const sandbox = await startSandbox({ transactions, logger: false });
  const startupMs = performance.now() - t0;
  try {
    const { clientId, clientSecret } = sandbox.credentials.company;
    const tokenAnswer = await fetch(`${sandbox.url}/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const page = async (n: number): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${sandbox.url}/transactions/?page=${n}&page_size=1000`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { results: unknown[] };
      if (body.results.length !== 1000) throw new Error(`page ${n}: ${body.results.length} rows`);
      return performance.now() - started;
    };
    const coldMs = await page(1);
    const pageCount = Math.floor(transactions / 1000);
    const figures: PageFigures[] = [];
    for (const concurrency of [1, 4]) {
      const times: number[] = [];
      const started = performance.now();
      for (let first = 1; first <= pageCount; first += concurrency) {
        const batch = Array.from({ length: Math.min(concurrency, pageCount - first + 1) }, (_, i) => page(first + i));
        times.push(...(await Promise.all(batch)));
      }
      const wall = performance.now() - started;
      times.sort((a, b) => a - b);
      figures.push({
        label: `${concurrency} in flight`,
        pages: pageCount,
        medianMs: percentile(times, 0.5),
        p95Ms: percentile(times, 0.95),
        rowsPerSecond: Math.round((pageCount * 1000) / (wall / 1000)),
      });
    }
    console.log(
      `sandbox: ${transactions} transactions, start-up ${startupMs.toFixed(0)} ms, first (uncached) page ${coldMs.toFixed(0)} ms`,
    );
    console.table(figures.map((f) => ({ ...f, medianMs: f.medianMs.toFixed(1), p95Ms: f.p95Ms.toFixed(1) })));
    saveSection(
      'sandbox',
      `The sandbox serving a company of ${transactions.toLocaleString('en-US')} transactions`,
      figures.map((f) => ({
        measure: `1000-row pages, ${f.label}`,
        ours: `median ${f.medianMs.toFixed(1)} ms, p95 ${f.p95Ms.toFixed(1)} ms, ${f.rowsPerSecond.toLocaleString('en-US')} rows/s`,
        baseline: '–',
        ratio: '–',
        target: '–',
        holds: null,
      })),
    );
    return figures;
  } finally {
    await sandbox.close();
  }
}
