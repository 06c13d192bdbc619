/**
 * The budget row of `npm run bench push` (#17): a ForecastBudgets table with 1,000 edited budgets, 100 new and 50
 * deleted, pushed to the sandbox side by side with a naive one-at-a-time client, in the same run:
 *   (a) our push (`pushBudgets`: diff, bulk three-way read by `ids=`, PATCH / POST / DELETE, 4 in flight),
 *   (b) a sequential client: per edited row GET by external ID then PATCH by external ID, per new row POST,
 *       per deleted row DELETE by external ID, strictly one request after the other.
 * Each side works on its own set of budgets (the same sizes and values), created through the API beforehand
 * (setup, not measured): `bench-a-…` for ours, `bench-b-…` for the sequential client; each side first runs once
 * on a tenth of the sizes (`bench-wa-…`, `bench-wb-…`; not measured), so neither pays for a cold JIT alone.
 *
 * Prints requests by kind against the issue's target (written rows + ceil(rows / 1000) conflict reads + the token),
 * wall time, rows per second, the speed-up and whether the 3× target holds, and checks that the service holds every
 * edit afterwards. Environment: BENCH_PUSH_EDITED (default 1,000), BENCH_PUSH_NEW (100), BENCH_PUSH_DELETED (50),
 * and the knobs every row shares (push-sandbox.ts).
 */
import { CashflowClient, idBatches, MAX_ITEMS_PER_CALL, MAX_REQUEST_LINE_BYTES, type Budget } from '../src/api';
import { runBounded } from '../src/sync/bounded-pool';
import {
  baselineOf,
  MemoryBaselineStore,
  MemoryPushSheet,
  pushBudgets,
  readReference,
  type PushReference,
  type PushResult,
} from '../src/sync/push';
import { buildLookups, FORECAST_BUDGETS_TABLE, toRow } from '../src/sync/tables';
import type { CoreValue } from '../src/sync/workbook-port';
import { fmt, notLandedText, printSides, printTargets, speedUpTarget, wrongText, type SideFigures } from './push-figures';
import { orderNote, runPushRow, type PushRow, type RowOutcome, type Side } from './push-row';
import { benchClient, spawnPushSandbox, warmSize, whereText, type PushBenchSettings } from './push-sandbox';
import type { Counter } from './request-counter';
import type { SandboxProcess } from './sandbox-process';

export interface PushBenchSizes {
  edited: number;
  created: number;
  deleted: number;
}

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
const MODEL = FORECAST_BUDGETS_TABLE;

async function listForecast(api: CashflowClient): Promise<Budget[]> {
  const out: Budget[] = [];
  for await (const b of api.forecastBudgets.items({}, { pageSize: 1000 })) out.push(b);
  return out;
}

/** The forecast "pulled" into a memory sheet with its baseline, as a pull leaves them. */
interface Pulled {
  sheet: MemoryPushSheet;
  baselines: MemoryBaselineStore;
  budgets: Budget[];
  /** A leaf category new rows take. */
  category: number;
  /** Plans, categories and accounts, read once as the pane's connect does and handed to every push. */
  reference: PushReference;
}

interface BudgetBench {
  sandbox: SandboxProcess;
  settings: PushBenchSettings;
  setup: CashflowClient;
  pulled: Pulled;
}

