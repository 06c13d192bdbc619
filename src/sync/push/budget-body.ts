/**
 * A budget as the service holds it, in the shape of a create or replace body (api-spec.md, "Budget operations":
 * every field the body takes, the response's embedded objects turned back into ids). A whole-row write starts from
 * this read of the service and puts over it only what the user changed, so that a PUT (whose unsent fields reset to
 * their defaults) changes nothing the sheet does not show: `time_lags`, `depending_categories`,
 * `integration_tags` and whatever else the service holds stay as they are. The journal keeps this shape of every
 * budget a push deletes or replaces, and undo writes it back whole.
 */

import type { Budget } from '../../api';
import { isAddressable } from './service-row';

/** The body fields of a create or replace, in the spec's order. */
export const BUDGET_BODY_FIELDS = [
  'name',
  'category',
  'settlement_date',
  'description',
  'amount',
  'tags',
  'external_id',
  'external_source',
  'account',
  'rate',
  'base',
  'frequency',
  'frequency_multiplier',
  'sequence_type',
  'sequence_term_size',
  'd',
  'r',
  'time_lags',
  'depending_categories',
  'is_adjusted',
  'is_indefinite',
  'inter_company',
  'inter_category',
  'integration_tags',
] as const;

/** `depending_categories` come back as short categories; the body takes their ids. */
function categoryIds(list: readonly unknown[]): number[] {
  return list.flatMap((item) => {
    if (typeof item === 'number' && Number.isInteger(item)) return [item];
    if (typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'number') return [item.id];
    return [];
  });
}

/**
 * The budget as a create/replace body. An external ID the body cannot carry (`.` or `/`, refused by the service)
 * and an empty `external_source` are left out; the caller decides about them.
 */
export function budgetBodyOf(budget: Budget): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: budget.name,
    category: budget.category.id,
    settlement_date: budget.settlement_date,
    description: budget.description,
    amount: budget.amount,
    tags: [...budget.tags],
    account: budget.account,
    rate: budget.rate,
    base: budget.base,
    frequency: budget.frequency,
    frequency_multiplier: budget.frequency_multiplier,
    sequence_type: budget.sequence_type,
    sequence_term_size: budget.sequence_term_size,
    d: budget.d,
    r: budget.r,
    time_lags: [...budget.time_lags],
    depending_categories: categoryIds(budget.depending_categories),
    is_adjusted: budget.is_adjusted,
    is_indefinite: budget.is_indefinite,
    inter_company: budget.inter_company,
    inter_category: budget.inter_category,
    integration_tags: budget.integration_tags === null ? null : [...budget.integration_tags],
  };
  if (isAddressable(budget.external_id)) body.external_id = budget.external_id;
  if (budget.external_source !== null) body.external_source = budget.external_source;
  return body;
}

/**
 * A whole-row write that changes only what the user changed: the service's row as read just before, the given
 * fields over it (each with the value the request would send).
 */
export function wholeRowOver(current: Budget, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { ...budgetBodyOf(current), ...changes };
}

/** Whether a journal's `service` record looks like a body this module made (undo writes it back). */
export function isBudgetBody(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.name === 'string' &&
    (typeof record.category === 'number' || typeof record.category === 'string') &&
    typeof record.settlement_date === 'string'
  );
}
