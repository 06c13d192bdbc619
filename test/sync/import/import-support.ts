/**
 * Harness of the import tests: a sandbox per test, a client whose `fetch` records every request (and lets a test
 * answer or break one), another client to read the service as it is, and an Import table in memory.
 */

import type { Transaction } from '../../../src/api';
import { startSandbox } from '../../../src/sandbox';
import { recordedClients, type Hook, type RecordedClients, type SentRequest } from '../../support/recording-fetch';

export type { Hook, SentRequest };
import { importStatement, MemoryImportSheet, type ImportOptions, type ImportResult, type MemoryImportRow } from '../../../src/sync/import';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface ImportHarness extends RecordedClients {
  sandbox: Sandbox;
  sheet: MemoryImportSheet;
  send(options?: Partial<ImportOptions>): Promise<ImportResult>;
  /** The POSTs of transactions since the last call, with the number of items each carried. */
  takePosts(): number[];
  /** The account's transactions created after the harness started (by id above the highest before). */
  created(accountName: string): Promise<Transaction[]>;
  accountId(name: string): number;
  close(): Promise<void>;
}

export const lostAnswer = (): never => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
};

/** A hook that lets a transactions POST reach the service, then loses its answer (`accountId`: only that account's). */
export function answerLostAfterWrite(accountId?: number): Hook {
  return async (request, forward) => {
    const path = accountId === undefined ? '/transactions/' : `/accounts/${accountId}/transactions/`;
    if (request.method !== 'POST' || !request.path.endsWith(path)) return undefined;
    await forward();
    return lostAnswer();
  };
}

export async function setUpImport(rows: MemoryImportRow[] = []): Promise<ImportHarness> {
  const sandbox = await startSandbox({ port: 0, transactions: 20 });
  const clients = recordedClients(sandbox, 'en');
  const { client, other, sent } = clients;
  const { accounts } = await other.accounts.summary();
  let highest = 0;
  for await (const t of other.transactions.items({}, { pageSize: 1000 })) highest = Math.max(highest, t.id);
  const sheet = new MemoryImportSheet(rows);
  let taken = 0;
  const accountId = (name: string): number => {
    const account = accounts.find((a) => a.name === name);
    if (account === undefined) throw new Error(`no account ${name} in the demo data`);
    return account.id;
  };
  return {
    ...clients,
    sandbox,
    sheet,
    send: (options = {}) => importStatement({ client, sheet, language: 'en', sleep: async () => undefined, ...options }),
    takePosts() {
      const posts = sent.slice(taken).filter((s) => s.method === 'POST' && s.path.endsWith('/transactions/'));
      taken = sent.length;
      return posts.map((p) => (Array.isArray(p.body) ? p.body.length : 1));
    },
    async created(accountName) {
      const out: Transaction[] = [];
      for await (const t of other.transactions.items({ account: [accountId(accountName)] }, { pageSize: 1000 }))
        if (t.id > highest) out.push(t);
      return out.sort((a, b) => a.id - b.id);
    },
    accountId,
    close: () => sandbox.close(),
  };
}

/** A statement line for the Import table (the account by name). */
export function line(n: number, account = 'Kasse', extra: MemoryImportRow = {}): MemoryImportRow {
  const day = String((n % 28) + 1).padStart(2, '0');
  return {
    value_date: `2025-03-${day}`,
    amount: -(n + 1) - 0.25,
    purpose: `Purpose ${n}`,
    counterpart_name: `Counterpart ${n % 7}`,
    account,
    ...extra,
  };
}
