/** Counts as the user's language writes them: `12.340` in German and Italian, `12,340` in English. */

import type { Language } from './catalog';

export const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', it: 'it-IT' };

export function formatCount(n: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(n);
}
