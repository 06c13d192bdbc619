/**
 * Push benchmark (#17): a ForecastBudgets table with 1,000 edited budgets, 100 new and 50 deleted, pushed to the
 * sandbox side by side with a naive one-at-a-time client, in the same run:
 *   (a) our push (`pushBudgets`: diff, bulk three-way read by `ids=`, PATCH / POST / DELETE, 4 in flight),
 *   (b) a sequential client: per edited row GET by external ID then PATCH by external ID, per new row POST,
 *       per deleted row DELETE by external ID, strictly one request after the other.
 * Each side works on its own set of budgets (the same sizes and values), created through the API beforehand
 * (setup, not measured): `bench-a-…` for ours, `bench-b-…` for the sequential client; each side first runs once
 * on a tenth of the sizes (`bench-wa-…`, `bench-wb-…`; not measured), so neither pays for a cold JIT alone.
 *
 * The sandbox runs in a child process. Prints requests by kind against the issue's target (written rows +
 * ceil(rows / 1000) conflict reads + the token), wall time, rows per second, the speed-up and whether the 3×
 * target holds, and checks that the service holds every edit afterwards. A benchmark, not a test.
 *
 * Environment: BENCH_PUSH_EDITED (default 1,000), BENCH_PUSH_NEW (100), BENCH_PUSH_DELETED (50),
 * BENCH_PUSH_CONCURRENCY (our push's writes in flight; default: the push's own, 4),
 * BENCH_PUSH_LATENCY_MS (every sandbox answer delayed by this much, standing in for the network; default
 *   DEFAULT_PUSH_LATENCY_MS, an assumption like the pull bench's 50 ms per sync; 0: bare loopback, where the client
 *   and the sandbox share two cores and concurrency cannot win anything),
 * BENCH_PUSH_SETUP_CONCURRENCY (creates in flight while setting up, default 8), BENCH_PUSH_WARMUP (share of the
 * sizes each side runs once before the measured runs, default 0.1; 0 = no warm-up).
 */
import os from 'node:os';
import { CashflowClient, idBatches, MAX_ITEMS_PER_CALL, MAX_REQUEST_LINE_BYTES, TokenCache, type Budget } from '../src/api';
import { baselineOf, MemoryBaselineStore, MemoryPushSheet, pushBudgets, readReference, type PushResult } from '../src/sync/push';
import { buildLookups, FORECAST_BUDGETS_TABLE, toRow } from '../src/sync/tables';
import type { CoreValue } from '../src/sync/workbook-port';
import type { Credentials } from './pull';
import { runBounded } from '../src/sync/bounded-pool';
import { processTreeCpuMs, spawnSandbox } from './sandbox-process';

/**
 * Assumed round trip to the service: 20 ms (a nearby HTTPS API; an assumption, not a measurement). On bare loopback
 * the push and the sandbox are CPU-bound on the same two cores and writes in flight cannot overlap anything.
 */
export const DEFAULT_PUSH_LATENCY_MS = 20;

export interface PushBenchSizes {
  edited: number;
  created: number;
  deleted: number;
}

/** The kinds of request a run sends. */
const KINDS = ['token', 'setup', 'idRead', 'extRead', 'list', 'PATCH', 'POST', 'PUT', 'DELETE', 'other'] as const;
type Kind = (typeof KINDS)[number];

const KIND_LABELS: Record<Kind, string> = {
  token: 'token',
  setup: 'plans / categories / accounts',
  idRead: 'conflict reads (GET ?ids=)',
  extRead: 'reads by external ID',
  list: 'other budget lists',
  PATCH: 'PATCH',
  POST: 'POST',
  PUT: 'PUT',
  DELETE: 'DELETE',
  other: 'other',
};

const WRITE_KINDS: readonly Kind[] = ['PATCH', 'POST', 'PUT', 'DELETE'];

interface IdRead {
  ids: number;
  lineBytes: number;
}

interface Counter {
  fetch: typeof fetch;
  byKind: Record<Kind, number>;
  total(): number;
  /** Answers that were not 2xx, by status (a retry shows up here and again in its kind). */
  failures: Map<number, number>;
  idReads: IdRead[];
}

