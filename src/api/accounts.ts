import { type Account, AccountWriteAnswerSchema, type BalanceSummary, BalanceSummarySchema } from './account-schema';
import { type AmountInput, formatAmount } from './amount';
import { callInChunks } from './chunked-call';
import { pathId } from './path-segment';
import type { RequestOptions } from './request-options';
import { type Transaction, TransactionListWriteAnswerSchema, TransactionWriteAnswerSchema } from './transaction-schema';
import type { Transport } from './transport';

/** `POST /accounts/` body (an offline account). The company comes from the credentials. */
export interface OfflineAccountInput {
  bank: { name: string; bic: string };
  name?: string;
  alias?: string;
  currency?: string;
  /**
   * Not in the field table of `POST /accounts/`, but the rule there ("an account with the same IBAN and
   * currency already exists: that account is returned") needs it; sent as given.
   */
  iban?: string;
  holder_name?: string;
  type_name?: string;
  balance?: AmountInput;
  overdraft_limit?: AmountInput | null;
}

/** One item of `POST /accounts/{account_id}/transactions/`. A category cannot be set on create. */
export interface TransactionInput {
  /** `YYYY-MM-DD`, on or after 2000-01-01. */
  value_date: string;
  amount: AmountInput;
  purpose?: string;
  counterpart_name?: string;
  /**
   * Not in the field table of the create call, but a field of every transaction: sent for the service to keep (the
   * import checks the answer and says when it did not; docs/service-contract.md).
   */
  counterpart_iban?: string;
  tags?: string[];
}

export class AccountsResource {
  readonly #transport: Transport;
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** `GET /accounts/`: balance summary with all accounts. */
  async summary(options: RequestOptions = {}): Promise<BalanceSummary> {
    return this.#transport.request({ method: 'GET', path: '/accounts/', signal: options.signal }, BalanceSummarySchema);
  }

  /** `POST /accounts/`: returns the existing account when IBAN and currency already exist. */
  async createOffline(input: OfflineAccountInput, options: RequestOptions = {}): Promise<Account> {
    const language = this.#transport.language;
    const body = {
      ...input,
      ...(input.balance === undefined ? {} : { balance: formatAmount(input.balance, { decimals: 2, field: 'balance', language }) }),
      ...(input.overdraft_limit === undefined || input.overdraft_limit === null
        ? {}
        : // "number or null" (api-spec.md, POST /accounts/): unlike `balance`, never a numeric string.
          { overdraft_limit: Number(formatAmount(input.overdraft_limit, { decimals: 2, field: 'overdraft_limit', language })) }),
    };
    return this.#transport.request({ method: 'POST', path: '/accounts/', body, signal: options.signal }, AccountWriteAnswerSchema);
  }

  /**
   * `POST /accounts/{account_id}/transactions/` with an array body. More than 1000 items are sent in
   * chunks of 1000, one call after the other (see `callInChunks` for what a failure means).
   */
  async createTransactions(accountId: number, items: readonly TransactionInput[], options: RequestOptions = {}): Promise<Transaction[]> {
    const path = `/accounts/${pathId(accountId, 'account_id', this.#transport.language)}/transactions/`;
    const bodies = items.map((item, index) => this.#serialize(item, index));
    return callInChunks(bodies, (slice, offset) =>
      this.#transport.request(
        { method: 'POST', path, body: slice, signal: options.signal, itemIndexOffset: offset },
        TransactionListWriteAnswerSchema,
      ),
    );
  }

  /** The same endpoint with a single object body. */
  async createTransaction(accountId: number, item: TransactionInput, options: RequestOptions = {}): Promise<Transaction> {
    const path = `/accounts/${pathId(accountId, 'account_id', this.#transport.language)}/transactions/`;
    return this.#transport.request(
      { method: 'POST', path, body: this.#serialize(item), signal: options.signal },
      TransactionWriteAnswerSchema,
    );
  }

  #serialize(item: TransactionInput, index?: number): Omit<TransactionInput, 'amount'> & { amount: string } {
    const field = index === undefined ? 'amount' : `[${index}].amount`;
    return { ...item, amount: formatAmount(item.amount, { decimals: 2, field, language: this.#transport.language }) };
  }
}
