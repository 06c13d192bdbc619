/**
 * What waits for the user's word in a push (the pane's dialogs): deletes (the names, as the pane's delete dialog
 * lists them) and whole-row writes. `--yes` confirms both for every table; at a terminal (stdin a terminal and a
 * way to ask) each table's question is asked, y/N, naming the count; otherwise nothing is confirmed and those rows
 * wait in the file (exit 4).
 */
import type { PendingChanges } from '../../sync/push';
import type { PushableRecords } from '../../sync/pushable';
import type { CliIo } from './cli-io';

export interface Confirmer {
  /** `--yes`: everything is confirmed without asking. */
  readonly all: boolean;
  deletes(table: string, records: PushableRecords, pending: PendingChanges): Promise<boolean>;
  /** The rows waiting for a whole-row write, by their names. */
  wholeRows(table: string, names: readonly string[]): Promise<boolean>;
}

/** Names listed in a question at most; the rest are counted. */
const NAMES_SHOWN = 10;

export function confirmer(io: CliIo, yes: boolean): Confirmer {
  const ask = io.stdinIsTTY && io.confirm ? io.confirm : undefined;
  if (yes || ask === undefined) {
    const answer = async () => yes;
    return { all: yes, deletes: answer, wholeRows: answer };
  }
  return {
    all: false,
    deletes: async (table, records, pending) => {
      const names = pending.rows.filter((row) => row.kind === 'deleted').map((row) => row.name);
      if (names.length === 0) return false;
      return ask(`${table}: delete ${names.length} ${recordWord(records, names.length)} on the service (${listed(names)})? [y/N] `);
    },
    wholeRows: async (table, names) => {
      if (names.length === 0) return false;
      return ask(
        `${table}: write ${names.length} ${names.length === 1 ? 'row' : 'rows'} as whole rows (PUT over the service's row; only the fields changed in the file change) (${listed(names)})? [y/N] `,
      );
    },
  };
}

function recordWord(records: PushableRecords, count: number): string {
  const one = { budgets: 'budget', invoices: 'invoice', transactions: 'transaction' }[records];
  return count === 1 ? one : records;
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown} and ${names.length - NAMES_SHOWN} more` : shown;
}
