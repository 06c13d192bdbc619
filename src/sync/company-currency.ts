/**
 * The company's currency, which the service's API does not name (docs/service-contract.md): the currency most of its
 * accounts have; on a tie the first in alphabetical order; none without an account in a valid currency. The user can
 * choose another in the pane's Settings (kept per connection profile).
 */

import { isCurrencyCode } from './amount-format';

export function inferCompanyCurrency(accounts: readonly { currency?: string | null }[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { currency } of accounts) if (isCurrencyCode(currency)) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  let best: string | undefined;
  let bestCount = 0;
  for (const [code, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && code < best)) {
      best = code;
      bestCount = count;
    }
  }
  return best;
}

/** The distinct valid currencies of the accounts, sorted (the choices Settings offers). */
export function accountCurrencies(accounts: readonly { currency?: string | null }[]): string[] {
  return [...new Set(accounts.map((a) => a.currency).filter(isCurrencyCode))].sort();
}
