/** JSON shape of a budget. */
import { fromCents } from '../amount';
import type { Budget } from '../model';
import type { Store } from '../store';
import { shortCategoryJson } from './category';

/**
 * `start_date`/`end_date` are derived: null for one-time budgets; for recurring ones the settlement date
 * and, unless indefinite, the last day of the plan's last year.
 */
function period(store: Store, b: Budget): { start: string | null; end: string | null } {
  if (b.frequency === '') return { start: null, end: null };
  if (b.isIndefinite) return { start: b.settlementDate, end: null };
  const plan = store.plans.get(b.planId);
  const lastYear = plan ? plan.lastYear : Number(b.settlementDate.slice(0, 4));
  const end = `${lastYear}-12-31`;
  return { start: b.settlementDate, end: end < b.settlementDate ? b.settlementDate : end };
}

export function budgetJson(store: Store, b: Budget): Record<string, unknown> {
  const interCategory = b.interCategory === null ? undefined : store.categories.get(b.interCategory);
  const { start, end } = period(store, b);
  return {
    id: b.id,
    category: shortCategoryJson(store.categories.get(b.categoryId)),
    inter_category: b.interCategory,
    inter_category_name: interCategory ? interCategory.name : null,
    depending_categories: b.dependingCategories.map(
      (id) => shortCategoryJson(store.categories.get(id)) ?? { id, name: '', description: '' },
    ),
    base_categories: [...b.baseCategories],
    recurring_budget:
      b.frequency === ''
        ? null
        : {
            frequency: b.frequency,
            frequency_multiplier: b.frequencyMultiplier,
            sequence_type: b.sequenceType,
            sequence_term_size: b.sequenceTermSize,
            d: b.d,
            r: b.r,
          },
    settlement_date: b.settlementDate,
    start_date: start,
    end_date: end,
    account: b.account,
    tags: [...b.tags],
    integration_tags: b.integrationTags === null ? null : [...b.integrationTags],
    is_adjusted: b.isAdjusted,
    inter_budget: null,
    name: b.name,
    description: b.description,
    amount: fromCents(b.amount),
    rate: b.rate,
    base: b.base,
    time_lags: [...b.timeLags],
    frequency: b.frequency,
    frequency_multiplier: b.frequencyMultiplier,
    sequence_type: b.sequenceType,
    sequence_term_size: b.sequenceTermSize,
    d: b.d,
    r: b.r,
    is_indefinite: b.isIndefinite,
    external_id: b.externalId,
    external_source: b.externalSource,
    inter_company: b.interCompany,
    source: b.source,
  };
}