/** Two identical sets of budgets, one per side, and the warm-up's (not measured). */
async function seedBudgets(
  setup: CashflowClient,
  sizes: PushBenchSizes,
  warm: PushBenchSizes,
  settings: PushBenchSettings,
): Promise<number> {
  const seeded = await listForecast(setup);
  const template = seeded.find((b) => b.external_id === 'fc-miete') ?? seeded[0];
  if (template === undefined) throw new Error('the demo forecast has no budget to take a leaf category from');
  const category = template.category.id;
  const setupStart = performance.now();
  const perSide = sizes.edited + sizes.deleted;
  const toCreate = [
    ...(['a', 'b'] as const).flatMap((side) => Array.from({ length: perSide }, (_, i) => ({ side, i }))),
    ...(['wa', 'wb'] as const).flatMap((side) => Array.from({ length: warm.edited + warm.deleted }, (_, i) => ({ side, i }))),
  ];
  await runBounded(toCreate, settings.setupConcurrency, async ({ side, i }) => {
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
    `Setup: ${fmt(seeded.length)} seeded forecast budgets; created 2 × ${fmt(perSide)} (and 2 × ${fmt(warm.edited + warm.deleted)} for the warm-up) through POST /forecast/budgets/ (${settings.setupConcurrency} in flight) in ${fmt(setupMs)} ms (${fmt((toCreate.length / setupMs) * 1000)} creates/s). Not measured.`,
  );
  return category;
}

async function pullForecast(setup: CashflowClient, category: number): Promise<Pulled> {
  const [categories, summary, budgets] = await Promise.all([setup.categories.list(), setup.accounts.summary(), listForecast(setup)]);
  const lookups = buildLookups({ categories, accounts: summary.accounts });
  const pulled: CoreValue[][] = budgets.map((b) => toRow(MODEL, b, lookups));
  const baselines = new MemoryBaselineStore();
  await baselines.write(MODEL.tableName, baselineOf(MODEL, pulled));
  return { sheet: new MemoryPushSheet(MODEL, pulled), baselines, budgets, category, reference: await readReference(setup) };
}

/** The user's edits: amount and description of the first `edited`, the next `deleted` removed, `created` typed in below. */
function editSheet({ sheet, category }: Pulled, sizes: PushBenchSizes, side: Side): void {
  const positionOf = new Map(sheet.rows.map((r, at) => [r.cells[1], at]));
  for (let i = 0; i < sizes.edited; i += 1) {
    const at = positionOf.get(externalId(side, i));
    if (at === undefined) throw new Error(`${externalId(side, i)} is not in the pulled table`);
    sheet.set(at, 'amount', editedAmount(i));
    sheet.set(at, 'description', editedDescription(i));
  }
  const removeAt = Array.from({ length: sizes.deleted }, (_, k) => positionOf.get(externalId(side, sizes.edited + k)) ?? -1).sort(
    (x, y) => y - x,
  );
  for (const at of removeAt) sheet.rows.splice(at, 1);
  for (let i = 0; i < sizes.created; i += 1) {
    sheet.rows.push({ cells: MODEL.columns.map(() => null), status: '', highlight: [] });
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
}

function push(bench: BudgetBench, counter: Counter, onPhase?: (phase: string) => void): Promise<PushResult> {
  const { sheet, baselines, reference } = bench.pulled;
  const { concurrency } = bench.settings;
  return pushBudgets(
    MODEL,
    { kind: 'forecast' },
    {
      reference,
      client: benchClient(bench.sandbox, counter.fetch),
      sheet,
      baselines,
      language: 'en',
      baselineState: 'stored',
      choices: { deletes: true },
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(onPhase === undefined ? {} : { onProgress: ({ phase }: { phase: string }) => onPhase(phase) }),
    },
  );
}

/** The naive client: per edited row GET then PATCH by external ID, each POST, each DELETE, one after the other. */
async function oneAtATime(bench: BudgetBench, counter: Counter, sizes: PushBenchSizes, side: Side): Promise<void> {
  const api = benchClient(bench.sandbox, counter.fetch);
  const forecast = (await api.plans.list()).find((p) => p.type === 'FORECAST');
  if (forecast === undefined) throw new Error('no forecast plan');
  const planBudgets = api.planBudgets(forecast.id);
  for (let i = 0; i < sizes.edited; i += 1) {
    const ext = externalId(side, i);
    await api.forecastBudgets.getByExternalId(ext);
    await planBudgets.updateByExternalId(ext, { amount: editedAmount(i), description: editedDescription(i) });
  }
  for (let i = 0; i < sizes.created; i += 1) {
    await api.forecastBudgets.create({
      name: newName(i),
      category: bench.pulled.category,
      settlement_date: SETTLEMENT_DATE,
      amount: newAmount(i),
      description: newDescription(i),
      external_id: newExternalId(side, i),
    });
  }
  for (let k = 0; k < sizes.deleted; k += 1) await planBudgets.deleteByExternalId(externalId(side, sizes.edited + k));
}

/** The rows of a side the service does not hold as edited, created or deleted. */
function wrongBudgets(after: ReadonlyMap<string | null, Budget>, sizes: PushBenchSizes, side: Side): string[] {
  const problems: string[] = [];
  for (let i = 0; i < sizes.edited; i += 1) {
    const b = after.get(externalId(side, i));
    if (b?.amount !== editedAmount(i) || b.description !== editedDescription(i))
      problems.push(`${externalId(side, i)}: ${b === undefined ? 'missing' : `${b.amount} / ${b.description}`}`);
  }
  for (let i = 0; i < sizes.created; i += 1) {
    const b = after.get(newExternalId(side, i));
    if (b?.amount !== newAmount(i) || b.name !== newName(i) || b.description !== newDescription(i))
      problems.push(`${newExternalId(side, i)}: ${b === undefined ? 'missing' : `${b.amount} / ${b.name}`}`);
  }
  for (let k = 0; k < sizes.deleted; k += 1)
    if (after.has(externalId(side, sizes.edited + k))) problems.push(`${externalId(side, sizes.edited + k)}: still there`);
  return problems;
}

function printBudgetSummary(bench: BudgetBench, sizes: PushBenchSizes, outcome: RowOutcome): void {
  const { ours, sequential, result } = outcome;
  const { edited, created, deleted } = sizes;
  const written = edited + created + deleted;
  const idsToRead = edited + deleted;
  const benchIds = bench.pulled.budgets.filter((b) => (b.external_id ?? '').startsWith('bench-a-')).map((b) => b.id);
  const idPlan = idBatches(benchIds, (batch) => bench.setup.forecastBudgets.requestLine({ ids: batch }, MAX_ITEMS_PER_CALL, 1));
  const c = ours.counter;
  const reads = c.idReads;
  const targetReads = Math.ceil(written / MAX_ITEMS_PER_CALL);
  const targetRequests = written + targetReads + 1;
  const ourRequests = c.total();
  const all = 'holds every edit, new row and delete';
  console.log(
    `\nOur push: ${fmt(result.counts.landed)} of ${fmt(written)} rows landed${notLandedText(result.counts)}, ${fmt(result.unchanged)} unchanged; ${fmt(c.writes())} writes, concurrency ${bench.settings.concurrency ?? '4 (the default)'}.` +
      `\nOur push's phases (ms from its start; the wall and CPU time of each): ${outcome.phases}.` +
      `\nConflict reads: ${reads.length} for ${fmt(idsToRead)} ids (${reads.map((r) => `${fmt(r.ids)} ids / ${fmt(r.lineBytes)}-byte line`).join(', ')}). ` +
      `The 1,000-id limit alone needs ceil(${fmt(idsToRead)} / 1000) = ${Math.ceil(idsToRead / MAX_ITEMS_PER_CALL)}; ` +
      `the ${fmt(MAX_REQUEST_LINE_BYTES)}-byte request-line limit takes ${idPlan.length} (ids of ${String(benchIds[0] ?? 0).length} digits, commas sent bare: ${idPlan.map((b) => b.length).join(' + ')} ids).` +
      `\nTarget for requests (issue #17): written rows + ceil(rows / 1000) conflict reads + 1 token = ${fmt(written)} + ${targetReads} + 1 = ${fmt(targetRequests)}. ` +
      `Ours: ${fmt(ourRequests)}${ourRequests > targetRequests ? `, ${ourRequests - targetRequests} over: plans, categories and accounts are read once per push (${c.byKind.reference})${reads.length > targetReads ? `, and ${reads.length - targetReads} more conflict read(s) for the request-line limit` : ''}` : ''}${c.byKind.oneRead + c.byKind.list + c.byKind.other > 0 ? `; unexpected: ${c.byKind.oneRead} reads of one budget, ${c.byKind.list} lists, ${c.byKind.other} other` : ''}.` +
      `\nSequential client: ${fmt(sequential.counter.total())} requests (${fmt(edited)} × GET + PATCH, ${fmt(created)} POST, ${fmt(deleted)} DELETE, the token and the plans).` +
      `\nService afterwards (listed): ours ${wrongText(outcome.ourWrong, all)}; sequential ${wrongText(outcome.seqWrong, all)}.` +
      `\nA second push of the table: ${outcome.again.rows} rows to push, ${outcome.again.writesOrReads} writes or conflict reads, ${outcome.again.requests} requests.` +
      `\n${orderNote(outcome.warmed)}`,
  );
  printTargets([
    [
      'every row landed',
      result.counts.landed === written && outcome.ourWrong.length === 0,
      `${fmt(result.counts.landed)} of ${fmt(written)}; service check: ${outcome.ourWrong.length === 0 ? 'all there' : `${outcome.ourWrong.length} wrong`}`,
    ],
    [
      'requests: written rows + ceil(rows / 1000) conflict reads + the token',
      ourRequests <= targetRequests,
      `${fmt(ourRequests)} vs ${fmt(targetRequests)} (${c.writes()} writes + ${reads.length} conflict reads + ${c.byKind.token} token + ${c.byKind.reference} plans/categories/accounts)`,
    ],
    speedUpTarget(ours, sequential),
  ]);
}

/** The budget bench as a row of `npm run bench push`: which sizes each set takes, the edits, both clients, the check. */
function budgetRow(bench: BudgetBench, sizes: PushBenchSizes, warm: PushBenchSizes): PushRow {
  const sizesOf = (side: Side): PushBenchSizes => (side === 'a' || side === 'b' ? sizes : warm);
  const total = (s: PushBenchSizes): number => s.edited + s.created + s.deleted;
  return {
    rows: total(sizes),
    warmRows: total(warm),
    sandboxPid: bench.sandbox.pid,
    edit: (side) => editSheet(bench.pulled, sizesOf(side), side),
    push: (counter, onPhase) => push(bench, counter, onPhase),
    oneAtATime: (counter, side) => oneAtATime(bench, counter, sizesOf(side), side),
    wrong: async () => {
      const after = new Map((await listForecast(bench.setup)).map((b) => [b.external_id, b]));
      return { ours: wrongBudgets(after, sizes, 'a'), sequential: wrongBudgets(after, sizes, 'b') };
    },
  };
}

export async function benchPushBudgets(sizes: PushBenchSizes, settings: PushBenchSettings): Promise<SideFigures[]> {
  const warm: PushBenchSizes = {
    edited: warmSize(sizes.edited, settings),
    created: warmSize(sizes.created, settings),
    deleted: warmSize(sizes.deleted, settings),
  };
  const sandbox = await spawnPushSandbox(1000, settings);
  try {
    console.log(
      `\nPush of a ForecastBudgets table: ${fmt(sizes.edited)} edited, ${fmt(sizes.created)} new, ${fmt(sizes.deleted)} deleted (${fmt(sizes.edited + sizes.created + sizes.deleted)} written rows); ${whereText(sandbox, settings)}`,
    );
    const setup = benchClient(sandbox);
    const category = await seedBudgets(setup, sizes, warm, settings);
    const bench: BudgetBench = { sandbox, settings, setup, pulled: await pullForecast(setup, category) };
    const outcome = await runPushRow(budgetRow(bench, sizes, warm));
    printSides([outcome.ours, outcome.sequential]);
    printBudgetSummary(bench, sizes, outcome);
    return [outcome.ours, outcome.sequential];
  } finally {
    await sandbox.close();
  }
}
