/**
 * What kind of thing a push status cell says, from its text: "waiting" statuses (not sent, not confirmed, a
 * conflict, waiting for confirmation, not deleted) describe a row with something pending. Such a status on a row
 * that has nothing pending any more (typed back, or settled by another path) is stale, and the Changes check clears
 * it; a settled status ("Sent 10:42", "Updated from the service") stays until the next send. Recognised in every
 * language of the catalogs, since a workbook may have been sent from in another language.
 */

import { catalogs, type MessageKey } from '../../i18n/catalog';

const WAITING_KEYS: readonly MessageKey[] = [
  'push.status.blocked',
  'push.status.failed',
  'push.status.unknown',
  'push.status.cancelled',
  'push.status.conflict',
  'push.status.deletedOnService',
  'push.status.existsOnService',
  'push.status.needsReplace',
  'push.status.deleteConflict',
  'push.status.deleteHeld',
  'push.invoiceStatus.deletedOnService',
  'push.invoiceStatus.deleteConflict',
  'push.invoiceStatus.deleteHeld',
];

/** The words before the first colon of each waiting status, in each language ("Not sent:", "Nicht gesendet:", …). */
const WAITING_PREFIXES: readonly string[] = [
  ...new Set(Object.values(catalogs).flatMap((catalog) => WAITING_KEYS.map((key) => `${catalog[key].split(':')[0] ?? ''}:`))),
];

export function isWaitingStatus(text: string): boolean {
  const trimmed = text.trimStart();
  return WAITING_PREFIXES.some((prefix) => prefix.length > 1 && trimmed.startsWith(prefix));
}

/** "Not confirmed:" in each language: a status a send left on a row whose write may have landed. */
const UNCONFIRMED_PREFIXES: readonly string[] = [
  ...new Set(Object.values(catalogs).map((catalog) => `${catalog['push.status.unknown'].split(':')[0] ?? ''}:`)),
];

/** A status saying an earlier send of the row was not confirmed (its create may be on the service already). */
export function isUnconfirmedStatus(text: string | undefined): boolean {
  const trimmed = (text ?? '').trimStart();
  return UNCONFIRMED_PREFIXES.some((prefix) => prefix.length > 1 && trimmed.startsWith(prefix));
}
