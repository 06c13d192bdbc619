/**
 * The pane's own preferences on this computer (the add-in's storage, like the profiles): language, last profile, how
 * long the CASHFLOW functions keep a figure.
 */

import { isLanguage } from '../../i18n/translate';
import type { Language } from '../../i18n/catalog';
import type { KeyValueStorage } from '../../sync/connect';

export type LanguageChoice = Language | 'office';

const LANGUAGE_KEY = 'cashflow.pane.language';
const LAST_PROFILE_KEY = 'cashflow.pane.lastProfile';
const FUNCTIONS_CACHE_KEY = 'cashflow.pane.functionsCacheSeconds';

/** How long the functions may keep a figure, in seconds: 0 asks the service at every recalculation. */
export const FUNCTIONS_CACHE_CHOICES = [0, 30, 60, 300, 900] as const;
export type FunctionsCacheSeconds = (typeof FUNCTIONS_CACHE_CHOICES)[number];
export const DEFAULT_FUNCTIONS_CACHE_SECONDS: FunctionsCacheSeconds = 60;

export function isFunctionsCacheSeconds(value: unknown): value is FunctionsCacheSeconds {
  return (FUNCTIONS_CACHE_CHOICES as readonly unknown[]).includes(value);
}

export class Preferences {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly prefix = '',
  ) {}

  languageChoice(): LanguageChoice {
    const value = this.#get(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'office';
  }

  setLanguageChoice(choice: LanguageChoice): void {
    if (choice === 'office') this.#remove(LANGUAGE_KEY);
    else this.#set(LANGUAGE_KEY, choice);
  }

  lastProfile(): string | undefined {
    return this.#get(LAST_PROFILE_KEY) ?? undefined;
  }

  setLastProfile(id: string | undefined): void {
    if (id === undefined) this.#remove(LAST_PROFILE_KEY);
    else this.#set(LAST_PROFILE_KEY, id);
  }

  functionsCacheSeconds(): FunctionsCacheSeconds {
    const value = Number(this.#get(FUNCTIONS_CACHE_KEY) ?? Number.NaN);
    return isFunctionsCacheSeconds(value) ? value : DEFAULT_FUNCTIONS_CACHE_SECONDS;
  }

  setFunctionsCacheSeconds(seconds: FunctionsCacheSeconds): void {
    if (seconds === DEFAULT_FUNCTIONS_CACHE_SECONDS) this.#remove(FUNCTIONS_CACHE_KEY);
    else this.#set(FUNCTIONS_CACHE_KEY, String(seconds));
  }

  #get(key: string): string | null {
    try {
      return this.storage.getItem(this.prefix + key);
    } catch {
      return null;
    }
  }

  #set(key: string, value: string): void {
    try {
      this.storage.setItem(this.prefix + key, value);
    } catch {
      // Storage refused (private mode, quota): the preference lasts this session only.
    }
  }

  #remove(key: string): void {
    try {
      this.storage.removeItem(this.prefix + key);
    } catch {
      // as above
    }
  }
}

/** Office's display language (`de-DE`, `it-IT`, …) as one of ours; English otherwise. */
export function languageFromDisplay(displayLanguage: string | undefined): Language {
  const primary = (displayLanguage ?? '').slice(0, 2).toLowerCase();
  return isLanguage(primary) ? primary : 'en';
}
