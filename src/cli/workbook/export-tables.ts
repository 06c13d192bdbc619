/**
 * The tables `export` pulls, by the name its `--tables` takes (the pull target's resource), and the filters a
 * transactions table gets from the command line (those the pane's filter editor sets: dates or a relative period,
 * accounts, categories). Scenario budgets (they need a scenario) and a group's invoices (group credentials) are not
 * offered here yet.
 */
import type { TableFilter } from '../../sync/filters/table-filter';
import type { RelativePeriod } from '../../sync/filters/relative-period';
import type { PullTarget, TransactionPullFilters } from '../../sync/pull';

type SimpleTarget = Extract<
  PullTarget,
  { resource: 'transactions' | 'invoices' | 'forecastBudgets' | 'allBudgets' | 'categories' | 'plans' | 'accounts' | 'banks' }
>;
export type ExportTableName = SimpleTarget['resource'];

/** In the order they are pulled (the template's sheet order first). */
export const EXPORT_TABLE_NAMES: readonly string[] = [
  'transactions',
  'invoices',
  'forecastBudgets',
  'categories',
  'accounts',
  'allBudgets',
  'plans',
  'banks',
] satisfies readonly ExportTableName[];

/** The template's set: what `export` pulls without `--tables`. */
export const DEFAULT_EXPORT_TABLES: readonly ExportTableName[] = ['transactions', 'invoices', 'forecastBudgets', 'categories', 'accounts'];

export interface TransactionOptions {
  from?: string;
  to?: string;
  period?: RelativePeriod;
  accounts?: number[];
  categories?: number[];
}

/** `--tables a,b --tables c` → the names, each once, in pull order; none given: the default set. */
export function chosenTables(lists: readonly string[] | undefined): ExportTableName[] {
  if (lists === undefined) return [...DEFAULT_EXPORT_TABLES];
  const chosen = new Set(lists.flatMap((list) => list.split(',').map((name) => name.trim())));
  return EXPORT_TABLE_NAMES.filter((name) => chosen.has(name)) as ExportTableName[];
}

/** The filter a table is pulled with: the transactions' from the options, none for the others. */
export function filterOf(name: ExportTableName, options: TransactionOptions): TableFilter {
  if (name !== 'transactions') return { target: { resource: name } as SimpleTarget };
  const filters: TransactionPullFilters = {
    ...(options.from === undefined ? {} : { min_date: options.from }),
    ...(options.to === undefined ? {} : { max_date: options.to }),
    ...(options.accounts === undefined ? {} : { account: options.accounts }),
    ...(options.categories === undefined ? {} : { category: options.categories }),
  };
  const target: PullTarget = Object.keys(filters).length === 0 ? { resource: 'transactions' } : { resource: 'transactions', filters };
  return options.period === undefined ? { target } : { target, period: options.period };
}
