/**
 * The invoice row of `npm run bench push` (#28): an Invoices table (company-level) with 1,000 edited invoices
 * (expected date in the future, status Promised, notes), pushed to the sandbox side by side with a naive client:
 *   (a) our push (`pushTable(invoiceWriteModel(INVOICES_TABLE, { kind: 'company' }), …)`: diff, bulk three-way
 *       read by `ids=`, one `PATCH /invoices/` array per 1,000 rows),
 *   (b) a sequential client: per row `GET /invoices/{id}/` then `PATCH /invoices/` with an array of one item (the
 *       spec's PATCH takes an array), strictly one request after the other.
 * Each side edits its own invoices (`BENCH-A-…` ours, `BENCH-B-…` the sequential client's; `BENCH-WA-…`,
 * `BENCH-WB-…` for the warm-up), created through `POST /invoices/` beforehand (setup, not measured).
 * Environment: BENCH_PUSH_INVOICES (default 1,000) and the knobs every row shares (push-sandbox.ts).
 */
import { MAX_ITEMS_PER_CALL, type CashflowClient, type Invoice } from '../src/api';
import { runBounded } from '../src/sync/bounded-pool';
import { baselineOf, invoiceWriteModel, MemoryBaselineStore, MemoryPushSheet, pushTable, readReference } from '../src/sync/push';
import { buildLookups, INVOICES_TABLE, toRow } from '../src/sync/tables';
import type { CoreValue } from '../src/sync/workbook-port';
import { printBulkPatchSummary } from './bulk-patch-summary';
import { fmt, printSides, type SideFigures } from './push-figures';
import { runPushRow, type PushRow, type Side } from './push-row';
import { benchClient, spawnPushSandbox, warmSize, whereText, type PulledBenchTable, type PushBenchSettings } from './push-sandbox';
import type { SandboxProcess } from './sandbox-process';

const pad = (n: number): string => String(n).padStart(4, '0');
const referenceOf = (side: Side, i: number): string => `BENCH-${side.toUpperCase()}-${pad(i)}`;
const DAY_MS = 86_400_000;
/** A day `days` from today (UTC), as the sheet holds dates. */
const dayFromToday = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** What the i-th edited invoice becomes: the same on both sides. */
const edited = (i: number): { expected_date: string; status: 'PR'; notes: string } => ({
  expected_date: dayFromToday(30 + (i % 300)),
  status: 'PR',
  notes: `bench promise ${pad(i)}`,
});
const DUE_DATE = dayFromToday(60);

async function listInvoices(api: CashflowClient): Promise<Invoice[]> {
  const out: Invoice[] = [];
  for await (const invoice of api.invoices.items({}, { pageSize: 1000 })) out.push(invoice);
  return out;
}

interface InvoiceBench extends PulledBenchTable {
  /** Every invoice's id by its reference. */
  idOf: Map<string, number>;
  sizeOf(side: Side): number;
}

/** The invoices of both sides and of the warm-up, created through the API (not measured). */
async function seedInvoices(setup: CashflowClient, sizeOf: (side: Side) => number, settings: PushBenchSettings): Promise<void> {
  const seeded = (await listInvoices(setup)).length;
  const sides: Side[] = ['a', 'b', 'wa', 'wb'];
  const toCreate = sides.flatMap((side) => Array.from({ length: sizeOf(side) }, (_, i) => ({ side, i })));
  const start = performance.now();
  await runBounded(toCreate, settings.setupConcurrency, async ({ side, i }) => {
    await setup.invoices.create({ reference: referenceOf(side, i), name: `Bench customer ${pad(i)}`, amount: 100 + i, due_date: DUE_DATE });
  });
  const ms = performance.now() - start;
  console.log(
    `Setup: ${fmt(seeded)} seeded invoices; created 2 × ${fmt(sizeOf('a'))} (and 2 × ${fmt(sizeOf('wa'))} for the warm-up) through POST /invoices/ (${settings.setupConcurrency} in flight) in ${fmt(ms)} ms (${fmt((toCreate.length / ms) * 1000)} creates/s). Not measured.`,
  );
}

/** The Invoices table "pulled" into a memory sheet with its baseline, as a pull leaves them (test/sync/push/invoice-support.ts). */
async function pullInvoices(sandbox: SandboxProcess, settings: PushBenchSettings, sizeOf: (side: Side) => number): Promise<InvoiceBench> {
  const setup = benchClient(sandbox);
  await seedInvoices(setup, sizeOf, settings);
  const [categories, summary, invoices] = await Promise.all([setup.categories.list(), setup.accounts.summary(), listInvoices(setup)]);
  const lookups = buildLookups({ categories, accounts: summary.accounts });
  const rows: CoreValue[][] = invoices.map((invoice) => toRow(INVOICES_TABLE, invoice, lookups));
  const baselines = new MemoryBaselineStore();
  await baselines.write(INVOICES_TABLE.tableName, baselineOf(INVOICES_TABLE, rows));
  // The pane hands every push the plans, categories and accounts it read on connect: read once here, outside the counted runs.
  const reference = await readReference(setup);
  const idOf = new Map(invoices.map((invoice) => [invoice.reference, invoice.id]));
  return { sandbox, settings, setup, sheet: new MemoryPushSheet(INVOICES_TABLE, rows), baselines, reference, idOf, sizeOf };
}

