/**
 * Values that go into URL paths are checked before any request: ids must be positive integers,
 * external IDs must be non-empty and free of `.` and `/` (the service cannot address such budgets
 * by the external-ID paths), and are URL-encoded.
 */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { InvalidRequestError } from './errors';

export function pathId(value: number, field: string, language: Language = 'en'): string {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InvalidRequestError({ message: translate(language, 'api.error.pathIdInvalid', { field, value: String(value) }) });
  }
  return String(value);
}

export function isAddressableExternalId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && !value.includes('.') && !value.includes('/');
}

export function externalIdSegment(value: string, language: Language = 'en'): string {
  if (!isAddressableExternalId(value)) {
    throw new InvalidRequestError({
      message: translate(language, 'api.error.externalIdInvalid', { externalId: String(value) }),
    });
  }
  return encodeURIComponent(value);
}
