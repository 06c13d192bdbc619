/** Table models of the pulled resources (one per resource; see table-model.ts). */
export * from './table-model';
export * from './lookups';
export { TRANSACTIONS_TABLE } from './transactions-table';
export { GROUP_INVOICES_TABLE, INVOICE_AMOUNT_DIGITS, INVOICES_TABLE, type CompanyInvoice } from './invoices-table';
export { ALL_BUDGETS_TABLE, BUDGET_COLUMNS, FORECAST_BUDGETS_TABLE, scenarioBudgetsTable, scenarioTableName } from './budgets-table';
export { CATEGORIES_TABLE, PLANS_TABLE } from './catalog-tables';
export {
  ACCOUNTS_ANCHOR,
  ACCOUNTS_TABLE,
  BALANCE_HORIZONS,
  BALANCE_SUMMARY_TABLE,
  BANKS_TABLE,
  balanceRows,
  type BalanceHorizon,
  type BalanceRow,
} from './accounts-tables';
export { candidateList, resolveCategory, type CategoryCandidate, type CategoryResolution } from './category-reference';