function kindOf(method: string, url: URL): Kind {
  const path = url.pathname;
  if (path.endsWith('/auth/token/')) return 'token';
  if (method !== 'GET') return (WRITE_KINDS as readonly string[]).includes(method) ? (method as Kind) : 'other';
  if (/\/budgets\/external\//.test(path)) return 'extRead';
  if (/\/budgets\/$/.test(path)) return url.searchParams.has('ids') ? 'idRead' : 'list';
  if (/\/(plans|categories|accounts)\//.test(path)) return 'setup';
  return 'other';
}

function counting(): Counter {
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const failures = new Map<number, number>();
  const idReads: IdRead[] = [];
  return {
    byKind,
    failures,
    idReads,
    total: () => Object.values(byKind).reduce((a, b) => a + b, 0),
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const url = new URL(request?.url ?? String(input));
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const kind = kindOf(method, url);
      byKind[kind] += 1;
      if (kind === 'idRead') {
        idReads.push({
          ids: (url.searchParams.get('ids') ?? '').split(',').filter(Boolean).length,
          lineBytes: Buffer.byteLength(`GET ${url.pathname}${url.search} HTTP/1.1`, 'latin1'),
        });
      }
      const answer = await fetch(input, init);
      if (!answer.ok) failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
      return answer;
    },
  };
}

function client(url: string, credentials: Credentials, fetchImpl?: typeof fetch): CashflowClient {
  return new CashflowClient({
    baseUrl: url,
    ...credentials,
    language: 'en',
    tokenCache: new TokenCache(),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

/** The measured sets (a: ours, b: the sequential client) and the warm-up's. */
type Side = 'a' | 'b' | 'wa' | 'wb';
const pad = (n: number): string => String(n).padStart(4, '0');
const externalId = (side: Side, i: number): string => `bench-${side}-${pad(i)}`;
const newExternalId = (side: Side, i: number): string => `bench-${side}-new-${pad(i)}`;
const newName = (i: number): string => `Bench new ${pad(i)}`;
const newDescription = (i: number): string => `bench new ${pad(i)}`;

/** What the i-th edited row becomes, and what a new row holds: the same on both sides. */
const editedAmount = (i: number): number => -(1000 + i + 0.25);
const editedDescription = (i: number): string => `bench edit ${pad(i)}`;
const newAmount = (i: number): number => -(500 + i + 0.5);
const SETTLEMENT_DATE = '2027-03-15';

async function listForecast(api: CashflowClient): Promise<Budget[]> {
  const out: Budget[] = [];
  for await (const b of api.forecastBudgets.items({}, { pageSize: 1000 })) out.push(b);
  return out;
}

interface SideFigures {
  label: string;
  wallMs: number;
  rows: number;
  counter: Counter;
  cpuMs: number;
  sandboxCpuMs: number | undefined;
}

async function measured(
  label: string,
  rows: number,
  sandboxPid: number | undefined,
  counter: Counter,
  run: () => Promise<void>,
): Promise<SideFigures> {
  const cpuBefore = process.cpuUsage();
  const sandboxBefore = processTreeCpuMs(sandboxPid);
  const t0 = performance.now();
  await run();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpuBefore);
  const sandboxAfter = processTreeCpuMs(sandboxPid);
  return {
    label,
    wallMs,
    rows,
    counter,
    cpuMs: (cpu.user + cpu.system) / 1000,
    sandboxCpuMs: sandboxBefore === undefined || sandboxAfter === undefined ? undefined : sandboxAfter - sandboxBefore,
  };
}

const fmt = (n: number | undefined, digits = 0): string =>
  n === undefined ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function printTable(head: string[], body: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

export async function benchPush(sizes: PushBenchSizes = { edited: 1000, created: 100, deleted: 50 }): Promise<SideFigures[]> {
  const { edited, created, deleted } = sizes;
  const perSide = edited + deleted;
  const written = edited + created + deleted;
  const concurrency =
    process.env.BENCH_PUSH_CONCURRENCY === undefined ? undefined : Math.max(1, Number(process.env.BENCH_PUSH_CONCURRENCY));
  const warmShare = Math.max(0, Number(process.env.BENCH_PUSH_WARMUP ?? 0.1));
  const warm: PushBenchSizes = {
    edited: Math.ceil(edited * warmShare),
    created: Math.ceil(created * warmShare),
    deleted: Math.ceil(deleted * warmShare),
  };
  const setupConcurrency = Math.max(1, Number(process.env.BENCH_PUSH_SETUP_CONCURRENCY ?? 8));
  // Every answer delayed by the same time: a stand-in for the network between Excel and the service (an assumption, not a measurement).
  const latencyMs = Math.max(0, Number(process.env.BENCH_PUSH_LATENCY_MS ?? DEFAULT_PUSH_LATENCY_MS));
  const sandbox = await spawnSandbox(1000, undefined, latencyMs > 0 ? ['--fault-slow', '1', '--slow-ms', String(latencyMs)] : []);
  try {
    const { url, credentials } = sandbox;
    console.log(
      `\nPush of a ForecastBudgets table: ${fmt(edited)} edited, ${fmt(created)} new, ${fmt(deleted)} deleted (${fmt(written)} written rows); ` +
        `sandbox in child process ${sandbox.pid ?? '?'}, ${os.availableParallelism()} cores, ` +
        (latencyMs > 0
          ? `every answer delayed by ${latencyMs} ms (BENCH_PUSH_LATENCY_MS, an assumed network round trip)`
          : 'loopback without added latency (BENCH_PUSH_LATENCY_MS=0)'),
    );

    // ---- setup (not measured): two identical sets of budgets, one per side ----
    const setup = client(url, credentials);
    const seeded = await listForecast(setup);
    const template = seeded.find((b) => b.external_id === 'fc-miete') ?? seeded[0];
    if (template === undefined) throw new Error('the demo forecast has no budget to take a leaf category from');
    const category = template.category.id;
    const setupStart = performance.now();
    const toCreate = [
      ...(['a', 'b'] as const).flatMap((side) => Array.from({ length: perSide }, (_, i) => ({ side, i }))),
      ...(['wa', 'wb'] as const).flatMap((side) => Array.from({ length: warm.edited + warm.deleted }, (_, i) => ({ side, i }))),
    ];
    await runBounded(toCreate, setupConcurrency, async ({ side, i }) => {
      await setup.forecastBudgets.create({
        name: `Bench ${side.toUpperCase()} ${pad(i)}`,
        category,
        settlement_date: SETTLEMENT_DATE,
        amount: -(100 + i),
        description: 'bench seed',
        external_id: externalId(side, i),
      });
    });
    const setupMs = performance.now() - setupStart;
    console.log(
      `Setup: ${fmt(seeded.length)} seeded forecast budgets; created 2 × ${fmt(perSide)} (and 2 × ${fmt(warm.edited + warm.deleted)} for the warm-up) through POST /forecast/budgets/ (${setupConcurrency} in flight) in ${fmt(setupMs)} ms (${fmt((toCreate.length / setupMs) * 1000)} creates/s). Not measured.`,
    );

    // "Pull" the forecast into a memory sheet with its baseline, as a pull leaves them (test/sync/push/push-support.ts).
    const model = FORECAST_BUDGETS_TABLE;
    const [categories, summary, budgets] = await Promise.all([setup.categories.list(), setup.accounts.summary(), listForecast(setup)]);
    const lookups = buildLookups({ categories, accounts: summary.accounts });
    const pulled: CoreValue[][] = budgets.map((b) => toRow(model, b, lookups));
    const baselines = new MemoryBaselineStore();
    await baselines.write(model.tableName, baselineOf(model, pulled));
    const sheet = new MemoryPushSheet(model, pulled);
    const [plan] = (await setup.plans.list()).filter((p) => p.type === 'FORECAST');
    if (plan === undefined) throw new Error('the demo company has no forecast plan');

    const sets = (sizesOf: PushBenchSizes, side: Side): void => {
      // The user's edits: amount and description of the first `edited`, the next `deleted` removed, `created` typed in below.
      const positionOf = new Map(sheet.rows.map((r, at) => [r.cells[1], at]));
      for (let i = 0; i < sizesOf.edited; i += 1) {
        const at = positionOf.get(externalId(side, i));
        if (at === undefined) throw new Error(`${externalId(side, i)} is not in the pulled table`);
        sheet.set(at, 'amount', editedAmount(i));
        sheet.set(at, 'description', editedDescription(i));
      }
      const removeAt = Array.from({ length: sizesOf.deleted }, (_, k) => positionOf.get(externalId(side, sizesOf.edited + k)) ?? -1).sort(
        (x, y) => y - x,
      );
      for (const at of removeAt) sheet.rows.splice(at, 1);
      for (let i = 0; i < sizesOf.created; i += 1) {
        sheet.rows.push({ cells: model.columns.map(() => null), status: '', highlight: [] });
        const at = sheet.rows.length - 1;
        const values: Record<string, CoreValue> = {
          external_id: newExternalId(side, i),
          name: newName(i),
          category_id: category,
          settlement_date: SETTLEMENT_DATE,
          amount: newAmount(i),
          description: newDescription(i),
        };
        for (const [key, value] of Object.entries(values)) sheet.set(at, key, value);
      }
    };
    // The pane reads plans, categories and accounts when it connects and hands them to every push (`reference`):
    // read once here, outside the counted runs, as the pane's connect does.
    const reference = await readReference(client(url, credentials));
    const push = (counter: Counter, onPhase?: (phase: string) => void): Promise<PushResult> =>
      pushBudgets(
        model,
        { kind: 'forecast' },
        {
          reference,
          client: client(url, credentials, counter.fetch),
          sheet,
          baselines,
          language: 'en',
          baselineState: 'stored',
          choices: { deletes: true },
          ...(concurrency === undefined ? {} : { concurrency }),
          ...(onPhase === undefined ? {} : { onProgress: ({ phase }: { phase: string }) => onPhase(phase) }),
        },
      );
    const oneAtATime = async (counter: Counter, sizesOf: PushBenchSizes, side: Side): Promise<void> => {
      const api = client(url, credentials, counter.fetch);
      const forecast = (await api.plans.list()).find((p) => p.type === 'FORECAST');
      if (forecast === undefined) throw new Error('no forecast plan');
      const planBudgets = api.planBudgets(forecast.id);
      for (let i = 0; i < sizesOf.edited; i += 1) {
        const ext = externalId(side, i);
        await api.forecastBudgets.getByExternalId(ext);
        await planBudgets.updateByExternalId(ext, { amount: editedAmount(i), description: editedDescription(i) });
      }
      for (let i = 0; i < sizesOf.created; i += 1) {
        await api.forecastBudgets.create({
          name: newName(i),
          category,
          settlement_date: SETTLEMENT_DATE,
          amount: newAmount(i),
          description: newDescription(i),
          external_id: newExternalId(side, i),
        });
      }
      for (let k = 0; k < sizesOf.deleted; k += 1) await planBudgets.deleteByExternalId(externalId(side, sizesOf.edited + k));
    };

    // ---- warm-up (not measured): both sides once on their own small sets, so neither pays for cold JIT or cold sandbox paths alone ----
    if (warm.edited + warm.created + warm.deleted > 0) {
      const warmStart = performance.now();
      sets(warm, 'wa');
      const warmResult = await push(counting());
      await oneAtATime(counting(), warm, 'wb');
      const warmLanded = warmResult.counts.landed;
      console.log(
        `Warm-up: our push and the sequential client once each on ${fmt(warm.edited)} edited, ${fmt(warm.created)} new, ${fmt(warm.deleted)} deleted (${fmt(warmLanded)} landed) in ${fmt(performance.now() - warmStart)} ms. Not measured.`,
      );
    }

    sets(sizes, 'a');
    const idsToRead = edited + deleted;
    const idPlan = idBatches(
      budgets.filter((b) => (b.external_id ?? '').startsWith('bench-a-')).map((b) => b.id),
      (batch) => setup.forecastBudgets.requestLine({ ids: batch }, MAX_ITEMS_PER_CALL, 1),
    );

    // ---- (a) our push ----
    const ourCounter = counting();
    /** When each phase of our push began (ms from its start). */
    const phases = new Map<string, number>();
    let result: PushResult | undefined;
    const ours = await measured('our push', written, sandbox.pid, ourCounter, async () => {
      const t0 = performance.now();
      result = await push(ourCounter, (phase) => {
        if (!phases.has(phase)) phases.set(phase, performance.now() - t0);
      });
      phases.set('done', performance.now() - t0);
    });
    if (result === undefined) throw new Error('no push result');

    // ---- (b) the sequential client ----
    const seqCounter = counting();
    const sequential = await measured('sequential, one at a time', written, sandbox.pid, seqCounter, () =>
      oneAtATime(seqCounter, sizes, 'b'),
    );

    // ---- did it land? ----
    const after = new Map((await listForecast(setup)).map((b) => [b.external_id, b]));
    const wrong = (side: Side): string[] => {
      const problems: string[] = [];
      for (let i = 0; i < edited; i += 1) {
        const b = after.get(externalId(side, i));
        if (b?.amount !== editedAmount(i) || b.description !== editedDescription(i))
          problems.push(`${externalId(side, i)}: ${b === undefined ? 'missing' : `${b.amount} / ${b.description}`}`);
      }
      for (let i = 0; i < created; i += 1) {
        const b = after.get(newExternalId(side, i));
        if (b?.amount !== newAmount(i) || b.name !== newName(i) || b.description !== newDescription(i))
          problems.push(`${newExternalId(side, i)}: ${b === undefined ? 'missing' : `${b.amount} / ${b.name}`}`);
      }
      for (let k = 0; k < deleted; k += 1)
        if (after.has(externalId(side, edited + k))) problems.push(`${externalId(side, edited + k)}: still there`);
      return problems;
    };
    const ourWrong = wrong('a');
    const seqWrong = wrong('b');
    // A second push finds nothing to send (the baseline took what landed).
    const againCounter = counting();
    const again = await push(againCounter);
    const againWrites = WRITE_KINDS.reduce((n, k) => n + againCounter.byKind[k], 0) + againCounter.byKind.idRead;

    // ---- figures ----
    const sides = [ours, sequential];
    console.log('');
    printTable(
      ['', 'wall ms', 'rows', 'rows/s', 'HTTP', 'CPU ms (ours / sandbox)', 'our CPU ms per request', 'non-2xx'],
      sides.map((s) => [
        s.label,
        fmt(s.wallMs),
        fmt(s.rows),
        fmt((s.rows / s.wallMs) * 1000),
        fmt(s.counter.total()),
        `${fmt(s.cpuMs)} / ${fmt(s.sandboxCpuMs)}`,
        fmt(s.cpuMs / s.counter.total(), 2),
        s.counter.failures.size === 0 ? '0' : [...s.counter.failures].map(([status, n]) => `${n}× ${status}`).join(', '),
      ]),
    );
    console.log('');
    printTable(
      ['requests by kind', ...sides.map((s) => s.label)],
      KINDS.filter((k) => sides.some((s) => s.counter.byKind[k] > 0)).map((k) => [
        KIND_LABELS[k],
        ...sides.map((s) => fmt(s.counter.byKind[k])),
      ]),
    );

    const counts = result.counts;
    const landed = counts.landed;
    const notLanded = Object.entries(counts).filter(([o, n]) => o !== 'landed' && n > 0);
    const targetReads = Math.ceil(written / MAX_ITEMS_PER_CALL);
    const targetRequests = written + targetReads + 1;
    const ourRequests = ourCounter.total();
    const ourWrites = WRITE_KINDS.reduce((n, k) => n + ourCounter.byKind[k], 0);
    const reads = ourCounter.idReads;
    const speedUp = sequential.wallMs / ours.wallMs;
    console.log(
      `\nOur push: ${fmt(landed)} of ${fmt(written)} rows landed${notLanded.length > 0 ? `; not landed: ${notLanded.map(([o, n]) => `${n} ${o}`).join(', ')}` : ''}, ${fmt(result.unchanged)} unchanged; ${fmt(ourWrites)} writes, concurrency ${concurrency ?? '4 (the default)'}.` +
        `\nOur push's phases (ms from its start): ${[...phases].map(([phase, ms]) => `${phase} ${fmt(ms)}`).join(', ')}.` +
        `\nConflict reads: ${reads.length} for ${fmt(idsToRead)} ids (${reads.map((r) => `${fmt(r.ids)} ids / ${fmt(r.lineBytes)}-byte line`).join(', ')}). ` +
        `The 1,000-id limit alone needs ceil(${fmt(idsToRead)} / 1000) = ${Math.ceil(idsToRead / MAX_ITEMS_PER_CALL)}; ` +
        `the ${fmt(MAX_REQUEST_LINE_BYTES)}-byte request-line limit takes ${idPlan.length} (ids of ${String(budgets.find((b) => (b.external_id ?? '').startsWith('bench-a-'))?.id ?? 0).length} digits, commas sent bare: ${idPlan.map((b) => b.length).join(' + ')} ids).` +
        `\nTarget for requests (issue #17): written rows + ceil(rows / 1000) conflict reads + 1 token = ${fmt(written)} + ${targetReads} + 1 = ${fmt(targetRequests)}. ` +
        `Ours: ${fmt(ourRequests)}${ourRequests > targetRequests ? `, ${ourRequests - targetRequests} over: plans, categories and accounts are read once per push (${ourCounter.byKind.setup})${reads.length > targetReads ? `, and ${reads.length - targetReads} more conflict read(s) for the request-line limit` : ''}` : ''}${ourCounter.byKind.extRead + ourCounter.byKind.list + ourCounter.byKind.other > 0 ? `; unexpected: ${ourCounter.byKind.extRead} reads by external ID, ${ourCounter.byKind.list} lists, ${ourCounter.byKind.other} other` : ''}.` +
        `\nSequential client: ${fmt(seqCounter.total())} requests (${fmt(edited)} × GET + PATCH, ${fmt(created)} POST, ${fmt(deleted)} DELETE, the token and the plans).` +
        `\nService afterwards (listed): ours ${ourWrong.length === 0 ? 'holds every edit, new row and delete' : `${ourWrong.length} rows wrong, e.g. ${ourWrong.slice(0, 3).join('; ')}`}; sequential ${seqWrong.length === 0 ? 'holds every edit, new row and delete' : `${seqWrong.length} rows wrong, e.g. ${seqWrong.slice(0, 3).join('; ')}`}.` +
        `\nA second push of the table: ${again.rows.length} rows to push, ${againWrites} writes or conflict reads, ${againCounter.total()} requests.` +
        `\nThe sandbox's CPU (child process) counts against the same ${os.availableParallelism()} cores as ours; our push is measured first, the sequential client after it, ${warm.edited + warm.created + warm.deleted > 0 ? 'each after a warm-up run of its own' : 'without a warm-up (BENCH_PUSH_WARMUP=0): our push pays for cold JIT and cold sandbox paths'}.`,
    );

    const targets: [string, boolean, string][] = [
      [
        'every row landed',
        landed === written && ourWrong.length === 0,
        `${fmt(landed)} of ${fmt(written)}; service check: ${ourWrong.length === 0 ? 'all there' : `${ourWrong.length} wrong`}`,
      ],
      [
        'requests: written rows + ceil(rows / 1000) conflict reads + the token',
        ourRequests <= targetRequests,
        `${fmt(ourRequests)} vs ${fmt(targetRequests)} (${ourWrites} writes + ${reads.length} conflict reads + ${ourCounter.byKind.token} token + ${ourCounter.byKind.setup} plans/categories/accounts)`,
      ],
      [
        'rows per second at least 3× the sequential baseline',
        speedUp >= 3,
        `${fmt(speedUp, 2)}× (${fmt((written / ours.wallMs) * 1000)} vs ${fmt((written / sequential.wallMs) * 1000)} rows/s)`,
      ],
    ];
    for (const [name, holds, detail] of targets)
      console.log(`${holds ? 'OK  ' : 'MISS'} ${name}: ${detail} — target holds: ${holds ? 'yes' : 'no'}`);
    return sides;
  } finally {
    await sandbox.close();
  }
}
