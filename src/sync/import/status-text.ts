/**
 * What a row's Import status cell says about its outcome, in the pane's language, and how a later send recognises a
 * row left "not confirmed" (in any of the languages: a colleague may have sent in another one).
 */

import { LANGUAGES, type Language, type MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { ImportOutcome, UnconfirmedCause } from './import-outcome';
import { importColumn } from './import-table';

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The status of each cause of "not confirmed": all start with the prefix the next send looks for. */
const UNCONFIRMED: Record<UnconfirmedCause, MessageKey> = {
  lost: 'import.status.unconfirmed',
  notFound: 'import.status.unconfirmedNotFound',
  unmatched: 'import.status.unconfirmedUnmatched',
};

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
      return translate(language, UNCONFIRMED[outcome.cause], {
        prefix: translate(language, 'import.status.unconfirmedPrefix'),
        reason: outcome.reason,
      });
    case 'cancelled':
      return translate(language, outcome.changed === true ? 'import.status.changed' : 'import.status.cancelled');
  }
}

/**
 * The status a row carries while its call is out (written before the call goes): "not confirmed", so that a send cut
 * off there (the pane closed, the sheet failing) leaves the next send reading the row back instead of posting it
 * blind. The time of the send and the row's place when it was read make the text the row's own, so the write-back
 * finds the row by it even when the user edited its cells meanwhile (`record-outcomes.ts`).
 */
export function sendingText(language: Language, row: number, time: string): string {
  return translate(language, 'import.status.sending', { prefix: translate(language, 'import.status.unconfirmedPrefix'), row, time });
}

/** The status of a row imported while the user changed its cells: its id stays (never sent again), and it says so. */
export function importedChangedText(language: Language): string {
  return translate(language, 'import.status.importedChanged');
}

/** A status a send wrote for a row whose call may have landed: the next send reads it back before sending it. */
export function isUnconfirmedStatus(status: string): boolean {
  return LANGUAGES.some((language) => status.startsWith(`${translate(language, 'import.status.unconfirmedPrefix')}:`));
}
