/**
 * The route table: path patterns with typed parameters, handlers per method and the access scope of
 * each handler. Integer parameters match digits only; `{external_id}` matches one segment that contains
 * neither `.` nor `/` (also when percent-encoded), so such budgets are not addressable (spec rule 5).
 */
import type { HandlerResult, RequestContext } from './request-context';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * public: no token (token endpoint). company: company credentials only (group → 403).
 * company-or-group: company credentials, or group credentials over all group companies.
 * group-company: enterprise group credentials only (`company_id` must be in the group).
 */
export type Scope = 'public' | 'company' | 'company-or-group' | 'group-company';

export interface MethodHandler {
  scope: Scope;
  run: (context: RequestContext) => HandlerResult | Promise<HandlerResult>;
}

export interface Route {
  pattern: string;
  regex: RegExp;
  paramNames: string[];
  methods: Partial<Record<Method, MethodHandler>>;
}

export function defineRoute(pattern: string, methods: Partial<Record<Method, MethodHandler>>): Route {
  const paramNames: string[] = [];
  const source = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, (ch) => (ch === '{' || ch === '}' ? ch : `\\${ch}`))
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      paramNames.push(name);
      return name === 'external_id' ? '([^/.]+)' : '(\\d+)';
    });
  return { pattern, regex: new RegExp(`^${source}$`), paramNames, methods };
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export function matchRoute(routes: readonly Route[], path: string): RouteMatch | undefined {
  for (const route of routes) {
    const match = route.regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    let valid = true;
    route.paramNames.forEach((name, index) => {
      let value = match[index + 1] ?? '';
      try {
        value = decodeURIComponent(value);
      } catch {
        valid = false;
      }
      if (name === 'external_id' && /[./]/.test(value)) valid = false;
      params[name] = value;
    });
    if (valid) return { route, params };
  }
  return undefined;
}
