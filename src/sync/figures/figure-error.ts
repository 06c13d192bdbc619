/**
 * What a figure gives instead of a number. Every call of the engine settles, and when it cannot give a figure it
 * rejects with a `FigureError`: a kind the functions layer maps to an Excel error value (`badArgument` → #VALUE!,
 * the others → #N/A) and a message in the user's language for the cell's tooltip. `unavailable`: the service
 * answered but has no such figure (a forecast balance without a current forecast).
 */

import { ApiConnectionError, ApiError, ApiTimeoutError, ApiUserAbortError } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { BudgetSeriesError } from './budget-occurrences';
import { translate, type MessageParams } from '../../i18n/translate';

export type FigureErrorKind = 'notConnected' | 'badArgument' | 'refused' | 'timeout' | 'unavailable';

export class FigureError extends Error {
  override name = 'FigureError';
  readonly kind: FigureErrorKind;
  /** The argument at fault (`badArgument` only): the function's parameter name, e.g. `from`. */
  readonly argument: string | undefined;

  constructor(kind: FigureErrorKind, message: string, argument?: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.argument = argument;
  }

  static badArgument(language: Language, argument: string, key: MessageKey, values: MessageParams = {}): FigureError {
    return new FigureError('badArgument', translate(language, key, { ...values, argument }), argument);
  }

  static unavailable(language: Language, key: MessageKey, values: MessageParams = {}): FigureError {
    return new FigureError('unavailable', translate(language, key, values));
  }

  /** The data changed between the pages of one read (twice in a row). */
  static changing(language: Language): FigureError {
    return new FigureError('refused', translate(language, 'functions.error.changing'));
  }

  static notConnected(language: Language): FigureError {
    return new FigureError('notConnected', translate(language, 'functions.error.notConnected'));
  }

  static timeout(language: Language, timeoutMs: number, cause?: unknown): FigureError {
    return new FigureError(
      'timeout',
      translate(language, 'functions.error.timeout', { seconds: Math.round(timeoutMs / 100) / 10 }),
      undefined,
      cause,
    );
  }
}

/**
 * Any failure as a `FigureError`. The service's refusals keep its own (localized) message; the client's time-out and
 * an abort (the engine aborts only when its deadline passed) are time-outs; no answer at all is "unreachable".
 */
export function toFigureError(error: unknown, language: Language, timeoutMs: number): FigureError {
  if (error instanceof FigureError) return error;
  if (error instanceof BudgetSeriesError)
    return new FigureError('unavailable', translate(language, 'functions.error.budgetSeries'), undefined, error);
  if (error instanceof ApiTimeoutError || error instanceof ApiUserAbortError) return FigureError.timeout(language, timeoutMs, error);
  if (error instanceof ApiConnectionError)
    return new FigureError('refused', translate(language, 'functions.error.unreachable'), undefined, error);
  if (error instanceof ApiError)
    return new FigureError('refused', translate(language, 'functions.error.refused', { reason: error.message }), undefined, error);
  const reason = error instanceof Error ? error.message : String(error);
  return new FigureError('refused', translate(language, 'functions.error.unexpected', { reason }), undefined, error);
}
