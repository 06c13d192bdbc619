/** What a route handler receives and returns. */
import type { Language } from './messages';
import type { Principal } from './model';
import type { QueryParams } from './query-params';
import type { Store } from './store';

export interface RequestContext {
  store: Store;
  lang: Language;
  principal: Principal;
  params: Record<string, string>;
  query: QueryParams;
  body: unknown;
  /** Request time (epoch ms) from the injectable clock, and its UTC date. */
  now: number;
  today: string;
  /** Origin written into `next`/`previous` links, and the request path. */
  linkOrigin: string;
  path: string;
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Company ids the principal may read with /banks/ and /accounts/. */
export function readableCompanies(principal: Principal): number[] {
  return principal.kind === 'group' ? [...principal.companyIds] : [principal.companyId];
}

/** The company of a company-scoped principal (routes with scope `company` never see a group principal). */
export function companyOf(principal: Principal): number {
  if (principal.kind !== 'company') throw new Error('company-scoped route reached with group credentials');
  return principal.companyId;
}
