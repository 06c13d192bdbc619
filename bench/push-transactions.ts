/**
 * The transaction row of `npm run bench push` (#28): a Transactions table with 5,000 transactions given another
 * category path (one the Category cell's in-cell list offers: `categoryChoices`), pushed to the sandbox side by side
 * with a naive client:
 *   (a) our push (`pushTable(transactionWriteModel(), …)`: diff, bulk three-way read by `ids=`, `PATCH /transactions/`
 *       arrays of 1,000 `{id, category}`),
 *   (b) a sequential client: per row `GET /transactions/?ids=<id>` then `PATCH /transactions/{id}/` with
 *       `{category}`, strictly one request after the other.
 * Each side recategorizes its own transactions of the demo company (by id: the first 5,000 ours, the next 5,000 the
 * sequential client's, then the warm-up's), so the sandbox starts with enough of them (its `--transactions`).
 * Environment: BENCH_PUSH_TRANSACTIONS (default 5,000) and the knobs every row shares (push-sandbox.ts).
 */
import { MAX_ITEMS_PER_CALL, type CashflowClient, type Transaction } from '../src/api';
import { baselineOf, MemoryBaselineStore, MemoryPushSheet, pushTable, readReference, transactionWriteModel } from '../src/sync/push';
import { buildLookups, toRow, TRANSACTIONS_TABLE } from '../src/sync/tables';
import { categoryChoices } from '../src/sync/tables/category-list';
import type { CoreValue } from '../src/sync/workbook-port';
import { printBulkPatchSummary } from './bulk-patch-summary';
import { fmt, printSides, type SideFigures } from './push-figures';
import { runPushRow, type PushRow, type Side } from './push-row';
import { benchClient, spawnPushSandbox, warmSize, whereText, type PulledBenchTable, type PushBenchSettings } from './push-sandbox';
import type { SandboxProcess } from './sandbox-process';

/** Demo transactions beyond the four sets: the sandbox's own mix (some may sit in categories no list offers). */
const SLACK = 500;
const SIDES: readonly Side[] = ['a', 'b', 'wa', 'wb'];

async function listTransactions(api: CashflowClient): Promise<Transaction[]> {
  const out: Transaction[] = [];
  for await (const t of api.transactions.items({}, { pageSize: 1000 })) out.push(t);
  return out;
}

/** One recategorization: the transaction, the sheet's row, the path typed into its Category cell and its id. */
interface Change {
  id: number;
  at: number;
  path: string;
  category: number;
}

interface TransactionBench extends PulledBenchTable {
  /** Each set's changes, the same kind of change on each side. */
  changes: Record<Side, Change[]>;
}

/**
 * The Transactions table "pulled" into a memory sheet with its baseline, as a pull leaves them
 * (test/sync/push/transaction-support.ts), and each set's transactions with the path each is given: the i-th
 * offered path other than its own, so the sets spread over the list alike.
 */
