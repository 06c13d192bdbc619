/**
 * The tables the Data view offers for a connection: a company's resources (with one row per scenario), or what
 * the service offers group credentials (each company's invoices in one table, banks and accounts across the
 * group). Tables pulled into the workbook earlier are listed too, even when the service no longer offers them.
 */

import type { Plan } from '../../api';
import type { MessageKey } from '../../i18n/catalog';
import type { ProfileKind } from '../../sync/connect';
import { modelOf, type PullState, type PullTarget } from '../../sync/pull';
import type { RelativePeriod } from '../../sync/filters/relative-period';

export interface TableEntry {
  /** Stable id of the row: the resource, `scenario:<id>` for a scenario. */
  id: string;
  label: MessageKey;
  /** Filled into the label (a scenario's name). */
  labelParams?: Record<string, string>;
  tableName: string;
  target: PullTarget;
  /** The table's relative period (its filter's dates are resolved from it at each pull). */
  period?: RelativePeriod;
}

export function entryId(target: PullTarget): string {
  return target.resource === 'scenarioBudgets' ? `scenario:${target.scenarioId}` : target.resource;
}

const LABELS: Record<PullTarget['resource'], MessageKey> = {
  transactions: 'pane.table.transactions',
  invoices: 'pane.table.invoices',
  groupInvoices: 'pane.table.groupInvoices',
  forecastBudgets: 'pane.table.forecastBudgets',
  scenarioBudgets: 'pane.table.scenarioBudgets',
  allBudgets: 'pane.table.allBudgets',
  categories: 'pane.table.categories',
  plans: 'pane.table.plans',
  accounts: 'pane.table.accounts',
  banks: 'pane.table.banks',
};

export function entryFor(target: PullTarget, scenarioName?: string): TableEntry {
  const params = target.resource === 'scenarioBudgets' ? { labelParams: { name: scenarioName ?? `#${target.scenarioId}` } } : {};
  return { id: entryId(target), label: LABELS[target.resource], ...params, tableName: modelOf(target).tableName, target };
}

export interface TableListSource {
  kind: ProfileKind;
  companyIds: readonly number[];
  /** The company's plans (scenarios become rows); empty for a group. */
  plans: readonly Plan[];
  /** What the workbook already holds: its targets and filters win over the defaults. */
  pulled: readonly PullState[];
}

export function tableList({ kind, companyIds, plans, pulled }: TableListSource): TableEntry[] {
  const scenarios = plans.filter((p) => p.type === 'SCENARIO');
  const defaults: TableEntry[] =
    kind === 'group'
      ? [
          entryFor({ resource: 'groupInvoices', companyIds: [...companyIds] }),
          entryFor({ resource: 'accounts' }),
          entryFor({ resource: 'banks' }),
        ]
      : [
          entryFor({ resource: 'transactions' }),
          entryFor({ resource: 'invoices' }),
          entryFor({ resource: 'forecastBudgets' }),
          ...scenarios.map((s) => entryFor({ resource: 'scenarioBudgets', scenarioId: s.id }, s.name)),
          entryFor({ resource: 'allBudgets' }),
          entryFor({ resource: 'categories' }),
          entryFor({ resource: 'plans' }),
          entryFor({ resource: 'accounts' }),
          entryFor({ resource: 'banks' }),
        ];
  const byId = new Map(defaults.map((e) => [e.id, e]));
  for (const state of pulled) {
    const id = entryId(state.target);
    const known = byId.get(id);
    const scenarioName =
      state.target.resource === 'scenarioBudgets'
        ? scenarios.find((s) => s.id === (state.target as { scenarioId: number }).scenarioId)?.name
        : undefined;
    const period = state.period === undefined ? {} : { period: state.period };
    byId.set(id, { ...entryFor(state.target, scenarioName), ...period, ...(known?.labelParams ? { labelParams: known.labelParams } : {}) });
  }
  return [...byId.values()];
}
