/**
 * The shared shape of every argument check: a zod schema whose failures carry a message key, turned into a
 * `Checked` value whose error is a `badArgument` naming the parameter, in the user's language.
 */

import { z } from 'zod';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import { FigureError } from './figure-error';

/** What a cell or a literal hands to a function. */
export type ArgumentValue = number | string | boolean | null | undefined;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: FigureError };

interface IssueParams {
  key: MessageKey;
  values?: MessageParams;
}

/** Excel passes an omitted optional argument as null; an empty cell or blank text means the same. */
export const blank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The argument as a message quotes it. */
export const shown = (value: unknown): string => (typeof value === 'string' ? value.trim() : String(value));

/** Fails a zod transform with a message key (and its placeholders). */
export function fail(ctx: z.RefinementCtx, key: MessageKey, values: MessageParams = {}): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message: key, params: { key, values } satisfies IssueParams });
  return z.NEVER;
}

/** The zod result as a `Checked` value: the first issue's message key, filled in with the argument's name. */
export function check<T>(schema: z.ZodType<T>, value: unknown, argument: string, language: Language): Checked<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const params = (parsed.error.issues[0] as { params?: IssueParams } | undefined)?.params;
  const error = FigureError.badArgument(language, argument, params?.key ?? 'functions.error.required', {
    value: shown(value),
    ...params?.values,
  });
  return { ok: false, error };
}

/** The value of a check, or its error thrown (inside a batch, where a throw rejects only that call). */
export function checked<T>(result: Checked<T>): T {
  if (!result.ok) throw result.error;
  return result.value;
}
