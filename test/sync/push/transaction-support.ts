/**
 * Harness of the transaction-category push tests: a fresh sandbox per test, a client whose `fetch` records every
 * request (and lets a test answer or break one), another user's client, and the Transactions table "pulled" into a
 * memory sheet with its baseline, as a pull leaves them; the categories a transaction can be mapped to, by path.
 */

import type { CashflowClient, Category, Transaction } from '../../../src/api';
import { startSandbox } from '../../../src/sandbox';
import {
  baselineOf,
  MemoryBaselineStore,
  MemoryPushJournal,
  MemoryPushSheet,
  pushTable,
  transactionWriteModel,
  undoPush,
  type PushChoices,
  type PushOptions,
  type PushResult,
  type UndoResult,
} from '../../../src/sync/push';
import { buildLookups, TRANSACTIONS_TABLE, toRow, type Lookups } from '../../../src/sync/tables';
import { categoryChoices } from '../../../src/sync/tables/category-list';
import type { CoreValue } from '../../../src/sync/workbook-port';
import { recordedClients } from '../../support/recording-fetch';
import { writesTaker, type Hook, type Sandbox, type SentRequest } from './push-support';

export interface TransactionHarness {
  sandbox: Sandbox;
  client: CashflowClient;
  other: CashflowClient;
  sent: SentRequest[];
  hook: { current?: Hook };
  sheet: MemoryPushSheet;
  baselines: MemoryBaselineStore;
  journal: MemoryPushJournal;
  categories: Category[];
  lookups: Lookups;
  /** The paths the Category cell's in-cell list offers. */
  choices: string[];
  push(choices?: PushChoices, options?: Partial<PushOptions>): Promise<PushResult>;
  undo(): Promise<UndoResult>;
  takeWrites(): SentRequest[];
  /** The service's transactions, by id. */
  service(): Promise<Map<number, Transaction>>;
  /** The id of the category a path names. */
  idOf(path: string): number;
  close(): Promise<void>;
}

export interface TransactionSetUp {
  transactions?: number;
  language?: 'en' | 'de' | 'it';
}

export async function setUpTransactions(options: TransactionSetUp = {}): Promise<TransactionHarness> {
  const sandbox = await startSandbox({ port: 0, transactions: options.transactions ?? 30 });
  const { client, other, sent, hook } = recordedClients(sandbox, options.language ?? 'en');
  const list = async (): Promise<Transaction[]> => {
    const out: Transaction[] = [];
    for await (const t of other.transactions.items({}, { pageSize: 1000 })) out.push(t);
    return out;
  };
  const categories = await other.categories.list();
  const lookups = buildLookups({ categories, accounts: (await other.accounts.summary()).accounts });
  const rows: CoreValue[][] = (await list()).map((t) => toRow(TRANSACTIONS_TABLE, t, lookups));
  const baselines = new MemoryBaselineStore();
  await baselines.write(TRANSACTIONS_TABLE.tableName, baselineOf(TRANSACTIONS_TABLE, rows));
  const sheet = new MemoryPushSheet(TRANSACTIONS_TABLE, rows);
  const journal = new MemoryPushJournal();
  const writeModel = transactionWriteModel();
  const language = options.language ?? 'en';
  const common = { client, sheet, baselines, journal, language, sleep: async () => undefined } as const;
  return {
    ...{ sandbox, client, other, sent, hook, sheet, baselines, journal, categories, lookups },
    choices: categoryChoices(categories),
    push: (choices = {}, extra = {}) => pushTable(writeModel, { ...common, baselineState: 'stored', choices, ...extra }),
    undo: () => undoPush(writeModel, common),
    takeWrites: writesTaker(sent),
    service: async () => new Map((await list()).map((t) => [t.id, t])),
    idOf: (path) => {
      const found = categories.find((c) => lookups.categoryPath(c.id) === path);
      if (found === undefined) throw new Error(`no category ${path}`);
      return found.id;
    },
    close: () => sandbox.close(),
  };
}
