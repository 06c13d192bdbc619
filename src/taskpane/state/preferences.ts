/** The pane's own preferences on this computer (the add-in's storage, like the profiles): language, last profile. */

import { isLanguage } from '../../i18n/translate';
import type { Language } from '../../i18n/catalog';
import type { KeyValueStorage } from '../../sync/connect';

export type LanguageChoice = Language | 'office';

const LANGUAGE_KEY = 'cashflow.pane.language';
const LAST_PROFILE_KEY = 'cashflow.pane.lastProfile';

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
