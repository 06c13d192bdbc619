/**
 * Harness of the push tests: a fresh sandbox per test (the pushes change it), a client whose `fetch` records every
 * request with its body (and lets a test answer or break one), a second client for "another user" editing the same
 * company meanwhile, and a budget table "pulled" into a memory sheet with its baseline, as a pull leaves them.
 */

import type { CashflowClient, Budget } from '../../../src/api';
import { startSandbox } from '../../../src/sandbox';
import {
  recordedClients,
  recordingFetch as recordInto,
  type Hook,
  type RecordedClients,
  type SentRequest,
} from '../../support/recording-fetch';

export type { Hook, SentRequest };
import {
  baselineOf,
  MemoryBaselineStore,
  MemoryPushJournal,
  MemoryPushSheet,
  pushBudgets,
  type BudgetTarget,
  type PushChoices,
  type PushOptions,
  type PushResult,
} from '../../../src/sync/push';
import { buildLookups, FORECAST_BUDGETS_TABLE, scenarioBudgetsTable, toRow, type TableModel } from '../../../src/sync/tables';
import type { CoreValue } from '../../../src/sync/workbook-port';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface PushHarness extends RecordedClients {
  sandbox: Sandbox;
  model: TableModel<Budget>;
  target: BudgetTarget;
  sheet: MemoryPushSheet;
  baselines: MemoryBaselineStore;
  journal: MemoryPushJournal;
  push(choices?: PushChoices, options?: Partial<PushOptions>): Promise<PushResult>;
  /** Write requests (not GET, not the token) sent since the last call of `takeWrites`. */
  takeWrites(): SentRequest[];
  /** The service's budgets of the table's plan, by id. */
  service(): Promise<Map<number, Budget>>;
  close(): Promise<void>;
}

export interface SetUpOptions {
  scenario?: boolean;
  language?: 'en' | 'de' | 'it';
  /** Runs before the pull, as another user (to give budgets values the demo data lacks). */
  before?(other: CashflowClient): Promise<void>;
}

/** A `fetch` that records every request with its body; `hook.current` may answer or break one. */
export function recordingFetch(): { sent: SentRequest[]; hook: { current?: Hook }; fetch: typeof fetch } {
  const sent: SentRequest[] = [];
  const hook: { current?: Hook } = {};
  return { sent, hook, fetch: recordInto(sent, hook) };
}

/** The write requests (not GET, not the token) sent since its last call. */
export function writesTaker(sent: readonly SentRequest[]): () => SentRequest[] {
  let taken = 0;
  return () => {
    const writes = sent.slice(taken).filter((s) => s.method !== 'GET' && !s.path.endsWith('/auth/token/'));
    taken = sent.length;
    return writes;
  };
}

export type Fault = 'none' | 'error500' | 'lostAnswer' | 'throttled';

/** Breaks the writes in turn as `faults` says (a non-JSON 500 before, an answer lost after, a 429); reads and the token pass. */
export function faultHook(faults: readonly Fault[]): Hook {
  let next = 0;
  return async (request, forward) => {
    if (request.method === 'GET' || request.path.endsWith('/auth/token/')) return undefined;
    const kind = faults[next % faults.length] ?? 'none';
    next += 1;
    if (kind === 'error500') return new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } });
    if (kind === 'throttled') return Response.json({ detail: 'Request was throttled.' }, { status: 429, headers: { 'Retry-After': '1' } });
    if (kind === 'lostAnswer') {
      await forward();
      throw new TypeError('fetch failed');
    }
    return undefined;
  };
}

export async function setUpPush(options: SetUpOptions = {}): Promise<PushHarness> {
  const sandbox = await startSandbox({ port: 0, transactions: 20 });
  const { client, other, sent, hook, sleeps } = recordedClients(sandbox, options.language ?? 'en');
  await options.before?.(other);
  const plans = await other.plans.list();
  const scenario = plans.find((p) => p.type === 'SCENARIO');
  if (options.scenario && !scenario) throw new Error('the demo company has scenarios');
  const target: BudgetTarget = options.scenario && scenario ? { kind: 'scenario', scenarioId: scenario.id } : { kind: 'forecast' };
  const model = target.kind === 'scenario' ? scenarioBudgetsTable(target.scenarioId) : FORECAST_BUDGETS_TABLE;

  const list = async (): Promise<Budget[]> => {
    const out: Budget[] = [];
    const source = target.kind === 'scenario' ? other.scenarioBudgets(target.scenarioId) : other.forecastBudgets;
    for await (const b of source.items({}, { pageSize: 1000 })) out.push(b);
    return out;
  };
  const [categories, summary, budgets] = await Promise.all([other.categories.list(), other.accounts.summary(), list()]);
  const lookups = buildLookups({ categories, accounts: summary.accounts });
  const rows: CoreValue[][] = budgets.map((b) => toRow(model, b, lookups));
  const baselines = new MemoryBaselineStore();
  await baselines.write(model.tableName, baselineOf(model, rows));
  const sheet = new MemoryPushSheet(model, rows);
  const journal = new MemoryPushJournal();
  const takeWrites = writesTaker(sent);
  return {
    sandbox,
    client,
    other,
    sent,
    sleeps,
    hook,
    model,
    target,
    sheet,
    baselines,
    journal,
    push: (choices = {}, extra = {}) =>
      pushBudgets(model, target, {
        client,
        sheet,
        baselines,
        journal,
        language: options.language ?? 'en',
        baselineState: 'stored',
        choices,
        sleep: async () => undefined,
        ...extra,
      }),
    takeWrites,
    service: async () => new Map((await list()).map((b) => [b.id, b])),
    close: () => sandbox.close(),
  };
}

/** The position of the first row whose external ID passes `test`. */
export function rowWhere(h: PushHarness, test: (externalId: string | null) => boolean): number {
  const at = h.sheet.rows.findIndex((r) => test(h.sheet.cell(h.sheet.rows.indexOf(r), 'external_id') as string | null));
  if (at < 0) throw new Error('no such row in the demo data');
  return at;
}

export const addressable = (e: string | null): boolean => e !== null && !e.includes('.') && !e.includes('/');
