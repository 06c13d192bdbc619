/**
 * A table's filter as the user defined it: the pull target (resource and list filters) and, for the dated
 * resources, an optional relative period that replaces the target's `min_date`/`max_date` at each pull. Kept with
 * the table in the pull state (`PullState.period` beside `target`), so a reload and a colleague's copy refresh with it.
 */

import type { PullTarget } from '../pull/pull-target';
import { resolvePeriod, type PeriodContext, type RelativePeriod } from './relative-period';

export interface TableFilter {
  target: PullTarget;
  /** Resolved into the target's date bounds at each pull; absent: the target's dates as they are. */
  period?: RelativePeriod;
}

/** The resources whose filters bound a date (value date, settlement date): the ones a period applies to. */
export function isDated(target: PullTarget): boolean {
  const r = target.resource;
  return r === 'transactions' || r === 'forecastBudgets' || r === 'scenarioBudgets' || r === 'allBudgets';
}

/** The target a pull runs now: the period's dates on `context.today` in place of the stored ones. */
export function resolveFilter(filter: TableFilter, context: PeriodContext): PullTarget {
  const { target, period } = filter;
  if (period === undefined || !isDated(target)) return target;
  return { ...target, filters: { ...filtersOf(target), ...resolvePeriod(period, context) } } as PullTarget;
}

/** The list filters a target carries (none for the resources without any). */
export function filtersOf(target: PullTarget): Readonly<Record<string, unknown>> {
  return 'filters' in target && target.filters !== undefined ? (target.filters as Record<string, unknown>) : {};
}

/** Whether a target narrows its resource at all (an empty list or an absent value narrows nothing). */
export function narrows(target: PullTarget): boolean {
  return Object.values(filtersOf(target)).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
}
