/**
 * OAuth 2.0 client credentials as section 5 describes: credentials only from the body, bearer tokens with
 * a lifetime, 403 (English) without a header, 401 with `WWW-Authenticate: Bearer` for bad tokens.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from './api-error';
import { isRecord } from './body-reader';
import { t, type Language } from './messages';
import type { Credential, Principal } from './model';

export const REFRESH_EXPIRES_IN = 1_209_600;

interface IssuedToken {
  principal: Principal;
  expiresAt: number;
}

export class TokenRegistry {
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    private readonly credentials: readonly Credential[],
    private readonly ttlSeconds: number,
  ) {}

  /** Answers the token endpoint body; throws 400 `non_field_errors` for missing or wrong credentials. */
  issue(body: unknown, now: number, lang: Language): Record<string, unknown> {
    const fields = isRecord(body) ? body : {};
    const text = (key: string): string | undefined => {
      const value = fields[key];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const grantType = text('grant_type');
    const clientId = text('client_id');
    const clientSecret = text('client_secret');
    if (!grantType || !clientId || !clientSecret) {
      throw new ApiError(400, { non_field_errors: [t(lang, 'missingClient')] });
    }
    if (grantType !== 'client_credentials') {
      throw new ApiError(400, { non_field_errors: [t(lang, 'unsupportedGrantType', { grant_type: grantType })] });
    }
    const credential = this.credentials.find((c) => c.clientId === clientId && c.clientSecret === clientSecret);
    if (!credential) throw new ApiError(400, { non_field_errors: [t(lang, 'invalidClient')] });
    this.sweep(now);
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { principal: credential.principal, expiresAt: now + this.ttlSeconds * 1000 });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: randomBytes(24).toString('base64url'),
      expires_in: this.ttlSeconds,
      refresh_expires_in: REFRESH_EXPIRES_IN,
      scope: credential.scope,
    };
  }

  /** The principal behind an Authorization header, or the 403/401 answer. */
  authenticate(header: string | undefined, now: number, lang: Language): Principal {
    const [scheme = '', token, ...rest] = (header ?? '').trim().split(/\s+/);
    if (scheme.toLowerCase() !== 'bearer') {
      // No header, or another scheme such as Basic: not authenticated at all (always English).
      throw new ApiError(403, { detail: t('en', 'notAuthenticated') });
    }
    const issued = token && rest.length === 0 ? this.tokens.get(token) : undefined;
    if (!issued || issued.expiresAt <= now) {
      throw new ApiError(401, { detail: t(lang, 'invalidToken') }, { 'WWW-Authenticate': 'Bearer' });
    }
    return issued.principal;
  }

  private sweep(now: number): void {
    if (this.tokens.size < 10_000) return;
    for (const [key, value] of this.tokens) if (value.expiresAt <= now) this.tokens.delete(key);
  }
}
