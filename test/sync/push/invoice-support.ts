/**
 * Harness of the invoice push tests: a fresh sandbox per test, a client whose `fetch` records every request (and lets
 * a test answer or break one), another user's client, and the Invoices table (company-level, or a group's) "pulled"
 * into a memory sheet with its baseline, as a pull leaves them.
 */

import type { CashflowClient, Invoice } from '../../../src/api';
import { startSandbox } from '../../../src/sandbox';
import {
  baselineOf,
  invoiceWriteModel,
  MemoryBaselineStore,
  MemoryPushJournal,
  MemoryPushSheet,
  pushTable,
  undoPush,
  type InvoiceTarget,
  type PushChoices,
  type PushOptions,
  type PushResult,
  type UndoResult,
} from '../../../src/sync/push';
import { buildLookups, GROUP_INVOICES_TABLE, INVOICES_TABLE, toRow, type TableModel } from '../../../src/sync/tables';
import type { CompanyInvoice } from '../../../src/sync/tables/invoices-table';
import type { CoreValue } from '../../../src/sync/workbook-port';
import { recordedClients } from '../../support/recording-fetch';
import { writesTaker, type Hook, type Sandbox, type SentRequest } from './push-support';

export interface InvoiceHarness {
  sandbox: Sandbox;
  client: CashflowClient;
  other: CashflowClient;
  sent: SentRequest[];
  hook: { current?: Hook };
  model: TableModel<Invoice | CompanyInvoice>;
  sheet: MemoryPushSheet;
  baselines: MemoryBaselineStore;
  journal: MemoryPushJournal;
  push(choices?: PushChoices, options?: Partial<PushOptions>): Promise<PushResult>;
  undo(): Promise<UndoResult>;
  takeWrites(): SentRequest[];
  /** The service's invoices of the table, by id. */
  service(): Promise<Map<number, Invoice>>;
  /** The row of the sheet holding this id. */
  rowOf(id: number): number;
  close(): Promise<void>;
}

export interface InvoiceSetUp {
  group?: boolean;
  language?: 'en' | 'de' | 'it';
  before?(other: CashflowClient): Promise<void>;
}

export async function setUpInvoices(options: InvoiceSetUp = {}): Promise<InvoiceHarness> {
  const sandbox = await startSandbox({ port: 0, transactions: 20 });
  const credentials = options.group ? sandbox.credentials.group : sandbox.credentials.company;
  const { client, other, sent, hook } = recordedClients(sandbox, options.language ?? 'en', credentials);
  await options.before?.(other);
  const companies = sandbox.companyIds.group;
  const target: InvoiceTarget = options.group ? { kind: 'group', companies } : { kind: 'company' };
  const model = (options.group ? GROUP_INVOICES_TABLE : INVOICES_TABLE) as TableModel<Invoice | CompanyInvoice>;
  const list = async (): Promise<Array<Invoice | CompanyInvoice>> => {
    const out: Array<Invoice | CompanyInvoice> = [];
    if (!options.group) for await (const i of other.invoices.items({}, { pageSize: 1000 })) out.push(i);
    else
      for (const company of companies)
        for await (const i of other.groupInvoices(company).items({}, { pageSize: 1000 })) out.push({ ...i, company });
    return out;
  };
  const lookups = options.group
    ? buildLookups()
    : buildLookups({ categories: await other.categories.list(), accounts: (await other.accounts.summary()).accounts });
  const rows: CoreValue[][] = (await list()).map((i) => toRow(model, i, lookups));
  const baselines = new MemoryBaselineStore();
  await baselines.write(model.tableName, baselineOf(model, rows));
  const sheet = new MemoryPushSheet(model, rows);
  const journal = new MemoryPushJournal();
  const writeModel = invoiceWriteModel(model, target);
  const language = options.language ?? 'en';
  const takeWrites = writesTaker(sent);
  const recorded = { sandbox, client, other, sent, hook };
  return {
    ...recorded,
    ...{ model, sheet, baselines, journal },
    push: (choices = {}, extra = {}) =>
      pushTable(writeModel, {
        client,
        sheet,
        baselines,
        journal,
        language,
        baselineState: 'stored',
        choices,
        sleep: async () => undefined,
        ...extra,
      }),
    undo: () => undoPush(writeModel, { client, sheet, baselines, journal, language, sleep: async () => undefined }),
    takeWrites,
    service: async () => new Map((await list()).map((i) => [i.id, i])),
    rowOf: (id) => sheet.find(id),
    close: () => sandbox.close(),
  };
}

/** A day `days` from today (UTC), as the sheet holds dates. */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
