/**
 * `CashflowClient`: one object per credential pair, exposing one resource group per path family.
 * Everything it needs from the platform is global `fetch` (or an injected one): it runs unchanged in
 * the task pane, the custom-functions runtime, Node and the tests.
 */
import type { Language } from '../i18n/catalog';
import { AccountsResource } from './accounts';
import { BanksResource } from './banks';
import { CategoriesResource } from './categories';
import { ClientCredentialsTokenSource } from './client-credentials';
import { ForecastBudgetsResource } from './forecast-budgets';
import { GroupInvoicesResource, groupInvoicesPath, InvoicesResource } from './invoices';
import { PlanBudgetsResource } from './plan-budgets';
import { PlansResource } from './plans';
import type { RetryBudget } from './retry-budget';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy';
import { ScenarioBudgetsResource } from './scenario-budgets';
import { type Sleep, sleep as defaultSleep } from './sleep';
import { defaultTokenCache, type TokenCache } from './token-cache';
import { TransactionsResource } from './transactions';
import { Transport } from './transport';

export interface ClientOptions {
  /** `{base_url}` of the service, e.g. `https://api.example.com` (a path prefix is kept). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sent as `Accept-Language`; the service localizes its messages accordingly. Default `de`. */
  language?: Language;
  /** A `fetch` implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Per-attempt timeout in ms (default 30 000; 0 = none). */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
  /** Wait used between retries (default: a timer that an abort ends early). */
  sleep?: Sleep;
  /** Random source in [0, 1) for the backoff jitter (default `Math.random`). */
  random?: () => number;
  /** Token cache (default: one cache shared by all clients, keyed by base URL + client ID + secret). */
  tokenCache?: TokenCache;
  /** Renew a token this long before it expires (default 30 000 ms). */
  tokenRenewalSkewMs?: number;
}

/** What a client made by `withRetryBudget` shares with the one it was made from. */
interface SharedConnection {
  transport: Transport;
  tokens: ClientCredentialsTokenSource;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_TOKEN_RENEWAL_SKEW_MS = 30_000;

export class CashflowClient {
  readonly language: Language;
  readonly categories: CategoriesResource;
  readonly plans: PlansResource;
  readonly banks: BanksResource;
  readonly accounts: AccountsResource;
  readonly transactions: TransactionsResource;
  /** Company-level invoices (`/invoices/`). */
  readonly invoices: InvoicesResource;
  readonly forecastBudgets: ForecastBudgetsResource;
  readonly #transport: Transport;
  readonly #tokens: ClientCredentialsTokenSource;
  readonly #options: ClientOptions;

  /** `shared` is for `withRetryBudget` only: the same connection, other retry rules. */
  constructor(options: ClientOptions, shared?: SharedConnection) {
    this.language = options.language ?? 'de';
    this.#options = options;
    const connection = shared ?? CashflowClient.#connect(options, this.language);
    this.#transport = connection.transport;
    this.#tokens = connection.tokens;
    this.categories = new CategoriesResource(this.#transport);
    this.plans = new PlansResource(this.#transport);
    this.banks = new BanksResource(this.#transport);
    this.accounts = new AccountsResource(this.#transport);
    this.transactions = new TransactionsResource(this.#transport);
    this.invoices = new InvoicesResource(this.#transport);
    this.forecastBudgets = new ForecastBudgetsResource(this.#transport);
  }

  static #connect(options: ClientOptions, language: Language): SharedConnection {
    const now = options.now ?? (() => Date.now());
    const holder: { tokens?: ClientCredentialsTokenSource } = {};
    const transport = new Transport({
      baseUrl: options.baseUrl,
      language,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      now,
      sleep: options.sleep ?? defaultSleep,
      random: options.random ?? Math.random,
      secrets: () => [options.clientSecret, ...(holder.tokens?.currentTokens() ?? [])],
    });
    const tokens = new ClientCredentialsTokenSource({
      transport,
      credentials: { clientId: options.clientId, clientSecret: options.clientSecret },
      cache: options.tokenCache ?? defaultTokenCache,
      now,
      skewMs: options.tokenRenewalSkewMs ?? DEFAULT_TOKEN_RENEWAL_SKEW_MS,
    });
    holder.tokens = tokens;
    transport.setTokenSource(tokens);
    return { transport, tokens };
  }

  /**
   * This client (same service, credentials, token, clock and sleep) whose requests share `budget` instead of a fixed
   * number of retries each (retry-budget.ts): what one pull uses, so that its pages wait for a busy service together
   * and give up together. The token requests keep the ordinary rules.
   */
  withRetryBudget(budget: RetryBudget): CashflowClient {
    return new CashflowClient(this.#options, { transport: this.#transport.withRetryBudget(budget), tokens: this.#tokens });
  }

  /** Group-level invoices of one company of the group (`/companies/{company_id}/invoices/`). */
  groupInvoices(companyId: number): GroupInvoicesResource {
    return new GroupInvoicesResource(this.#transport, groupInvoicesPath(companyId, this.#transport));
  }

  /** Budgets of the scenario with this plan `id` (a plan of type `SCENARIO`). */
  scenarioBudgets(scenarioId: number): ScenarioBudgetsResource {
    return new ScenarioBudgetsResource(this.#transport, scenarioId);
  }

  /** Budgets of the plan with this `id` (from `GET /plans/`). */
  planBudgets(planId: number): PlanBudgetsResource {
    return new PlanBudgetsResource(this.#transport, planId);
  }

  /** The access tokens these credentials hold now (to make sure none lands where it must not: a saved file). */
  currentTokens(): string[] {
    return this.#tokens.currentTokens();
  }

  /** Drops this client's access token from its token cache (sign out); a later call requests a new one. */
  forgetToken(): void {
    this.#tokens.forget();
  }

  /** Never shows the credentials. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#transport.baseUrl, language: this.language };
  }
}

export function createClient(options: ClientOptions): CashflowClient {
  return new CashflowClient(options);
}
