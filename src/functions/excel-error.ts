/**
 * A figure's failure as the error value Excel shows. The core's `FigureError` has a `kind`: a bad argument is
 * `#VALUE!`; not connected, a refusal of the service, a figure the service does not have and a time-out are `#N/A`. Both carry the message (Excel shows
 * a custom message only for these two codes). Anything else becomes `#N/A` with its message: a call always settles.
 */

import type { Language } from '../i18n/catalog';
import * as messages from '../i18n/messages/functions';

type ErrorKind = 'notConnected' | 'badArgument' | 'refused' | 'timeout' | 'unavailable';

function kindOf(error: unknown): ErrorKind | undefined {
  if (typeof error !== 'object' || error === null || !('kind' in error)) return undefined;
  const kind = (error as { kind: unknown }).kind;
  return kind === 'notConnected' || kind === 'badArgument' || kind === 'refused' || kind === 'timeout' || kind === 'unavailable'
    ? kind
    : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function notConnectedError(language: Language): CustomFunctions.Error {
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, messages[language]['functions.error.notConnected']);
}

export function toExcelError(error: unknown, language: Language): CustomFunctions.Error {
  if (error instanceof CustomFunctions.Error) return error;
  const kind = kindOf(error);
  if (kind === 'notConnected') return notConnectedError(language);
  const code = kind === 'badArgument' ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
  const message =
    kind === undefined ? messages[language]['functions.error.unexpected'].replace('{reason}', messageOf(error)) : messageOf(error);
  return new CustomFunctions.Error(code, message);
}
