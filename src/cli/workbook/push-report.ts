/**
 * What `push` prints and ends with: per table the counts (sent, brought in, waiting by reason, conflicts, failed),
 * then every row not sent with its name and why (the row's status text; a conflict's values, the file's and the
 * service's); the JSON has every push's full result. The exit code: a table refused or stopped says so (3, 5, …),
 * rows whose outcome the service never confirmed mean it is down (5: run again later, nothing is sent twice), rows
 * that wait for a person (a confirmation, a conflict, a value the check or the service refused) 4, else 0.
 */
import type { RowOutcome } from '../../sync/push';
import type { CommandResult } from './command-result';
import { EXIT, type ExitCode } from './exit-codes';
import type { Written } from './push-write-back';
import type { NamedRow, TablePush } from './send-table';

/** Why a row waits, as the report counts it. */
const WAITING: Partial<Record<RowOutcome, string>> = {
  needsDeleteConfirmation: 'delete to confirm (--yes)',
  needsReplace: 'whole-row write to confirm (--yes)',
  blocked: 'not valid',
  unknown: 'not confirmed by the service',
  cancelled: 'not sent',
};

const OUTCOME_WORDS: Record<RowOutcome, string> = {
  landed: 'sent',
  broughtIn: 'brought in',
  failed: 'failed',
  unknown: 'not confirmed',
  cancelled: 'not sent',
  conflict: 'conflict',
  blocked: 'not valid',
  needsReplace: 'waits for a whole-row write',
  needsDeleteConfirmation: 'waits for the delete to be confirmed',
};

const CONFLICT_HINT =
  'Conflicts: settle them in Excel (the Changes view) or run push again with --take theirs (the service value comes into the file) or --take mine (the file value is sent).';

export interface TableCounts {
  sent: number;
  broughtIn: number;
  waiting: Record<string, number>;
  conflicts: number;
  failed: number;
}

export function tableCounts(table: TablePush): TableCounts {
  const count = (outcome: RowOutcome) => table.rows.filter((row) => row.outcome === outcome).length;
  const waiting = Object.fromEntries(
    Object.entries(WAITING)
      .map(([outcome, reason]) => [reason, count(outcome as RowOutcome)] as const)
      .filter(([, n]) => n > 0),
  );
  return { sent: count('landed'), broughtIn: count('broughtIn'), waiting, conflicts: count('conflict'), failed: count('failed') };
}

export function pushExitCode(tables: readonly TablePush[]): ExitCode {
  const stopped = tables.find((t) => t.error !== undefined);
  if (stopped?.error) return stopped.error.exitCode;
  if (tables.some((t) => t.refused !== undefined)) return EXIT.refused;
  const rows = tables.flatMap((t) => t.rows);
  if (rows.some((row) => row.outcome === 'unknown' || row.outcome === 'cancelled')) return EXIT.serviceDown;
  if (rows.some((row) => row.outcome !== 'landed' && row.outcome !== 'broughtIn')) return EXIT.waiting;
  return EXIT.done;
}

export function pushResult(file: string, tables: readonly TablePush[], written: Written): CommandResult {
  const exitCode = written.beside ? EXIT.fileBusy : pushExitCode(tables);
  return {
    exitCode,
    json: {
      command: 'push',
      file,
      written: written.untouched ? null : written.file,
      tables: tables.map((t) => ({ ...t, counts: tableCounts(t) })),
      exitCode,
    },
    text: [
      ...tables.flatMap(tableLines),
      ...(tables.some((t) => t.rows.some((row) => row.outcome === 'conflict')) ? [CONFLICT_HINT] : []),
      writtenLine(file, written),
    ].join('\n'),
  };
}

function tableLines(table: TablePush): string[] {
  if (table.refused !== undefined) return [`${table.table}: refused, nothing sent: ${table.refused}`];
  if (table.error !== undefined) return [`${table.table}: stopped: ${table.error.message}`];
  const c = tableCounts(table);
  const waiting = Object.entries(c.waiting).map(([reason, n]) => `${n} ${reason}`);
  const parts = [
    `${c.sent} sent`,
    `${c.broughtIn} brought in`,
    `${Object.values(c.waiting).reduce((a, b) => a + b, 0)} waiting${waiting.length > 0 ? ` (${waiting.join(', ')})` : ''}`,
    `${c.conflicts} ${c.conflicts === 1 ? 'conflict' : 'conflicts'}`,
    `${c.failed} failed`,
  ];
  const notSent = table.rows.filter((row) => row.outcome !== 'landed' && row.outcome !== 'broughtIn');
  return [`${table.table}: ${parts.join(', ')}`, ...notSent.map(rowLine)];
}

/** `  Marketing (#12): conflict: Amount: file 1,500, service 1,800 — <status text>` */
function rowLine(row: NamedRow): string {
  const values = (row.conflicts ?? []).map((c) => `${c.column}: file ${shown(c.mine)}, service ${shown(c.theirs)}`);
  const id = row.ref.id === null ? '' : ` (#${row.ref.id})`;
  const what = row.change === 'deleted' ? 'delete' : row.change === 'new' ? 'new row' : 'change';
  return `  ${row.name}${id}: ${what}, ${OUTCOME_WORDS[row.outcome]}${values.length > 0 ? ` [${values.join('; ')}]` : ''}: ${row.message}`;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function writtenLine(file: string, written: Written): string {
  if (written.untouched) return `${file} was left as it was: nothing was pushed.`;
  return written.beside
    ? `${file} changed on disk (or was opened in Excel) during the push: it was left as it is. The service has the writes; the file with their statuses is ${written.file}.`
    : `Wrote ${written.file}.`;
}
