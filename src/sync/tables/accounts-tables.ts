/**
 * Bank accounts and banks, and the balance summary of `GET /accounts/`.
 *
 * The balance summary is its own small table `BalanceSummary` on the Accounts sheet, above the accounts: one
 * row per horizon (`today`, `current_month_end`, `next_month_end`, `in_3_months`, `fiscal_year_end`) with a
 * balance and a limit column. Repeating company totals on every account row would make `SUM(Accounts[...])`
 * wrong; a fixed 5-row table keyed by a stable horizon name gives formulas such as
 * `XLOOKUP("fiscal_year_end", BalanceSummary[Horizon], BalanceSummary[Balance])` and never grows into the
 * accounts table below it.
 */

import type { Account, BalanceSummary, Bank } from '../../api';
import { column, joinList, type TableModel } from './table-model';

/** Two empty rows below the balance summary (A2:C7), then the accounts' stamp (A10) and header (A11). */
export const ACCOUNTS_ANCHOR = 'A11';

/** An account's amounts show its own currency (its `Currency` cell). */
const inCurrency = { currency: { column: 'currency' } } as const;

export const ACCOUNTS_TABLE: TableModel<Account> = {
  tableName: 'Accounts',
  sheetName: 'Accounts',
  anchor: ACCOUNTS_ANCHOR,
  keyColumn: 'id',
  readOnly: true,
  needs: [],
  columns: [
    column<Account>('id', 'Id', 'integer', (a) => a.id),
    column<Account>('name', 'Name', 'text', (a) => a.name),
    column<Account>('alias', 'Alias', 'text', (a) => a.alias),
    column<Account>('bank_name', 'Bank', 'text', (a) => a.bank.name),
    column<Account>('bank_bic', 'BIC', 'text', (a) => a.bank.bic),
    column<Account>('iban', 'IBAN', 'text', (a) => a.iban),
    column<Account>('currency', 'Currency', 'text', (a) => a.currency),
    column<Account>('type_name', 'Account type', 'text', (a) => a.type_name),
    column<Account>('status', 'Status', 'text', (a) => a.status),
    column<Account>('balance', 'Balance', 'amount', (a) => a.balance, inCurrency),
    column<Account>('overdraft_limit', 'Overdraft limit', 'amount', (a) => a.overdraft_limit, inCurrency),
    column<Account>('transaction_count', 'Transactions', 'integer', (a) => a.transaction_count),
    column<Account>('last_transaction_date', 'Last transaction date', 'date', (a) => a.last_transaction?.value_date ?? null),
    column<Account>('last_transaction_amount', 'Last transaction amount', 'amount', (a) => a.last_transaction?.amount ?? null, inCurrency),
    column<Account>('last_transaction_purpose', 'Last transaction purpose', 'text', (a) => a.last_transaction?.purpose ?? null),
    column<Account>('last_successful_update', 'Last successful update', 'datetime', (a) => a.last_successful_update),
    column<Account>('last_update_attempt', 'Last update attempt', 'datetime', (a) => a.last_update_attempt),
    column<Account>('open_banking_connection_id', 'Open banking connection Id', 'integer', (a) => a.bank.open_banking_connection_id),
    column<Account>('banking_api_account', 'Banking API account', 'integer', (a) => a.banking_api_account),
    column<Account>('date_created', 'Created', 'datetime', (a) => a.date_created),
    column<Account>('date_updated', 'Updated', 'datetime', (a) => a.date_updated),
  ],
};

/** The horizons of the balance summary as the `BalanceSummary` table and CASHFLOW.BALANCE name them, in time order. */
export const BALANCE_HORIZONS = ['today', 'current_month_end', 'next_month_end', 'in_3_months', 'fiscal_year_end'] as const;
export type BalanceHorizon = (typeof BALANCE_HORIZONS)[number];

export interface BalanceRow {
  horizon: BalanceHorizon;
  balance: number | null;
  limit: number | null;
}

/** The summary's ten figures as five horizon rows (balance and limit side by side). */
export function balanceRows(summary: Omit<BalanceSummary, 'accounts'>): BalanceRow[] {
  return [
    { horizon: 'today', balance: summary.total, limit: summary.available_limit },
    { horizon: 'current_month_end', balance: summary.current_month_balance, limit: summary.current_month_limit },
    { horizon: 'next_month_end', balance: summary.next_month_balance, limit: summary.next_month_limit },
    { horizon: 'in_3_months', balance: summary.in_3_months_balance, limit: summary.in_3_months_limit },
    { horizon: 'fiscal_year_end', balance: summary.fiscal_year_ending_balance, limit: summary.fiscal_year_ending_limit },
  ];
}

export const BALANCE_SUMMARY_TABLE: TableModel<BalanceRow> = {
  tableName: 'BalanceSummary',
  sheetName: 'Accounts',
  anchor: 'A2',
  keyColumn: 'horizon',
  readOnly: true,
  needs: [],
  columns: [
    column<BalanceRow>('horizon', 'Horizon', 'text', (r) => r.horizon),
    column<BalanceRow>('balance', 'Balance', 'amount', (r) => r.balance, { currency: 'company' }),
    column<BalanceRow>('limit', 'Limit', 'amount', (r) => r.limit, { currency: 'company' }),
  ],
};

export const BANKS_TABLE: TableModel<Bank> = {
  tableName: 'Banks',
  sheetName: 'Banks',
  keyColumn: 'id',
  readOnly: true,
  needs: [],
  columns: [
    column<Bank>('id', 'Id', 'integer', (b) => b.id),
    column<Bank>('name', 'Name', 'text', (b) => b.name),
    column<Bank>('bic', 'BIC', 'text', (b) => b.bic),
    column<Bank>('account_count', 'Accounts', 'integer', (b) => b.accounts.length),
    column<Bank>('account_ids', 'Account Ids', 'text', (b) => joinList(b.accounts.map((a) => a.id))),
    column<Bank>('account_names', 'Account names', 'text', (b) => joinList(b.accounts.map((a) => a.name))),
    column<Bank>('open_banking_connection_id', 'Open banking connection Id', 'integer', (b) => b.open_banking_connection_id),
    column<Bank>('tenant', 'Tenant', 'integer', (b) => b.tenant),
    column<Bank>('date_created', 'Created', 'datetime', (b) => b.date_created),
    column<Bank>('date_updated', 'Updated', 'datetime', (b) => b.date_updated),
  ],
};
