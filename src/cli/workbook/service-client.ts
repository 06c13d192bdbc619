/**
 * The client a command talks to the service with: the base URL and client ID from the options (or, for refresh and
 * push, the connection stored in the file), the secret from clientSecret(), the injected fetch, clock and sleep, a
 * token cache of its own (nothing outlives the run).
 */
import { CashflowClient, TokenCache } from '../../api';
import type { Language } from '../../i18n/catalog';
import type { CliIo } from './cli-io';

export interface ServiceAccess {
  baseUrl: string;
  clientId: string;
  secret: string;
  language: Language;
}

export function serviceClient(io: CliIo, access: ServiceAccess): CashflowClient {
  return new CashflowClient({
    baseUrl: access.baseUrl,
    clientId: access.clientId,
    clientSecret: access.secret,
    language: access.language,
    fetch: io.fetch,
    now: io.now,
    ...(io.sleep ? { sleep: io.sleep } : {}),
    tokenCache: new TokenCache(),
  });
}

/** The connection's name when none is given: the base URL's host (`api.example.com`). */
export function defaultConnectionName(baseUrl: string): string {
  return new URL(baseUrl).host;
}
