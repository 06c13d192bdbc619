/** The template's file names by language, as `npm run build` writes them into dist/ (and the preview fetches them). */

import type { Language } from '../i18n/catalog';

export const TEMPLATE_FILES: Readonly<Record<Language, string>> = {
  en: 'cashflow-planning-template.xlsx',
  de: 'cashflow-planning-template-de.xlsx',
  it: 'cashflow-planning-template-it.xlsx',
};
