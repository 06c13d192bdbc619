/**
 * The companies group credentials address, for a picker: the owners (`tenant`) of the banks `GET /banks/` lists,
 * which with group credentials covers every company of the group. Company credentials get their own company.
 */
import type { BanksResource } from './banks';
import type { RequestOptions } from './request-options';

/** Distinct company ids of the banks' owners, ascending. */
export async function groupCompanyIds(client: { readonly banks: BanksResource }, options: RequestOptions = {}): Promise<number[]> {
  const ids = new Set<number>();
  for await (const bank of client.banks.items({}, options.signal === undefined ? {} : { signal: options.signal })) ids.add(bank.tenant);
  return [...ids].sort((a, b) => a - b);
}
