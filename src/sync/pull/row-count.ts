/**
 * How many rows a full pull of a target brings, before it starts: one `page_size=1` read of the same list with the
 * same filters (its `count`), per company for a group's invoices. `undefined` for the resources that come in one
 * small answer (categories, plans, accounts) or are never large (banks).
 */

import type { CashflowClient } from '../../api';
import { companiesOf, type PullTarget } from './pull-target';

const ONE = { page_size: 1 } as const;

export async function rowCount(client: CashflowClient, target: PullTarget, signal?: AbortSignal): Promise<number | undefined> {
  const options = signal === undefined ? {} : { signal };
  switch (target.resource) {
    case 'transactions':
      return (await client.transactions.page({ ...target.filters, ...ONE }, options)).count;
    case 'invoices':
      return (await client.invoices.page({ ...target.filters, ...ONE }, options)).count;
    case 'groupInvoices': {
      const counts = await Promise.all(
        companiesOf(target).map((id) => client.groupInvoices(id).page({ ...target.filters, ...ONE }, options)),
      );
      return counts.reduce((sum, page) => sum + page.count, 0);
    }
    case 'forecastBudgets':
      return (await client.forecastBudgets.page({ ...target.filters, all_budgets: false, ...ONE }, options)).count;
    case 'allBudgets':
      return (await client.forecastBudgets.page({ ...target.filters, all_budgets: true, ...ONE }, options)).count;
    case 'scenarioBudgets':
      return (await client.scenarioBudgets(target.scenarioId).page({ ...target.filters, ...ONE }, options)).count;
    case 'categories':
    case 'plans':
    case 'accounts':
    case 'banks':
      return undefined;
  }
}
