/**
 * The overview of a connection, as the task pane's first view shows it: today's balance, the forecast balances at
 * the horizons of the accounts' balance summary with their overdraft limits, and the open receivables and payables
 * (`amount_due` of the unpaid invoice lists). Three requests, run together; a group sums its companies' invoices.
 */

import type { CashflowClient } from '../../api';
import type { RequestOptions } from '../../api/request-options';
import { openInvoiceFilters } from './open-invoices';

/** The horizons of `GET /accounts/`, in time order. */
export const HORIZONS = ['today', 'currentMonth', 'nextMonth', 'in3Months', 'fiscalYearEnd'] as const;
export type Horizon = (typeof HORIZONS)[number];

export interface HorizonFigure {
  horizon: Horizon;
  /** Null when the service has no current forecast for it. */
  balance: number | null;
  /** The overdraft limit available at that horizon (null: unknown). */
  limit: number | null;
}

export interface Overview {
  /** Sum of the accounts' balances (`total`). */
  balanceToday: number;
  availableLimit: number;
  horizons: HorizonFigure[];
  accountCount: number;
  openReceivables: number;
  openPayables: number;
}

export interface OverviewSource {
  client: CashflowClient;
  /** Group credentials: the companies whose invoices are summed (company credentials: leave out). */
  groupCompanyIds?: readonly number[];
}

export async function loadOverview({ client, groupCompanyIds }: OverviewSource, request: RequestOptions = {}): Promise<Overview> {
  const [summary, receivables, payables] = await Promise.all([
    client.accounts.summary(request),
    openAmount(client, 'receivable', groupCompanyIds, request),
    openAmount(client, 'payable', groupCompanyIds, request),
  ]);
  return {
    balanceToday: summary.total,
    availableLimit: summary.available_limit,
    accountCount: summary.accounts.length,
    horizons: [
      { horizon: 'today', balance: summary.total, limit: summary.available_limit },
      { horizon: 'currentMonth', balance: summary.current_month_balance, limit: summary.current_month_limit },
      { horizon: 'nextMonth', balance: summary.next_month_balance, limit: summary.next_month_limit },
      { horizon: 'in3Months', balance: summary.in_3_months_balance, limit: summary.in_3_months_limit },
      { horizon: 'fiscalYearEnd', balance: summary.fiscal_year_ending_balance, limit: summary.fiscal_year_ending_limit },
    ],
    openReceivables: receivables,
    openPayables: payables,
  };
}

/** `amount_due` of the unpaid invoices of one type: one page of one row is enough, the sum covers every match. */
async function openAmount(
  client: CashflowClient,
  type: 'receivable' | 'payable',
  groupCompanyIds: readonly number[] | undefined,
  request: RequestOptions,
): Promise<number> {
  const params = { ...openInvoiceFilters(type), page_size: 1 };
  if (groupCompanyIds === undefined) return (await client.invoices.page(params, request)).results.amount_due;
  const amounts = await Promise.all(
    [...new Set(groupCompanyIds)].map(async (id) => (await client.groupInvoices(id).page(params, request)).results.amount_due),
  );
  // Sum in cents: amounts are decimals with two places.
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
}
