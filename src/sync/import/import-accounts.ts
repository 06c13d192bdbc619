/**
 * The Account cell of an Import row → the company's account, and whether the service takes imported transactions
 * there. Only offline accounts do (api-spec: "accounts linked to a bank connection and accounts with status `API` or
 * `DISCONNECTED` are refused with 403"); every other account is refused here, before any request, with the reason.
 * A cell names an account by its name, its short name (alias), its IBAN or its id (`123` or `#123`).
 */

import type { Account } from '../../api';
import { normalizeIban } from '../accounts/iban';
import type { RowProblem } from './import-row-check';

export type AccountVerdict = { ok: true; account: Account } | { ok: false; problem: RowProblem };

/** What the cell's text is matched against: id, name, alias, IBAN. */
function matches(account: Account, typed: string): boolean {
  const lower = typed.toLowerCase();
  const id = /^#?(\d+)$/.exec(typed);
  if (id !== null && account.id === Number(id[1])) return true;
  if (account.name.trim().toLowerCase() === lower || (account.alias.trim() !== '' && account.alias.trim().toLowerCase() === lower))
    return true;
  return account.iban !== '' && normalizeIban(account.iban) === normalizeIban(typed);
}

/** Why the service would refuse imported transactions in this account (403), or undefined for an offline account. */
export function importRefusal(account: Account): RowProblem | undefined {
  const name = account.name.trim() || account.alias.trim() || `#${account.id}`;
  if (account.status === 'API') return { column: 'account', key: 'import.check.accountApi', params: { account: name } };
  if (account.status === 'DISCONNECTED') return { column: 'account', key: 'import.check.accountDisconnected', params: { account: name } };
  if (account.bank.open_banking_connection_id !== null)
    return { column: 'account', key: 'import.check.accountLinked', params: { account: name } };
  if (account.status !== 'OFFLINE')
    return { column: 'account', key: 'import.check.accountNotOffline', params: { account: name, status: account.status } };
  return undefined;
}

/** The accounts imported transactions can go to. */
export function offlineAccounts(accounts: readonly Account[]): Account[] {
  return accounts.filter((a) => importRefusal(a) === undefined);
}

/**
 * Resolves the account cells of one send once per distinct text: the same text gives the same verdict, so 2,500 rows
 * of one account cost one lookup.
 */
export function accountResolver(accounts: readonly Account[]): (typed: string) => AccountVerdict {
  const known = new Map<string, AccountVerdict>();
  return (typed) => {
    let verdict = known.get(typed);
    if (verdict === undefined) {
      verdict = resolve(accounts, typed);
      known.set(typed, verdict);
    }
    return verdict;
  };
}

function resolve(accounts: readonly Account[], typed: string): AccountVerdict {
  if (typed === '') return { ok: false, problem: { column: 'account', key: 'import.check.accountMissing' } };
  const found = accounts.filter((a) => matches(a, typed));
  // An id wins over a name that happens to be digits.
  const byId = found.filter((a) => /^#?\d+$/.test(typed) && a.id === Number(typed.replace('#', '')));
  const candidates = byId.length === 1 ? byId : found;
  if (candidates.length === 0)
    return { ok: false, problem: { column: 'account', key: 'import.check.accountUnknown', params: { account: typed } } };
  if (candidates.length > 1)
    return { ok: false, problem: { column: 'account', key: 'import.check.accountAmbiguous', params: { account: typed } } };
  const account = candidates[0] as Account;
  const refusal = importRefusal(account);
  return refusal === undefined ? { ok: true, account } : { ok: false, problem: refusal };
}
