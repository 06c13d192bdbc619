/**
 * "Connect": runs the token flow and one small read at once, and says in the user's language what went wrong
 * when it fails, so the task pane can show a clear result for each way a connection fails:
 * a base URL that is no URL, wrong credentials (400 at the token endpoint), an edition without the API
 * (`billing_plan_permission_denied`), a service that cannot be reached, one that is reached but refuses the
 * add-in's origin (CORS: the browser hides the answer and reports a bare network error), or one that redirects the
 * token request or the read elsewhere (`redirect`, naming the host; the client follows no such redirect), or an
 * address where no API lives (`notFound`: HTTP 404 at the token endpoint or the read, a wrong base path).
 *
 * Telling CORS from "unreachable": a browser's `fetch` fails the same way for both. A request in `no-cors` mode
 * gets an opaque answer when the server answered at all, and fails only when nothing answered; `probe` does that
 * (outside a browser there is no CORS, and the probe is skipped).
 */

import { translate } from '../i18n/translate';
import type { Language, MessageKey } from '../i18n/catalog';
import { createClient, type ClientOptions } from './client';
import { ApiConnectionError, ApiError, ApiTimeoutError, ApiUserAbortError, InvalidCredentialsError, RedirectError } from './errors';
import { groupCompanyIds } from './group-companies';
import type { RequestOptions } from './request-options';

export type ConnectionProblem =
  'badUrl' | 'credentials' | 'edition' | 'unreachable' | 'cors' | 'timeout' | 'redirect' | 'notFound' | 'service';

export type ConnectionCheck =
  | {
      ok: true;
      /** The companies the credentials reach (one for company credentials, the group's for group credentials). */
      companyIds: number[];
    }
  | {
      ok: false;
      problem: ConnectionProblem;
      /** What went wrong and what to do, in the user's language. */
      message: string;
      /** The service's own (localized) message or the technical reason, for the details. */
      detail?: string;
    };

export interface ConnectionCheckOptions extends Omit<ClientOptions, 'language'> {
  language: Language;
  /**
   * Whether anything answers at `url` when CORS is set aside (a `no-cors` fetch in a browser). Default: a
   * `no-cors` fetch where the platform has CORS (a browser), otherwise no probe.
   */
  probe?: (url: string) => Promise<boolean>;
}

/**
 * The base URL as the client needs it, or null: https, or http only to this computer (`localhost`, 127.0.0.0/8,
 * `[::1]`: the sandbox, the preview, the local proxy), since over plain http anyone on the way reads the client
 * secret of the token request; no user name or password, query or fragment.
 */
export function parseBaseUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  // The URL parser has normalized the host already: `127.1` and `0x7f.0.0.1` read 127.0.0.1, `[0:0::1]` reads [::1].
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  return url;
}

export async function checkConnection(options: ConnectionCheckOptions, request: RequestOptions = {}): Promise<ConnectionCheck> {
  const t = (key: MessageKey, params: Record<string, string | number> = {}): string => translate(options.language, key, params);
  const fail = (problem: ConnectionProblem, key: MessageKey, detail?: string, params: Record<string, string> = {}): ConnectionCheck =>
    detail === undefined ? { ok: false, problem, message: t(key, params) } : { ok: false, problem, message: t(key, params), detail };

  const baseUrl = parseBaseUrl(options.baseUrl);
  if (baseUrl === null) return fail('badUrl', 'connect.error.badUrl', options.baseUrl);
  const { probe, ...clientOptions } = options;
  // One attempt: the user is waiting for a verdict, not for retries.
  const client = createClient({ ...clientOptions, baseUrl: baseUrl.href, retry: { ...clientOptions.retry, limit: 0 } });
  try {
    return { ok: true, companyIds: await groupCompanyIds(client, request) };
  } catch (error) {
    if (!(error instanceof ApiError) || error instanceof ApiUserAbortError) throw error;
    if (error instanceof InvalidCredentialsError) return fail('credentials', 'connect.error.credentials', error.message);
    if (error instanceof RedirectError) {
      // Never "wrong credentials": the credentials went nowhere, the service sent the client elsewhere.
      const host = error.redirectHost ?? t('api.error.redirectHidden');
      return fail('redirect', 'connect.error.redirect', error.message, { host });
    }
    if (error.isBillingPlanPermissionDenied) return fail('edition', 'connect.error.edition', error.detail ?? error.message);
    if (error instanceof ApiTimeoutError) return fail('timeout', 'connect.error.timeout', error.message);
    if (error instanceof ApiConnectionError) {
      const answered = await (probe ?? defaultProbe(options.fetch))(new URL('auth/token/', withSlash(baseUrl)).href).catch(() => false);
      return answered ? fail('cors', 'connect.error.cors', error.message) : fail('unreachable', 'connect.error.unreachable', error.message);
    }
    // 404 at the token endpoint or the first read: nothing of the API lives under this path (a wrong base path),
    // which is not the service refusing anything.
    if (error.status === 404) return fail('notFound', 'connect.error.notFound', error.detail ?? error.message);
    return fail('service', 'connect.error.service', error.detail ?? error.message);
  }
}

function withSlash(url: URL): URL {
  const copy = new URL(url.href);
  if (!copy.pathname.endsWith('/')) copy.pathname += '/';
  return copy;
}

/** Only where a page has an origin (a browser) can CORS be the cause; elsewhere nothing is probed. */
function defaultProbe(fetchImpl: typeof fetch | undefined): (url: string) => Promise<boolean> {
  const hasOrigin =
    typeof globalThis === 'object' &&
    'location' in globalThis &&
    typeof (globalThis as { location?: { origin?: unknown } }).location?.origin === 'string';
  if (!hasOrigin) return async () => false;
  const send = fetchImpl ?? globalThis.fetch.bind(globalThis);
  return async (url) => {
    await send(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return true;
  };
}
