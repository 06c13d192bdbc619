/**
 * Which tables `refresh` refreshes and in what order: every table with a pull state, in the order of the pane's
 * list that *Refresh all* runs through (src/taskpane/state/table-list.ts: transactions, invoices, forecast budgets,
 * the scenarios, all plans' budgets, categories, plans, accounts, banks; a group's invoices first). A table without a
 * pull state (the accounts' balance summary, written with Accounts; a user's own table) is not the add-in's to refresh.
 */
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { PullResource, PullState } from '../../sync/pull';

const PANE_ORDER: readonly PullResource[] = [
  'groupInvoices',
  'transactions',
  'invoices',
  'forecastBudgets',
  'scenarioBudgets',
  'allBudgets',
  'categories',
  'plans',
  'accounts',
  'banks',
];

const rank = (state: PullState): number => PANE_ORDER.indexOf(state.target.resource);
const scenarioOf = (state: PullState): number => (state.target.resource === 'scenarioBudgets' ? state.target.scenarioId : 0);

/** The pull states in the pane's order (scenarios by id: the file does not know the plans' order). */
export function refreshOrder(states: readonly PullState[]): PullState[] {
  return [...states].sort((a, b) => rank(a) - rank(b) || scenarioOf(a) - scenarioOf(b) || a.tableName.localeCompare(b.tableName));
}

/** The table's name as the pane's card shows it, in every line about it ("Forecast budgets", "Scenario: #7"). */
export function tableLabel(state: PullState, language: Language): string {
  const params = state.target.resource === 'scenarioBudgets' ? { name: `#${state.target.scenarioId}` } : undefined;
  return translate(language, `pane.table.${state.target.resource}` as MessageKey, params);
}
