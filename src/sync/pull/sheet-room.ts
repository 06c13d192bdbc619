/**
 * The guard a pull passes before it writes: the rows the service announced (`count` of page 1, or the rows an
 * incremental refresh would leave) must fit below the table's header on one worksheet. Above that the pull refuses
 * with the count, the room and a filter suggestion for the resource, and nothing is written.
 */

import type { MessageKey } from '../../i18n/catalog';
import { formatCount } from '../../i18n/format-count';
import { bodyRowsBelow } from '../sheet-rows';
import type { PullContext } from './pull-context';
import { PullTooManyRowsError } from './pull-errors';
import type { PullResource } from './pull-target';

/** Throws `PullTooManyRowsError` when `count` rows would not fit below the table's header. */
export function refuseRowsBeyondSheet(resource: PullResource, count: number, context: PullContext): void {
  const room = bodyRowsBelow(context.spec.anchor);
  if (count <= room) return;
  const language = context.spec.language ?? 'en';
  const message = context.t('pull.error.tooManyRows', {
    table: context.label,
    count: formatCount(count, language),
    room: formatCount(room, language),
    suggestion: context.t(suggestionOf(resource)),
  });
  throw new PullTooManyRowsError(context.spec.tableName, count, room, message);
}

function suggestionOf(resource: PullResource): MessageKey {
  switch (resource) {
    case 'transactions':
      return 'pull.error.tooManyRows.hint.transactions';
    case 'invoices':
    case 'groupInvoices':
      return 'pull.error.tooManyRows.hint.invoices';
    case 'forecastBudgets':
    case 'allBudgets':
    case 'scenarioBudgets':
      return 'pull.error.tooManyRows.hint.budgets';
    default:
      return 'pull.error.tooManyRows.hint.other';
  }
}
