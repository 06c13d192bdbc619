/**
 * What Office tells an add-in about its environment, as the preview stands in for it: `Office.context.officeTheme`
 * (colours of the Office theme; the pane picks its dark theme when the body background is dark) and
 * `Office.context.displayLanguage` (`de-DE`, ...).
 */

import type { Language } from '../i18n/catalog';
import type { PreviewTheme } from './preview-options';

/** The colours of Office's White and Black themes (what Excel on the web reports for them). */
export function officeTheme(theme: PreviewTheme): Office.OfficeTheme & { isDarkTheme: boolean; themeId: number } {
  return theme === 'dark'
    ? {
        bodyBackgroundColor: '#262626',
        bodyForegroundColor: '#FFFFFF',
        controlBackgroundColor: '#3B3B3B',
        controlForegroundColor: '#FFFFFF',
        isDarkTheme: true,
        themeId: 4, // Office.ThemeId: Black
      }
    : {
        bodyBackgroundColor: '#FFFFFF',
        bodyForegroundColor: '#000000',
        controlBackgroundColor: '#FFFFFF',
        controlForegroundColor: '#000000',
        isDarkTheme: false,
        themeId: 5, // Office.ThemeId: White
      };
}

const DISPLAY_LANGUAGES: Record<Language, string> = { de: 'de-DE', en: 'en-US', it: 'it-IT' };

export function displayLanguage(language: Language): string {
  return DISPLAY_LANGUAGES[language];
}