function idOf(bench: InvoiceBench, side: Side, i: number): number {
  const id = bench.idOf.get(referenceOf(side, i));
  if (id === undefined) throw new Error(`${referenceOf(side, i)} is not in the pulled table`);
  return id;
}

/** The user's edits: expected date, status and notes of each of the side's invoices. */
function editSheet(bench: InvoiceBench, side: Side): void {
  const { sheet } = bench;
  for (let i = 0; i < bench.sizeOf(side); i += 1) {
    const at = sheet.find(idOf(bench, side, i));
    for (const [field, value] of Object.entries(edited(i))) sheet.set(at, field, value);
  }
}

/** The naive client: per invoice GET /invoices/{id}/, then PATCH /invoices/ with an array of one item. */
async function oneAtATime(bench: InvoiceBench, api: CashflowClient, side: Side): Promise<void> {
  for (let i = 0; i < bench.sizeOf(side); i += 1) {
    const id = idOf(bench, side, i);
    await api.invoices.get(id);
    await api.invoices.update([{ id, ...edited(i) }]);
  }
}

/** The invoices of a measured set the service does not hold as edited. */
function wrongInvoices(bench: InvoiceBench, after: ReadonlyMap<number, Invoice>, side: Side): string[] {
  const problems: string[] = [];
  for (let i = 0; i < bench.sizeOf(side); i += 1) {
    const invoice = after.get(idOf(bench, side, i));
    const want = edited(i);
    if (invoice?.expected_date !== want.expected_date || invoice.status !== want.status || invoice.notes !== want.notes)
      problems.push(
        `${referenceOf(side, i)}: ${invoice === undefined ? 'missing' : `${invoice.expected_date} / ${invoice.status} / ${invoice.notes}`}`,
      );
  }
  return problems;
}

function invoiceRow(bench: InvoiceBench): PushRow {
  const model = invoiceWriteModel(INVOICES_TABLE, { kind: 'company' });
  const { concurrency } = bench.settings;
  return {
    rows: bench.sizeOf('a'),
    warmRows: bench.sizeOf('wa'),
    sandboxPid: bench.sandbox.pid,
    edit: (side) => editSheet(bench, side),
    push: (counter, onPhase) =>
      pushTable(model, {
        reference: bench.reference,
        client: benchClient(bench.sandbox, counter.fetch),
        sheet: bench.sheet,
        baselines: bench.baselines,
        language: 'en',
        baselineState: 'stored',
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(onPhase === undefined ? {} : { onProgress: ({ phase }) => onPhase(phase) }),
      }),
    oneAtATime: (counter, side) => oneAtATime(bench, benchClient(bench.sandbox, counter.fetch), side),
    wrong: async () => {
      const after = new Map((await listInvoices(bench.setup)).map((invoice) => [invoice.id, invoice]));
      return { ours: wrongInvoices(bench, after, 'a'), sequential: wrongInvoices(bench, after, 'b') };
    },
  };
}

export async function benchPushInvoices(count: number, settings: PushBenchSettings): Promise<SideFigures[]> {
  const warm = warmSize(count, settings);
  const sizeOf = (side: Side): number => (side === 'a' || side === 'b' ? count : warm);
  const sandbox = await spawnPushSandbox(1000, settings);
  try {
    console.log(
      `\nPush of an Invoices table: ${fmt(count)} edited invoices (expected date, status, notes); ${whereText(sandbox, settings)}`,
    );
    const bench = await pullInvoices(sandbox, settings, sizeOf);
    const outcome = await runPushRow(invoiceRow(bench));
    printSides([outcome.ours, outcome.sequential]);
    printBulkPatchSummary(
      {
        records: 'invoices',
        patch: 'PATCH /invoices/',
        ids: Array.from({ length: count }, (_, i) => idOf(bench, 'a', i)),
        requestLine: (batch) => bench.setup.invoices.requestLine({ ids: batch }, MAX_ITEMS_PER_CALL, 1),
        concurrency: settings.concurrency,
        sequentialPerRow: 'GET /invoices/{id}/ + PATCH /invoices/ of one item',
      },
      outcome,
    );
    return [outcome.ours, outcome.sequential];
  } finally {
    await sandbox.close();
  }
}
