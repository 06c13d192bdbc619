import { catalogs, type Language, type MessageKey, LANGUAGES } from './catalog';

export type MessageParams = Record<string, string | number>;

/** Fills `{name}` placeholders of a catalog message in the given language. */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogs[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
