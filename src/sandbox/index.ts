/**
 * The sandbox: a local implementation of the cash-flow planning service's public REST API with a seeded
 * demo world. `startSandbox()` is the entry point for the CLI, the conformance suite and client tests.
 */
import type { AddressInfo } from 'node:net';
import { TokenRegistry } from './auth';
import { CorsPolicy, type CorsOption } from './cors';
import { FaultInjector, type FaultKind, type FaultOptions } from './faults';
import { StateSaver, loadState, saveState } from './persistence';
import { withPageFaults } from './page-faults';
import { mulberry32 } from './prng';
import { accountRoutes } from './routes/accounts';
import { budgetRoutes } from './routes/budgets';
import { catalogRoutes } from './routes/catalog';
import { invoiceRoutes } from './routes/invoices';
import { tokenRoutes } from './routes/token';
import { transactionRoutes } from './routes/transactions';
import { COMPANY_IDS, CREDENTIALS, seedState } from './seed';
import { buildServer, type AppliedWrite } from './server';
import { Store } from './store';
import { TransactionQueryCache } from './transaction-query';
import { isoDate } from './calendar';
import { companyOf } from './request-context';

export interface SandboxOptions {
  /** 0 = random (default); the CLI defaults to 8787. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 42; the data is deterministic from the seed and the clock's date at start. */
  seed?: number;
  /** Transactions of the demo company, default 5000; up to 1,100,000 for benchmarks (a 1,000,000-row pull: ~6 s to seed, ~550 MB). */
  transactions?: number;
  /** Access token lifetime in seconds (`expires_in`), default 300. */
  tokenTtl?: number;
  /** Origin written into next/previous links; default: the origin the request was sent to (Host header). */
  linkHost?: string;
  /** Injectable clock: token expiry, date_created/date_updated, "today". */
  now?: () => Date;
  /** Default true with the add-in's dev origins; false = no CORS support at all. */
  cors?: CorsOption;
  /** Optional JSON persistence of the state across restarts. */
  dataFile?: string;
  /** Business edition account limit of the demo company (default 25). */
  accountLimit?: number;
  faults?: FaultOptions;
  logger?: boolean;
  /** How long a client may take to send a whole request, default 30 s; then 408 (server.ts). */
  requestTimeoutMs?: number;
  /** Told of every write applied (benchmarks count what the service applied; server.ts). */
  onWriteApplied?: (write: AppliedWrite) => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface RunningSandbox {
  url: string;
  credentials: {
    company: { clientId: 'demo-company'; clientSecret: 'demo-secret' };
    group: { clientId: 'demo-group'; clientSecret: 'demo-group-secret' };
    basic: { clientId: 'demo-basic'; clientSecret: 'demo-secret' };
  };
  companyIds: { demo: number; basic: number; group: number[] };
  setFaults(f: SandboxOptions['faults']): void;
  /** The faults met since the start, by kind (drawn ones and the other user's edits). */
  faultsMet(): Record<FaultKind, number>;
  /**
   * The in-memory state itself, for in-process benchmarks and tests only: reading the service's state without a
   * request (no fault on that path), or editing it as another user would, outside the API.
   */
  store: Store;
  close(): Promise<void>;
}

export type { FaultKind, FaultOptions } from './faults';
export type { AppliedWrite } from './server';
export type { TokenRedirect } from './token-redirect';

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? (() => new Date());
  const seed = options.seed ?? 42;
  const accountLimit = options.accountLimit ?? 25;
  const loaded = options.dataFile ? loadState(options.dataFile) : undefined;
  const state = loaded ?? seedState({ seed, transactions: options.transactions ?? 5000, now: now().getTime(), accountLimit });
  const store = new Store(state);
  const demo = store.companies.get(COMPANY_IDS.demo);
  if (demo) demo.accountLimit = accountLimit;

  let saver: StateSaver | undefined;
  if (options.dataFile) {
    const file = options.dataFile;
    if (!loaded) saveState(file, store.toState());
    saver = new StateSaver(file, () => store.toState());
    const s = saver;
    store.onWrite(() => s.schedule());
  }

  const tokens = new TokenRegistry(store.credentials, options.tokenTtl ?? 300);
  const faults = new FaultInjector(options.faults, mulberry32((seed ^ 0x5eed5eed) >>> 0));
  const cache = new TransactionQueryCache();
  const beforeList = (context: Parameters<Parameters<typeof transactionRoutes>[1]>[0]) => {
    const page = context.query.get('page');
    if (page !== undefined && page !== '1') faults.concurrentEdit(store, companyOf(context.principal), context.now, isoDate(context.now));
  };
  const routes = withPageFaults(
    [
      ...tokenRoutes(tokens),
      ...catalogRoutes(),
      ...accountRoutes(),
      ...transactionRoutes(cache, beforeList),
      ...invoiceRoutes(),
      ...budgetRoutes((context, planIds, ids) => void faults.concurrentBudgetEdit(context.store, planIds, ids, context.now)),
    ],
    () => faults.pageFaults(),
  );
  const app = buildServer({
    store,
    routes,
    tokens,
    cors: new CorsPolicy(options.cors),
    faults,
    now,
    linkHost: options.linkHost,
    logger: options.logger ?? false,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    ...(options.onWriteApplied === undefined ? {} : { onWriteApplied: options.onWriteApplied }),
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${address.port}`,
    credentials: {
      company: { ...CREDENTIALS.company },
      group: { ...CREDENTIALS.group },
      basic: { ...CREDENTIALS.basic },
    },
    companyIds: { demo: COMPANY_IDS.demo, basic: COMPANY_IDS.basic, group: [...COMPANY_IDS.group] },
    setFaults: (f) => faults.set(f),
    faultsMet: () => ({ ...faults.met }),
    store,
    close: async () => {
      await app.close();
      saver?.flush();
    },
  };
}
