/**
 * A connection profile: what the user names and enters once per credential pair (a pair belongs to one company,
 * or to a group of companies). The secret is not part of it: the profile store keeps it apart, and only on this
 * computer (see `profile-store.ts`).
 */

import { z } from 'zod';
import { parseBaseUrl } from '../../api/connection-check';
import { baseUrlProblem } from './base-url-problem';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';

export const PROFILE_KINDS = ['company', 'group'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** Issue messages are catalog keys; `parseProfile` translates them. */
const baseUrlField = z.string({ error: 'profile.error.baseUrl' }).transform((text, ctx) => {
  const url = parseBaseUrl(text);
  if (url === null) {
    ctx.addIssue({
      code: 'custom',
      message: baseUrlProblem(text) === 'insecure' ? 'profile.error.baseUrlInsecure' : 'profile.error.baseUrl',
    });
    return z.NEVER;
  }
  return url.href;
});

export const ProfileSchema = z.object({
  id: z.string().min(1),
  name: z.string({ error: 'profile.error.name' }).trim().min(1, { error: 'profile.error.name' }),
  /** Normalized (`https://host/path/`), so the same service compares equal however it was typed; http only to this computer. */
  baseUrl: baseUrlField,
  clientId: z.string({ error: 'profile.error.clientId' }).trim().min(1, { error: 'profile.error.clientId' }),
  kind: z.enum(PROFILE_KINDS),
  /** The companies the credentials reached at the last successful connect. */
  companyIds: z.array(z.number().int().positive()).optional(),
  /** Keep the secret on this computer (in the add-in's storage); otherwise only in memory. */
  remember: z.boolean(),
});

export type ConnectionProfile = z.output<typeof ProfileSchema>;
export type ProfileInput = z.input<typeof ProfileSchema>;

export interface ProfileProblem {
  /** The profile field the problem is about (`name`, `baseUrl`, `clientId`, …). */
  field: string;
  /** What to do, in the user's language, naming the field. */
  message: string;
}

export type ProfileParse = { ok: true; profile: ConnectionProfile } | { ok: false; problems: ProfileProblem[] };

const KEYED_MESSAGES: readonly string[] = [
  'profile.error.name',
  'profile.error.baseUrl',
  'profile.error.baseUrlInsecure',
  'profile.error.clientId',
];

/** Validates what the user entered; every problem in the user's language, one per field. */
export function parseProfile(input: unknown, language: Language): ProfileParse {
  const result = ProfileSchema.safeParse(input);
  if (result.success) return { ok: true, profile: result.data };
  const problems: ProfileProblem[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'profile');
    if (problems.some((p) => p.field === field)) continue;
    const message = KEYED_MESSAGES.includes(issue.message)
      ? translate(language, issue.message as MessageKey)
      : translate(language, 'profile.error.invalid', { field });
    problems.push({ field, message });
  }
  return { ok: false, problems };
}

/** A new profile id (random; profiles are told apart by it, never by name). */
export function newProfileId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
