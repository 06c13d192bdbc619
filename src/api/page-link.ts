/**
 * Reads the page number from a `next` link. Only `page` is taken from the link: the host of the link
 * may differ from the configured base URL, so the request always goes to the base URL with the
 * caller's own path and filters.
 */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { ResponseValidationError } from './errors';

export function pageNumberFromLink(
  link: string,
  context: { method: string; path: string; language: Language; redact?: ((text: string) => string) | undefined },
): number {
  let page: string | null;
  try {
    page = new URL(link, 'http://relative.invalid/').searchParams.get('page');
  } catch {
    page = null;
  }
  const number = page === null ? Number.NaN : Number(page);
  if (!Number.isSafeInteger(number) || number < 1) {
    // Never guess: a wrong guess would silently skip or repeat rows.
    throw new ResponseValidationError({
      message: translate(context.language, 'api.error.pageLinkInvalid', { link: context.redact?.(link) ?? link }),
      method: context.method,
      path: context.path,
      issues: [{ path: 'next', message: 'no page number' }],
    });
  }
  return number;
}
