/**
 * What a row's Import status cell says about its outcome, in the pane's language, and how a later send recognises a
 * row left "not confirmed" (in any of the languages: a colleague may have sent in another one).
 */

import { LANGUAGES, type Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { ImportOutcome } from './import-outcome';
import { importColumn } from './import-table';

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function statusText(outcome: ImportOutcome, language: Language): string {
  switch (outcome.kind) {
    case 'imported':
    case 'already':
      return translate(language, 'import.status.imported');
    case 'waiting':
      return translate(language, 'import.status.waiting', {
        reasons: outcome.problems.map((p) => translate(language, p.key, { ...p.params, column: importColumn(p.column).header })).join(' '),
      });
    case 'refused':
      return translate(language, 'import.status.refused', { reasons: outcome.reasons.map(sentence).join(' ') });
    case 'failed':
      return translate(language, 'import.status.failed', { reason: sentence(outcome.reason) });
    case 'unconfirmed':
      return translate(language, 'import.status.unconfirmed', {
        prefix: translate(language, 'import.status.unconfirmedPrefix'),
        reason: outcome.reason,
      });
    case 'cancelled':
      return translate(language, 'import.status.cancelled');
  }
}

/** A status a send wrote for a row whose call may have landed: the next send reads it back before sending it. */
export function isUnconfirmedStatus(status: string): boolean {
  return LANGUAGES.some((language) => status.startsWith(`${translate(language, 'import.status.unconfirmedPrefix')}:`));
}
