/**
 * The secrets the pane knows, as probes the check before sharing runs over the workbook's settings and hidden
 * cells: each saved profile's client ID, its client secret where this computer (or this session) keeps it, and the
 * live access token of its credentials. A probe answers whether a text carries its value (plain, URL-, JSON- or
 * HTML-escaped: `secretMatcher` of `src/api`), never the value itself.
 */

import { secretMatcher } from '../../api/redact-secrets';

export type SecretKind = 'clientId' | 'clientSecret' | 'accessToken';

export interface SecretProbe {
  kind: SecretKind;
  /** The profile whose credential it is (what a finding names). */
  profileName: string;
  found(text: string): boolean;
}

/** What the pane knows of one saved profile's credentials. */
export interface KnownCredentials {
  profileName: string;
  clientId: string;
  /** Absent: this computer does not keep it and it was not typed in this session. */
  clientSecret?: string;
  /** The access tokens held in memory for these credentials. */
  accessTokens: readonly string[];
}

/** One probe per known value; values too short to tell from ordinary words (under 6 characters) are not searched. */
export function secretProbes(known: readonly KnownCredentials[]): SecretProbe[] {
  const probes: SecretProbe[] = [];
  const add = (kind: SecretKind, profileName: string, value: string | undefined): void => {
    const found = value === undefined ? undefined : secretMatcher(value);
    if (found !== undefined) probes.push({ kind, profileName, found });
  };
  for (const credentials of known) {
    add('clientId', credentials.profileName, credentials.clientId);
    add('clientSecret', credentials.profileName, credentials.clientSecret);
    for (const token of credentials.accessTokens) add('accessToken', credentials.profileName, token);
  }
  return probes;
}
