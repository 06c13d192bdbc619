/**
 * The sandbox as a one-click demo profile: offered only when a sandbox answers at its address (the local
 * `npm run sandbox`, or the preview's). Its credentials are public test data (src/sandbox/README.md).
 */

import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { ConnectionProfile } from './profile';

export const DEMO_PROFILE_ID = 'demo';
export const DEMO_CLIENT_ID = 'demo-company';
export const DEMO_SECRET = 'demo-secret';
export const DEMO_COMPANY_ID = 4711;

/** The demo company's profile and its (public) secret, ready for `ProfileStore.save(profile, secret)`. */
export function demoProfile(sandboxUrl: string, language: Language): { profile: ConnectionProfile; secret: string } {
  const baseUrl = new URL(sandboxUrl).href;
  return {
    profile: {
      id: DEMO_PROFILE_ID,
      name: translate(language, 'connect.demo.name'),
      baseUrl,
      clientId: DEMO_CLIENT_ID,
      kind: 'company',
      companyIds: [DEMO_COMPANY_ID],
      remember: true,
    },
    secret: DEMO_SECRET,
  };
}

/**
 * Whether a sandbox answers at `url`: a token request with the demo credentials succeeds within `timeoutMs`. A port
 * where nothing listens is refused at once; a busy machine's sandbox may take more than a second for its first token,
 * so the pane asks briefly first and again later (`taskpane/state/demo-watch.ts`). Only development builds and the
 * preview probe: a production build never asks the user's computer.
 */
export async function sandboxAvailable(
  url: string,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
  timeoutMs = 5000,
): Promise<boolean> {
  let tokenUrl: string;
  try {
    tokenUrl = new URL('auth/token/', url.endsWith('/') ? url : `${url}/`).href;
  } catch {
    return false;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: DEMO_CLIENT_ID, client_secret: DEMO_SECRET }),
      signal: controller.signal,
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
