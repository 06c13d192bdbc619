/**
 * What the preview page is asked for in its query string, read the same way by the page and (from the iframe's own
 * URL, where the page passes them on) by the pane's bridge: `?theme=dark`, `?lang=de|en|it` (default en) and
 * `?sandbox=URL` (default http://localhost:8787/, handed to the pane unchanged).
 */

import { isLanguage } from '../i18n/translate';
import type { Language } from '../i18n/catalog';

export type PreviewTheme = 'light' | 'dark';

export interface PreviewOptions {
  theme: PreviewTheme;
  language: Language;
  sandbox: string;
}

export const DEFAULT_SANDBOX = 'http://localhost:8787/';

export function readPreviewOptions(search: string): PreviewOptions {
  const query = new URLSearchParams(search);
  const lang = query.get('lang');
  return {
    theme: query.get('theme') === 'dark' ? 'dark' : 'light',
    language: isLanguage(lang) ? lang : 'en',
    sandbox: query.get('sandbox') ?? DEFAULT_SANDBOX,
  };
}

/** The iframe's URL: preview-pane.html with the page's choices in its query (the sandbox URL unchanged). */
export function paneUrl(options: PreviewOptions): string {
  const query = new URLSearchParams({ theme: options.theme, lang: options.language, sandbox: options.sandbox });
  return `preview-pane.html?${query.toString()}`;
}
