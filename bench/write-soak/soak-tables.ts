/**
 * The writable tables the soak cycles on (the forecast's budgets, a scenario's, the company's Invoices, Transactions),
 * each with its pull target, its pushable table (model and WriteModel, as the pane's Changes view takes them) and how
 * the service's state of it is read: straight from the sandbox's store, through the sandbox's own serializers and the
 * table model (no request, so no fault), as `{ key, id, externalId, fields }` in the fields a push compares.
 */

import type { Account, Budget, Category, Invoice, Transaction } from '../../src/api';
import type { Store } from '../../src/sandbox/store';
import { accountJson } from '../../src/sandbox/serializers/account';
import { budgetJson } from '../../src/sandbox/serializers/budget';
import { categoryJson } from '../../src/sandbox/serializers/category';
import { invoiceJson } from '../../src/sandbox/serializers/invoice';
import { transactionJson } from '../../src/sandbox/serializers/transaction';
import type { PullTarget } from '../../src/sync/pull';
import { baselineOf, type Fields } from '../../src/sync/push';
import { pushableOf, type PushableTable } from '../../src/sync/pushable';
import { buildLookups, toRow, type Lookups, type TableModel } from '../../src/sync/tables';

export type SoakTableKind = 'budgets' | 'invoices' | 'transactions';

/** A row as the soak compares it: its key (budgets: the external ID where there is one), id and fields. */
export interface LedgerRow {
  key: string;
  id: number | null;
  externalId: string | null;
  fields: Fields;
}

export interface SoakTable {
  /** The Excel table's name. */
  name: string;
  kind: SoakTableKind;
  target: PullTarget;
  pushable: PushableTable;
  /** The service's records of the table, in the API's shape. */
  records(store: Store): unknown[];
}

export const keyOf = (row: { id: number | null; externalId: string | null }, kind: SoakTableKind): string =>
  kind === 'budgets' && row.externalId !== null ? `ext:${row.externalId}` : `id:${row.id ?? '?'}`;

/** The tables of the demo company: forecast budgets, the first ready scenario's, Invoices, Transactions. */
export function soakTables(store: Store, companyId: number): SoakTable[] {
  const plans = store.plansOf(companyId);
  const forecast = plans.find((p) => p.type === 'FORECAST' && p.isActive);
  const scenario = plans.find((p) => p.type === 'SCENARIO' && p.updateStatus === 'READY' && !p.isCommitted);
  const budgetsOf = (planId: number | undefined) => (s: Store) =>
    planId === undefined ? [] : s.budgetsOfPlans([planId]).map((b) => budgetJson(s, b));
  const tables: Array<Omit<SoakTable, 'pushable'>> = [
    { name: 'ForecastBudgets', kind: 'budgets', target: { resource: 'forecastBudgets' }, records: budgetsOf(forecast?.id) },
    ...(scenario === undefined
      ? []
      : [
          {
            name: '',
            kind: 'budgets' as const,
            target: { resource: 'scenarioBudgets' as const, scenarioId: scenario.id },
            records: budgetsOf(scenario.id),
          },
        ]),
    {
      name: 'Invoices',
      kind: 'invoices',
      target: { resource: 'invoices' },
      records: (s) => s.invoicesOf([companyId]).map((i) => invoiceJson(s, i)),
    },
    {
      name: 'Transactions',
      kind: 'transactions',
      target: { resource: 'transactions' },
      records: (s) => s.transactionsOf(companyId).map((t) => transactionJson(s, t)),
    },
  ];
  return tables.map((t) => {
    const pushable = pushableOf(t.target);
    if (pushable === undefined) throw new Error(`${t.target.resource} is not pushable`);
    return { ...t, name: pushable.model.tableName, pushable };
  });
}

/** The company's categories and accounts as the API shows them, for the lookups (category paths, account names). */
export function storeLookups(store: Store, companyId: number): { lookups: Lookups; categories: Category[] } {
  const categories = [...store.categories.values()]
    .filter((c) => c.companyId === companyId)
    .map((c) => categoryJson(store, c) as unknown as Category);
  const accounts = store.accountsOf([companyId]).map((a) => accountJson(store, a) as unknown as Account);
  return { lookups: buildLookups({ categories, accounts }), categories };
}

/** The service's rows of a table by key, as the push compares them (its editable fields). */
export function serviceRows(table: SoakTable, store: Store, companyId: number): Map<string, LedgerRow> {
  const { lookups } = storeLookups(store, companyId);
  const model = table.pushable.model as TableModel<Budget | Invoice | Transaction>;
  const rows = table.records(store).map((r) => toRow(model, r as Budget | Invoice | Transaction, lookups));
  return new Map(
    baselineOf(model, rows).map((b) => {
      const row = { id: b.id, externalId: b.externalId, fields: b.fields };
      return [keyOf(row, table.kind), { key: keyOf(row, table.kind), ...row }];
    }),
  );
}
