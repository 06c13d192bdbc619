/** Filters of `GET /transactions/` and `GET /transactions/extended/` (the same set). */
import type { Language } from '../i18n/catalog';
import { type AmountInput, formatAmount } from './amount';
import { buildSearchParams, commaList } from './search-params';

export interface TransactionFilters {
  /** Repeated parameter: `account=1&account=2`. */
  account?: number | readonly number[];
  /** Includes subcategories; repeated parameter. */
  category?: number | readonly number[];
  /** Value date bounds, `YYYY-MM-DD`. */
  min_date?: string;
  max_date?: string;
  value_date_year?: number;
  /** 1 to 12. */
  value_date_month?: number;
  fiscal_year?: number;
  /** Bounds on the reporting amount. */
  min_amount?: AmountInput;
  max_amount?: AmountInput;
  type?: 'incomes' | 'expenses';
  /** True: still in a default (uncategorized) category. */
  is_new?: boolean;
  /** True: uncategorized with a suggested category. */
  predicted?: boolean;
  /** True: linked to an invoice. */
  matched?: boolean;
  is_payment?: boolean;
  tags?: string;
  empty_tags?: boolean;
  /** Comma-separated IDs (an array is joined with commas). */
  ids?: string | readonly number[];
  /** ISO 8601. */
  min_date_created?: string;
  max_date_created?: string;
  min_date_updated?: string;
  max_date_updated?: string;
  /** Full-text search. */
  search?: string;
  /** `value_date`, `counterpart_name`, `reporting_amount`; `-` prefix for descending. */
  ordering?: string;
}

export function transactionQuery(filters: TransactionFilters, language: Language): URLSearchParams {
  const amount = (value: AmountInput | undefined, field: string) =>
    value === undefined ? undefined : formatAmount(value, { decimals: 2, field, language });
  return buildSearchParams(
    {
      ...filters,
      ids: commaList(filters.ids),
      min_amount: amount(filters.min_amount, 'min_amount'),
      max_amount: amount(filters.max_amount, 'max_amount'),
    },
    language,
  );
}
