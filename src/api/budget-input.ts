/**
 * Request shapes of the budget endpoints (create / replace / patch), their list filters and list definition.
 * Amounts go out as strings: `amount` with 2 decimals (at most 12 digits), `rate` with 4.
 * `external_id` in a body follows the same rule as in paths: not empty, no `.` or `/`. An empty string where the
 * service answers it with 400 (a PATCH's `name`, `category`, numbers, dates, booleans, lists) is refused before sending.
 */
import type { Language } from '../i18n/catalog';
import { type AmountInput, BUDGET_AMOUNT, BUDGET_RATE, formatAmount } from './amount';
import { type Budget, type BudgetPage, BudgetPageSchema } from './budget-schema';
import type { ListDefinition } from './paged-endpoint';
import { externalIdSegment } from './path-segment';
import { buildSearchParams, commaList } from './search-params';
import { InvalidRequestError } from './errors';
import { translate } from '../i18n/translate';

export type BudgetFrequency = '' | 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly';
export type BudgetSequenceType = '' | 'AP' | 'GP' | 'HP';
export type BudgetBase = 'FS' | 'S' | 'F';

/** Create (POST) and replace (PUT) body: `name`, `category`, `settlement_date` required. */
export interface BudgetInput {
  name: string;
  /** Leaf category (a numeric string is accepted by the service). */
  category: number | string;
  settlement_date: string;
  description?: string;
  /** At most 12 digits, 2 decimals. */
  amount?: AmountInput;
  tags?: string[];
  /** Unique per plan; must not contain `.` or `/`. */
  external_id?: string;
  external_source?: string;
  account?: number | null;
  /** 4 decimals. */
  rate?: AmountInput;
  base?: BudgetBase;
  frequency?: BudgetFrequency;
  frequency_multiplier?: number;
  sequence_type?: BudgetSequenceType;
  sequence_term_size?: number;
  d?: number;
  r?: number;
  time_lags?: number[];
  depending_categories?: number[];
  is_adjusted?: boolean;
  is_indefinite?: boolean;
  inter_company?: number | null;
  /** Only valid together with `inter_company`. */
  inter_category?: number | null;
  integration_tags?: string[] | null;
}

/**
 * PATCH body: only the fields to change. An empty string clears `description`, `external_source`,
 * `frequency`, `sequence_type` and sets `account`, `inter_company`, `inter_category` to null.
 */
export type BudgetPatch = Partial<Omit<BudgetInput, 'account' | 'inter_company' | 'inter_category'>> & {
  account?: number | null | '';
  inter_company?: number | null | '';
  inter_category?: number | null | '';
};

export interface BudgetListParams {
  /** Includes subcategories; repeated parameter. */
  category?: number | readonly number[];
  /** Bounds on `settlement_date`. */
  min_date?: string;
  max_date?: string;
  /** Bounds on amount. */
  min_value?: AmountInput;
  max_value?: AmountInput;
  /** Substring match on `external_source`; comma-separated values are ORed. */
  source?: string;
  budget_type?: 'single' | 'recurring' | 'dynamic' | 'contract';
  recurrent?: boolean;
  open?: boolean;
  contracts?: boolean;
  empty_tags?: boolean;
  /** Comma-separated internal IDs (an array is joined). */
  ids?: string | readonly number[];
  /** Comma-separated tags (an array is joined). */
  tags?: string | readonly string[];
  /** Searches name, description and tags. */
  search?: string;
  /** `start_date`, `settlement_date`, `amount`, `end_date` (forecast also `name`); `-` for descending. */
  ordering?: string;
}

export interface ForecastBudgetListParams extends BudgetListParams {
  /** True: budgets of all plans of the company. */
  all_budgets?: boolean;
}

export function budgetListQuery(params: ForecastBudgetListParams, language: Language): URLSearchParams {
  const value = (v: AmountInput | undefined, field: string) =>
    v === undefined ? undefined : formatAmount(v, { decimals: 2, field, language });
  return buildSearchParams(
    {
      ...params,
      ids: commaList(params.ids),
      tags: commaList(params.tags),
      min_value: value(params.min_value, 'min_value'),
      max_value: value(params.max_value, 'max_value'),
    },
    language,
  );
}

/** The budget lists (forecast and scenario): budget pages, the items in `results.budgets`. */
export function budgetList<F extends BudgetListParams>(path: string): ListDefinition<F, BudgetPage, Budget> {
  return { path, schema: BudgetPageSchema, itemsOf: (page) => page.results.budgets, query: budgetListQuery };
}

/**
 * Fields an empty string cannot clear (api-spec.md, budget PATCH: "`name`, `category`, `external_id` | 400", "numbers,
 * dates, booleans, lists | 400"; in a create or replace they are no text at all). `external_id` has its own check;
 * `description`, `external_source`, `frequency`, `sequence_type` are cleared by it, `account`, `inter_company`,
 * `inter_category` set to null.
 */
const NOT_EMPTIED: readonly string[] = [
  ...['name', 'category'],
  ...['amount', 'rate', 'frequency_multiplier', 'sequence_term_size', 'd', 'r'], // numbers
  ...['settlement_date'], // dates
  ...['is_adjusted', 'is_indefinite'], // booleans
  ...['tags', 'time_lags', 'depending_categories', 'integration_tags'], // lists
];

export function serializeBudget<T extends BudgetPatch>(body: T, language: Language): Record<string, unknown> {
  for (const field of NOT_EMPTIED)
    if ((body as Record<string, unknown>)[field] === '')
      throw new InvalidRequestError({ message: translate(language, 'api.error.emptyRefused', { field }) });
  if (body.external_id !== undefined) externalIdSegment(body.external_id, language);
  return {
    ...body,
    ...(body.amount === undefined ? {} : { amount: formatAmount(body.amount, { ...BUDGET_AMOUNT, field: 'amount', language }) }),
    ...(body.rate === undefined ? {} : { rate: formatAmount(body.rate, { ...BUDGET_RATE, field: 'rate', language }) }),
  };
}
