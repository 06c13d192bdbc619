/**
 * Which pulled tables the pane sends from, and how: a pushable table's model, the WriteModel its push and undo run
 * over (src/sync/push), what its records are called (the Changes view's words: budgets, invoices, transactions), and what the pane
 * can say before anything is sent (a committed plan). Every rule is in the core; this only maps a pull target to it.
 */

import type { Plan } from '../../api';
import { companiesOf, type PullTarget } from '../pull';
import {
  budgetWriteModel,
  invoiceWriteModel,
  planOf,
  transactionWriteModel,
  type InvoiceRecord,
  type PushReference,
  type WriteModel,
} from '../push';
import {
  FORECAST_BUDGETS_TABLE,
  GROUP_INVOICES_TABLE,
  INVOICES_TABLE,
  scenarioBudgetsTable,
  TRANSACTIONS_TABLE,
  type TableModel,
} from '../tables';

/** What a pushable table's rows are, for the words the Changes view uses about them. */
export type PushableRecords = 'budgets' | 'invoices' | 'transactions';

export interface PushableTable {
  model: TableModel<unknown>;
  writeModel: WriteModel<unknown>;
  records: PushableRecords;
  /** The plan the table writes into when the reference read on connect says it is committed (budgets only). */
  committedPlan(reference: PushReference | undefined): Plan | undefined;
}

const noPlan = (): undefined => undefined;

/** A pushable table's model and WriteModel, from its pull target; undefined for the tables nothing is sent from. */
export function pushableOf(target: PullTarget): PushableTable | undefined {
  switch (target.resource) {
    case 'forecastBudgets':
    case 'scenarioBudgets':
      return budgetsOf(target);
    case 'invoices':
      return invoicesOf(INVOICES_TABLE, { kind: 'company' });
    case 'groupInvoices':
      return invoicesOf(GROUP_INVOICES_TABLE, { kind: 'group', companies: companiesOf(target) });
    case 'transactions':
      return {
        model: TRANSACTIONS_TABLE as TableModel<unknown>,
        writeModel: transactionWriteModel() as WriteModel<unknown>,
        records: 'transactions',
        committedPlan: noPlan,
      };
    default:
      return undefined;
  }
}

function budgetsOf(target: Extract<PullTarget, { resource: 'forecastBudgets' | 'scenarioBudgets' }>): PushableTable {
  const plan =
    target.resource === 'forecastBudgets'
      ? ({ kind: 'forecast' } as const)
      : ({ kind: 'scenario', scenarioId: target.scenarioId } as const);
  const model = plan.kind === 'forecast' ? FORECAST_BUDGETS_TABLE : scenarioBudgetsTable(plan.scenarioId);
  const committedPlan = (reference: PushReference | undefined) => {
    const found = planOf(reference?.plans ?? [], plan);
    return found?.is_committed === true ? found : undefined;
  };
  return { model, writeModel: budgetWriteModel(model, plan), records: 'budgets', committedPlan };
}

/** The company's Invoices table, or a group's (written through each row's company). Invoices have no plan. */
function invoicesOf(table: TableModel<unknown>, target: Parameters<typeof invoiceWriteModel>[1]): PushableTable {
  const model = table as TableModel<InvoiceRecord>;
  return { model: table, writeModel: invoiceWriteModel(model, target) as WriteModel<unknown>, records: 'invoices', committedPlan: noPlan };
}
