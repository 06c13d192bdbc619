/** Public API of the service client. */
export { CashflowClient, createClient, type ClientOptions, DEFAULT_TIMEOUT_MS, DEFAULT_TOKEN_RENEWAL_SKEW_MS } from './client';

export {
  ApiError,
  ApiConnectionError,
  ApiTimeoutError,
  ApiUserAbortError,
  AuthenticationError,
  BadRequestError,
  BILLING_PLAN_PERMISSION_DENIED,
  InternalServerError,
  InvalidCredentialsError,
  InvalidRequestError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  ResponseValidationError,
  ServiceDownError,
  type ChunkInfo,
  type FieldErrors,
  type ItemError,
  type ValidationIssue,
} from './errors';
export { createApiError, createRedirectError, type ErrorContext, type ErrorResponse, type RedirectAnswer } from './create-api-error';

export {
  type AmountFormat,
  type AmountInput,
  BUDGET_AMOUNT,
  BUDGET_RATE,
  formatAmount,
  INVOICE_AMOUNT,
  PLAIN_AMOUNT,
  toCents,
} from './amount';
export {
  checkCompleteness,
  CompletenessTally,
  type CompletenessExpectation,
  type CompletenessReport,
  type CompletenessResult,
  type CompletenessRow,
} from './completeness';
export { IdSet } from './id-set';
export { MAX_ITEMS_PER_CALL } from './chunk';
export { PageIterator, type PageInfo, type PageProgress, type PaginateOptions } from './paginate';
export { EndlessPagesError, type EndlessPagesReason } from './endless-pages-error';
export { DEFAULT_BULK_PAGE_SIZE, MAX_PAGE_SIZE, normalizePageSize } from './page-size';
export {
  DEFAULT_RETRY,
  decideRetry,
  parseRetryAfter,
  retryReason,
  type HttpMethod,
  type RetryDecision,
  type RetryOptions,
  type RetryReason,
} from './retry-policy';
export { DEFAULT_GIVE_UP_AFTER_MS, RetryBudget, type RetryBudgetOptions, type RetryWait, type WaitContext } from './retry-budget';
export { type Sleep } from './sleep';
export { credentialKey, defaultTokenCache, TokenCache, type CachedToken } from './token-cache';
export { isAddressableExternalId } from './path-segment';
export type { PageParams, RequestOptions } from './request-options';

export { AccountsResource, type OfflineAccountInput, type TransactionInput } from './accounts';
export { BanksResource } from './banks';
export { groupCompanyIds } from './group-companies';
export { CategoriesResource } from './categories';
export { ForecastBudgetsResource } from './forecast-budgets';
export { GroupInvoicesResource, InvoicesResource } from './invoices';
export { PlanBudgetsResource } from './plan-budgets';
export { PlansResource } from './plans';
export { ScenarioBudgetsResource } from './scenario-budgets';
export { TransactionsResource, type CategoryChange, type VerifiedPull } from './transactions';
export type { TransactionFilters } from './transaction-filters';
export type { InvoiceCreateInput, InvoiceDeleteSelector, InvoiceListParams, InvoiceUpdate } from './invoice-input';
export type {
  BudgetBase,
  BudgetFrequency,
  BudgetInput,
  BudgetListParams,
  BudgetPatch,
  BudgetSequenceType,
  ForecastBudgetListParams,
} from './budget-input';

export * from './account-schema';
export * from './bank-schema';
export * from './budget-schema';
export * from './category-schema';
export * from './invoice-schema';
export * from './plan-schema';
export * from './token-schema';
export * from './transaction-schema';
export {
  checkConnection,
  parseBaseUrl,
  type ConnectionCheck,
  type ConnectionCheckOptions,
  type ConnectionProblem,
} from './connection-check';
export { idBatches, itemsByIds, MAX_REQUEST_LINE_BYTES, type IdBatchLimits } from './items-by-ids';
