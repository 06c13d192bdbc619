/**
 * The add-in's own user-visible messages, one key set in three languages.
 * Messages that come from the service are passed through as the service localized them;
 * these catalogs cover what the add-in itself says. A test fails when a key is missing
 * in any language or when the placeholders differ between languages.
 */

import * as accounts from './messages/accounts';
import * as codes from './messages/codes';
import * as core from './messages/core';
import * as filters from './messages/filters';
import * as functions from './messages/functions';
import * as importing from './messages/import';
import * as pane from './messages/pane';
import * as planGrid from './messages/plan-grid';
import * as preview from './messages/preview';
import * as push from './messages/push';
import * as share from './messages/share';
import * as template from './messages/template';

export const LANGUAGES = ['de', 'en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The English catalog: the key set. Each area keeps its messages in its own file under messages/. */
export const en = {
  ...accounts.en,
  ...codes.en,
  ...core.en,
  ...filters.en,
  ...functions.en,
  ...importing.en,
  ...pane.en,
  ...planGrid.en,
  ...preview.en,
  ...push.en,
  ...share.en,
  ...template.en,
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

export const de: Catalog = {
  ...accounts.de,
  ...codes.de,
  ...core.de,
  ...filters.de,
  ...functions.de,
  ...importing.de,
  ...pane.de,
  ...planGrid.de,
  ...preview.de,
  ...push.de,
  ...share.de,
  ...template.de,
};
export const it: Catalog = {
  ...accounts.it,
  ...codes.it,
  ...core.it,
  ...filters.it,
  ...functions.it,
  ...importing.it,
  ...pane.it,
  ...planGrid.it,
  ...preview.it,
  ...push.it,
  ...share.it,
  ...template.it,
};

export const catalogs: Record<Language, Catalog> = { de, en, it };
