/**
 * Harness of the pull tests: a sandbox on a random loopback port, a client with its own token cache and a
 * recording `fetch` (requests and rows per path), the Excel simulation as the global `Excel`, the Excel port
 * and a memory pull-state store.
 */

import { CashflowClient, TokenCache, type ClientOptions } from '../../../src/api';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { createSimulatedWorkbook, installExcelSimulation, type SimulatedWorkbook } from '../../../src/preview/excel-sim';
import { startSandbox, type SandboxOptions } from '../../../src/sandbox';
import { createPuller, MemoryPullStateStore, type Puller, type PullerOptions } from '../../../src/sync/pull';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export function startService(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, transactions: 1500, ...options });
}

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
  /** Records in the answer (`results`, `results.invoices`, `results.budgets` or a plain array). */
  rows: number;
}

export type FetchHook = (request: Request, attempt: number) => Response | undefined | Promise<Response | undefined>;

/** A hook that answers page `page` of `pathname` with the service's non-JSON 500, every attempt. */
export function serverErrorOn(pathname: string, page: number): FetchHook {
  return (request) => {
    const url = new URL(request.url);
    return url.pathname === pathname && url.searchParams.get('page') === String(page)
      ? new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } })
      : undefined;
  };
}

/** A `fetch` that records every call; `hook` may answer a request itself (fault injection). */
export function recordingFetch(hook?: { current?: FetchHook }): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  let attempt = 0;
  const wrapped: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    attempt += 1;
    const injected = await hook?.current?.(request, attempt);
    const response = injected ?? (await fetch(request));
    let rows = 0;
    if (response.ok && request.method === 'GET') {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      rows = countRows(body);
    }
    sent.push({ method: request.method, path: url.pathname, query: url.searchParams, status: response.status, rows });
    return response;
  };
  return { fetch: wrapped, sent };
}

function countRows(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  if (body === null || typeof body !== 'object') return 0;
  const results = (body as { results?: unknown }).results;
  if (Array.isArray(results)) return results.length;
  if (results !== null && typeof results === 'object') {
    const inner = results as { invoices?: unknown; budgets?: unknown };
    if (Array.isArray(inner.invoices)) return inner.invoices.length;
    if (Array.isArray(inner.budgets)) return inner.budgets.length;
  }
  const accounts = (body as { accounts?: unknown }).accounts;
  return Array.isArray(accounts) ? accounts.length : 0;
}

export interface Harness {
  client: CashflowClient;
  sent: Sent[];
  hook: { current?: FetchHook };
  workbook: SimulatedWorkbook;
  port: ExcelWorkbookPort;
  store: MemoryPullStateStore;
  puller: Puller;
  uninstall(): void;
}

export function harness(
  sandbox: Sandbox,
  overrides: { client?: Partial<ClientOptions>; puller?: Partial<PullerOptions>; port?: ExcelWorkbookPort } = {},
): Harness {
  const hook: { current?: FetchHook } = {};
  const { fetch: recorded, sent } = recordingFetch(hook);
  const client = new CashflowClient({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.company.clientId,
    clientSecret: sandbox.credentials.company.clientSecret,
    language: 'en',
    fetch: recorded,
    tokenCache: new TokenCache(),
    timeoutMs: 10_000,
    sleep: async () => undefined,
    ...overrides.client,
  });
  const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ sheets: ['Sheet1'] }));
  const port = overrides.port ?? new ExcelWorkbookPort();
  const store = new MemoryPullStateStore();
  const puller = createPuller({ client, port, store, ...overrides.puller });
  return { client, sent, hook, workbook, port, store, puller, uninstall };
}

/** A test file's sandbox and the running test's harness (`useService`). */
export interface ServiceSuite {
  readonly sandbox: Sandbox;
  /** The running test's harness: a fresh one per test, or the one `use` made. */
  readonly h: Harness;
  /** Replaces the running test's harness with one made with these overrides. */
  use(overrides?: Parameters<typeof harness>[1]): Harness;
}

/**
 * A test file's lifecycle in one call: one sandbox for the file, a fresh harness per test, and after each test the
 * sandbox answering normally again (no faults) and the harness's Excel simulation uninstalled.
 */
export function useService(options: SandboxOptions = {}): ServiceSuite {
  let sandbox: Sandbox | undefined;
  let current: Harness | undefined;
  const started = (): Sandbox => {
    if (sandbox === undefined) throw new Error('useService: the sandbox starts in beforeAll');
    return sandbox;
  };
  beforeAll(async () => {
    sandbox = await startService(options);
  });
  afterAll(() => sandbox?.close());
  beforeEach(() => {
    current = harness(started());
  });
  afterEach(() => {
    sandbox?.setFaults({});
    current?.uninstall();
    current = undefined;
  });
  return {
    get sandbox() {
      return started();
    },
    get h() {
      if (current === undefined) throw new Error('useService: a harness exists only inside a test');
      return current;
    },
    use(overrides = {}) {
      current?.uninstall();
      current = harness(started(), overrides);
      return current;
    },
  };
}

/** Requests other than the token endpoint. */
export function apiCalls(sent: readonly Sent[]): Sent[] {
  return sent.filter((s) => !s.path.endsWith('/auth/token/'));
}

/** The table's data rows as the simulation holds them (cells), with headers. */
export function tableCells(
  workbook: SimulatedWorkbook,
  tableName: string,
): { headers: string[]; rows: unknown[][]; types: string[][]; formats: string[][]; sheet: string; address: string } {
  const table = workbook.tables().find((t) => t.name === tableName);
  if (!table) throw new Error(`no table ${tableName}`);
  const local = table.address.split('!')[1] ?? '';
  const values = workbook.values(table.sheet, local);
  const types = workbook.valueTypes(table.sheet, local);
  const formats = workbook.numberFormats(table.sheet, local);
  return {
    headers: (values[0] ?? []).map(String),
    rows: values.slice(1),
    types: types.slice(1),
    formats: formats.slice(1),
    sheet: table.sheet,
    address: table.address,
  };
}

/** The whole visible state of a sheet (to compare before/after a failed pull). */
export function sheetState(workbook: SimulatedWorkbook, sheet: string): unknown {
  return {
    tables: workbook.tables(),
    values: workbook.values(sheet),
    formulas: workbook.formulas(sheet),
    formats: workbook.numberFormats(sheet),
    types: workbook.valueTypes(sheet),
  };
}

export function serial(date: string): number {
  return (Date.parse(`${date}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** The error a pull that should fail failed with (a pull that succeeds fails the test). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('the pull should have failed');
  return outcome;
}
