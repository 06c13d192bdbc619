/**
 * A table's filters while edited (the Draft): read from the table's current filter and period, and turned back into
 * the table filter it stands for (a period leaves the dates to each pull; empty choices are no filter).
 */

import { filtersOf, isDated, type TableFilter } from '../../sync/filters/table-filter';
import type { RelativePeriod } from '../../sync/filters/relative-period';
import type { PullTarget } from '../../sync/pull';
import type { TableRow } from '../state/app-state';

export const INVOICE_STATUSES = ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface Draft {
  period: RelativePeriod | '';
  min_date: string;
  max_date: string;
  accounts: number[];
  categories: number[];
  status: InvoiceStatus | '';
  type: 'receivable' | 'payable' | '';
  /** A group's invoices: the companies to pull. */
  companies: number[];
}

type Filters = Record<string, unknown>;

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : typeof value === 'number' ? [value] : [];

export function draftOf(row: TableRow): Draft {
  const current = filtersOf(row.target);
  return {
    period: row.period ?? '',
    min_date: typeof current.min_date === 'string' ? current.min_date : '',
    max_date: typeof current.max_date === 'string' ? current.max_date : '',
    accounts: ids(current.account),
    categories: ids(current.category),
    status: typeof current.status === 'string' ? (current.status as InvoiceStatus) : '',
    type: current.type === 'receivable' || current.type === 'payable' ? current.type : '',
    companies: row.target.resource === 'groupInvoices' ? [...row.target.companyIds] : [],
  };
}

/** The table filter a draft stands for (a period leaves the dates to each pull). */
export function filterOf(row: TableRow, draft: Draft, groupCompanies: number[]): TableFilter {
  const optional = <T>(value: T | '' | [], key: string): Filters =>
    value === '' || (Array.isArray(value) && value.length === 0) ? {} : { [key]: value };
  const resource = row.target.resource;
  let filters: Filters = {};
  if (isDated(row.target)) {
    const dates = draft.period === '' ? { ...optional(draft.min_date, 'min_date'), ...optional(draft.max_date, 'max_date') } : {};
    filters = { ...dates, ...optional(draft.categories, 'category') };
  }
  if (resource === 'transactions') filters = { ...filters, ...optional(draft.accounts, 'account') };
  if (resource === 'invoices' || resource === 'groupInvoices')
    filters = { ...optional(draft.status, 'status'), ...optional(draft.type, 'type') };
  const target = (
    row.target.resource === 'groupInvoices'
      ? { ...row.target, filters, companyIds: draft.companies.length > 0 ? draft.companies : groupCompanies }
      : { ...row.target, filters }
  ) as PullTarget;
  return draft.period === '' || !isDated(row.target) ? { target } : { target, period: draft.period };
}
