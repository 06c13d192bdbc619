/**
 * What became of a load, as the card and the toast say it: done (with its rows), cancelled, not loaded because the
 * user said no to the confirmation, or failed (with the technical reason for support, never a secret).
 */

import type { MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import type { PullOutcome } from './app-snapshot';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The load confirmation was answered no: the table stays as it is. */
export function declinedOutcome(t: Translate, tableName: string, at: string): PullOutcome {
  return { kind: 'cancelled', message: t('pane.load.declined', { table: tableName }), at };
}

/** The rows are in the table (`rows` counted in the user's language). */
export function doneOutcome(t: Translate, label: string, rows: string, at: string): PullOutcome {
  return { kind: 'done', message: t('pane.data.done', { table: label, rows }), at };
}

/** The load stopped: cancelled by the user, or failed with the core's reason. */
export function stoppedOutcome(t: Translate, label: string, error: unknown, cancelled: boolean, at: string): PullOutcome {
  return cancelled
    ? { kind: 'cancelled', message: t('pane.data.cancelled', { table: label }), at }
    : { kind: 'failed', message: t('pane.data.failed', { table: label, reason: messageOf(error) }), detail: detailOf(error), at };
}

/** Errors of the core carry a message in the user's language already. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function detailOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? `${error.name} (HTTP ${status})` : error.name;
}
