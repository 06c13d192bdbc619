/**
 * The add-in's own user-visible messages, one key set in three languages.
 * Messages that come from the service are passed through as the service localized them;
 * these catalogs cover what the add-in itself says. A test fails when a key is missing
 * in any language or when the placeholders differ between languages.
 */
export const LANGUAGES = ['de', 'en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export const en = {
  'app.title': 'Cash-Flow Planner',
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

export const de: Catalog = {
  'app.title': 'Cash-Flow Planner',
};

export const it: Catalog = {
  'app.title': 'Cash-Flow Planner',
};

export const catalogs: Record<Language, Catalog> = { de, en, it };