async function pullTransactions(
  sandbox: SandboxProcess,
  settings: PushBenchSettings,
  sizeOf: (side: Side) => number,
): Promise<TransactionBench> {
  const setup = benchClient(sandbox);
  const [categories, summary, transactions] = await Promise.all([
    setup.categories.list(),
    setup.accounts.summary(),
    listTransactions(setup),
  ]);
  const lookups = buildLookups({ categories, accounts: summary.accounts });
  const rows: CoreValue[][] = transactions.map((t) => toRow(TRANSACTIONS_TABLE, t, lookups));
  const baselines = new MemoryBaselineStore();
  await baselines.write(TRANSACTIONS_TABLE.tableName, baselineOf(TRANSACTIONS_TABLE, rows));
  const choices = categoryChoices(categories);
  const idOfPath = new Map(categories.map((c) => [lookups.categoryPath(c.id), c.id]));
  const byId = [...transactions.keys()].sort((x, y) => (transactions[x]?.id ?? 0) - (transactions[y]?.id ?? 0));
  const needed = SIDES.reduce((n, side) => n + sizeOf(side), 0);
  if (byId.length < needed) throw new Error(`the sandbox holds ${byId.length} transactions, the bench needs ${needed}`);
  let next = 0;
  const changes = Object.fromEntries(
    SIDES.map((side) => [
      side,
      Array.from({ length: sizeOf(side) }, (_, i): Change => {
        const at = byId[next++] as number;
        const own = lookups.categoryPath(transactions[at]?.category.id ?? 0);
        const others = choices.filter((c) => c !== own);
        const path = others[i % others.length] as string;
        return { id: transactions[at]?.id ?? 0, at, path, category: idOfPath.get(path) ?? 0 };
      }),
    ]),
  ) as Record<Side, Change[]>;
  console.log(
    `Setup: ${fmt(transactions.length)} demo transactions pulled, ${choices.length} category paths offered; 2 × ${fmt(sizeOf('a'))} (and 2 × ${fmt(sizeOf('wa'))} for the warm-up) to recategorize. Not measured.`,
  );
  const reference = await readReference(setup);
  return { sandbox, settings, setup, sheet: new MemoryPushSheet(TRANSACTIONS_TABLE, rows), baselines, reference, changes };
}

/** The naive client: per transaction GET /transactions/?ids=<id>, then PATCH /transactions/{id}/ with {category}. */
async function oneAtATime(changes: readonly Change[], api: CashflowClient): Promise<void> {
  for (const change of changes) {
    await api.transactions.page({ ids: [change.id] });
    await api.transactions.updateCategory(change.id, change.category);
  }
}

/** The transactions of a measured set the service does not hold in their new category. */
function wrongTransactions(changes: readonly Change[], after: ReadonlyMap<number, Transaction>): string[] {
  return changes.flatMap((change) => {
    const t = after.get(change.id);
    return t?.category.id === change.category
      ? []
      : [`${change.id}: ${t === undefined ? 'missing' : `category ${t.category.id}, not ${change.category}`}`];
  });
}

function transactionRow(bench: TransactionBench): PushRow {
  const model = transactionWriteModel();
  const { concurrency } = bench.settings;
  return {
    rows: bench.changes.a.length,
    warmRows: bench.changes.wa.length,
    sandboxPid: bench.sandbox.pid,
    edit: (side) => bench.changes[side].forEach((change) => bench.sheet.set(change.at, 'category_path', change.path)),
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
    oneAtATime: (counter, side) => oneAtATime(bench.changes[side], benchClient(bench.sandbox, counter.fetch)),
    wrong: async () => {
      const after = new Map((await listTransactions(bench.setup)).map((t) => [t.id, t]));
      return { ours: wrongTransactions(bench.changes.a, after), sequential: wrongTransactions(bench.changes.b, after) };
    },
  };
}

export async function benchPushTransactions(count: number, settings: PushBenchSettings): Promise<SideFigures[]> {
  const warm = warmSize(count, settings);
  const sizeOf = (side: Side): number => (side === 'a' || side === 'b' ? count : warm);
  const sandbox = await spawnPushSandbox(2 * (count + warm) + SLACK, settings);
  try {
    console.log(`\nPush of a Transactions table: ${fmt(count)} transactions given another category; ${whereText(sandbox, settings)}`);
    const bench = await pullTransactions(sandbox, settings, sizeOf);
    const outcome = await runPushRow(transactionRow(bench));
    printSides([outcome.ours, outcome.sequential]);
    printBulkPatchSummary(
      {
        records: 'transactions',
        patch: 'PATCH /transactions/',
        ids: bench.changes.a.map((change) => change.id),
        requestLine: (batch) => bench.setup.transactions.requestLine({ ids: batch }, MAX_ITEMS_PER_CALL, 1),
        concurrency: settings.concurrency,
        sequentialPerRow: 'GET /transactions/?ids=<id> + PATCH /transactions/{id}/',
      },
      outcome,
    );
    return [outcome.ours, outcome.sequential];
  } finally {
    await sandbox.close();
  }
}
