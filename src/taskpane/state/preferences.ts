/**
 * The pane's own preferences on this computer (the add-in's storage, like the profiles): language, last profile, how
 * long the CASHFLOW functions keep a figure, the fiscal year's first month, above how many rows a load asks first, and
 * per connection profile the company's currency the user chose.
 */

import { isCurrencyCode } from '../../sync/amount-format';
import { isLanguage } from '../../i18n/translate';
import type { Language } from '../../i18n/catalog';
import type { KeyValueStorage } from '../../sync/connect';

export type LanguageChoice = Language | 'office';

const LANGUAGE_KEY = 'cashflow.pane.language';
const LAST_PROFILE_KEY = 'cashflow.pane.lastProfile';
const FUNCTIONS_CACHE_KEY = 'cashflow.pane.functionsCacheSeconds';
const FISCAL_YEAR_KEY = 'cashflow.pane.fiscalYearStartMonth';
const LOAD_CONFIRM_KEY = 'cashflow.pane.confirmLoadAboveRows';
/** Followed by the profile's id: each connection has its own company. */
const COMPANY_CURRENCY_KEY = 'cashflow.pane.companyCurrency.';

/** Above how many rows a load asks first; `never` does not ask. */
export const LOAD_CONFIRM_CHOICES = [10_000, 50_000, 100_000, 250_000, 'never'] as const;
export type LoadConfirmChoice = (typeof LOAD_CONFIRM_CHOICES)[number];
export const DEFAULT_LOAD_CONFIRM: LoadConfirmChoice = 50_000;

export function isLoadConfirmChoice(value: unknown): value is LoadConfirmChoice {
  return (LOAD_CONFIRM_CHOICES as readonly unknown[]).includes(value);
}

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

  /** The first month of the fiscal year (1 to 12; January unless set): the filter period "Fiscal year". */
  fiscalYearStartMonth(): number {
    const value = Number(this.#get(FISCAL_YEAR_KEY) ?? Number.NaN);
    return Number.isInteger(value) && value >= 1 && value <= 12 ? value : 1;
  }

  setFiscalYearStartMonth(month: number): void {
    if (month === 1) this.#remove(FISCAL_YEAR_KEY);
    else this.#set(FISCAL_YEAR_KEY, String(month));
  }

  loadConfirm(): LoadConfirmChoice {
    const text = this.#get(LOAD_CONFIRM_KEY);
    const value = text === 'never' ? text : Number(text ?? Number.NaN);
    return isLoadConfirmChoice(value) ? value : DEFAULT_LOAD_CONFIRM;
  }

  setLoadConfirm(choice: LoadConfirmChoice): void {
    if (choice === DEFAULT_LOAD_CONFIRM) this.#remove(LOAD_CONFIRM_KEY);
    else this.#set(LOAD_CONFIRM_KEY, String(choice));
  }

  /** The company currency chosen for a connection profile, or undefined: inferred from the accounts. */
  companyCurrency(profileId: string): string | undefined {
    const value = this.#get(COMPANY_CURRENCY_KEY + profileId);
    return isCurrencyCode(value) ? value : undefined;
  }

  /** Keeps a profile's company currency (a three-letter code); undefined: inferred from the accounts again. */
  setCompanyCurrency(profileId: string, code: string | undefined): void {
    if (code === undefined || !isCurrencyCode(code)) this.#remove(COMPANY_CURRENCY_KEY + profileId);
    else this.#set(COMPANY_CURRENCY_KEY + profileId, code);
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
