/** JSON shapes of banks, accounts and short accounts. */
import { fromCents } from '../amount';
import { timestamp } from '../calendar';
import type { Account, Bank, Transaction } from '../model';
import type { Store } from '../store';

const stamp = (ms: number | null) => (ms === null ? null : timestamp(ms));

export function shortAccountJson(a: Account | undefined): Record<string, unknown> | null {
  if (!a) return null;
  return { id: a.id, name: a.name, alias: a.alias };
}

export function accountJson(store: Store, a: Account, lastTransaction?: Transaction | null): Record<string, unknown> {
  const bank = store.banks.get(a.bankId);
  const json: Record<string, unknown> = {
    id: a.id,
    bank: { open_banking_connection_id: bank?.openBankingConnectionId ?? null, name: bank?.name ?? '', bic: bank?.bic ?? '' },
    transaction_count: a.transactionCount,
  };
  if (lastTransaction !== undefined) {
    json.last_transaction =
      lastTransaction === null
        ? null
        : {
            id: lastTransaction.id,
            account: shortAccountJson(a),
            value_date: lastTransaction.valueDate,
            amount: fromCents(lastTransaction.amount),
            purpose: lastTransaction.purpose,
            counterpart_name: lastTransaction.counterpartName,
          };
  }
  return Object.assign(json, {
    currency: a.currency,
    date_created: timestamp(a.dateCreated),
    date_updated: timestamp(a.dateUpdated),
    name: a.name,
    alias: a.alias,
    iban: a.iban,
    type_name: a.typeName,
    balance: fromCents(a.balance),
    overdraft_limit: a.overdraftLimit === null ? null : fromCents(a.overdraftLimit),
    status: a.status,
    last_successful_update: stamp(a.lastSuccessfulUpdate),
    last_update_attempt: stamp(a.lastUpdateAttempt),
    banking_api_account: a.bankingApiAccount,
  });
}

export function bankJson(store: Store, b: Bank): Record<string, unknown> {
  const accounts = [...store.accounts.values()].filter((a) => a.bankId === b.id).sort((x, y) => x.id - y.id);
  return {
    id: b.id,
    accounts: accounts.map((a) => accountJson(store, a)),
    date_created: timestamp(b.dateCreated),
    date_updated: timestamp(b.dateUpdated),
    open_banking_connection_id: b.openBankingConnectionId,
    name: b.name,
    bic: b.bic,
    tenant: b.companyId,
  };
}
