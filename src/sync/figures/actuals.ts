/**
 * ACTUALS: the sum of `reporting_amount` of a category's transactions (subcategories included) in a date range,
 * optionally of one account, in the company currency: what `/transactions/extended/` tells as `sum` for the same
 * filters. Calls are checked against the batch's categories (and accounts), then served per account filter by the
 * summed plan over the transactions.
 */

import type { CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { checked } from './argument-check';
import { accountOmitted, type ArgumentValue, type DateRange, parseAccount, parseCategory } from './arguments';
import type { Work } from './keyed-jobs';
import type { LoadedReferences, Reference, References } from './references';
import type { SumCall } from './sum-source';
import { serveSums, type SumWorksContext } from './sum-works';
import { transactionSums } from './transaction-sums';

export interface ActualsArguments {
  category: ArgumentValue;
  range: DateRange;
  account: ArgumentValue;
}

export function actualsNeeds(account: ArgumentValue): Reference[] {
  return accountOmitted(account) ? ['categories'] : ['categories', 'summary'];
}

/** The normalized call; throws the `badArgument` of a category or account it cannot resolve. */
export function actualsCall(args: ActualsArguments, references: LoadedReferences, language: Language): SumCall {
  const category = checked(parseCategory(args.category, references.categories().index, language));
  const account = checked(parseAccount(args.account, accountOmitted(args.account) ? [] : references.accountRefs(), language));
  return { key: `actuals|${category}|${args.range.from}|${args.range.to}|${account ?? ''}`, category, ...args.range, account };
}

export function serveActuals(
  works: readonly Work<SumCall, number>[],
  client: Pick<CashflowClient, 'transactions'>,
  references: Pick<References, 'transactionCount'>,
  context: SumWorksContext,
): Promise<void> {
  const list = {
    key: 'transactions',
    source: () => transactionSums(client.transactions, (account) => references.transactionCount(account)),
  };
  return serveSums(works, () => list, context);
}
