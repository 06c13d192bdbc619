/**
 * What `refresh` reports: per table how it was refreshed (full or incremental and why, rows, replaced and inserted,
 * complete or not, what became of pending edits) or why not, whether the file was written, and the exit code:
 *   0  every table refreshed and verified complete;
 *   5 / 3  the service was down / refused us (the tables refreshed before it are written, the rest not tried);
 *   7  written, but a table is not verified complete or could not be refreshed (it is as it was, whole);
 *   a table's own code (1, 2) when no table could be refreshed: nothing was written.
 */
import type { WorkbookConnection } from '../../sync/connect/workbook-connection';
import type { CommandResult } from './command-result';
import { EXIT, type ExitCode } from './exit-codes';
import type { TableRefresh } from './refresh-tables';
import type { EditsOutcome } from './table-edits';

export interface RefreshRun {
  file: string;
  connection: WorkbookConnection;
  written: boolean;
  backup: boolean;
  tables: readonly TableRefresh[];
}

export function refreshExitCode(tables: readonly TableRefresh[], written: boolean): ExitCode {
  const failures = tables.flatMap((t) => (t.status === 'failed' ? [t.exitCode] : []));
  const serviceFailure = failures.find((code) => code === EXIT.serviceDown || code === EXIT.refused);
  if (serviceFailure !== undefined) return serviceFailure;
  if (!written) return failures[0] ?? EXIT.failed;
  const incomplete = tables.some((t) => t.status !== 'refreshed' || !t.complete);
  return failures.length > 0 || incomplete ? EXIT.incomplete : EXIT.done;
}

export function refreshResult(run: RefreshRun): CommandResult {
  const exitCode = refreshExitCode(run.tables, run.written);
  const complete = run.tables.every((t) => t.status === 'refreshed' && t.complete);
  const head = run.written
    ? `Refreshed ${run.file}${run.backup ? ` (the previous file kept as ${run.file}.bak)` : ''} from ${run.connection.profileName} at ${run.connection.baseUrl}:`
    : `Nothing written: ${run.file} is as it was.`;
  return {
    exitCode,
    json: {
      command: 'refresh',
      file: run.file,
      connection: { name: run.connection.profileName, baseUrl: run.connection.baseUrl },
      written: run.written,
      ...(run.backup ? { backup: `${run.file}.bak` } : {}),
      complete,
      tables: run.tables,
      exitCode,
    },
    text: [head, ...run.tables.flatMap(tableLines)].join('\n'),
  };
}

function tableLines(t: TableRefresh): string[] {
  const name = `  ${t.label.padEnd(18)}`;
  if (t.status === 'notTried') return [`${name} ${t.reason}`];
  if (t.status === 'failed') return [`${name} FAILED, left as it was: ${t.error}`];
  const counts = t.mode === 'incremental' ? `, ${t.replaced ?? 0} replaced, ${t.inserted ?? 0} inserted` : '';
  const verdict = t.complete ? 'complete' : `NOT complete: ${t.warnings[0] ?? ''}`;
  return [
    `${name} ${t.mode.padEnd(11)} ${t.rows.toLocaleString('en').padStart(9)} rows${counts}  ${verdict}`,
    `${' '.repeat(20)} ${t.why}`,
    ...editsLine(t.edits),
  ];
}

function editsLine(edits: EditsOutcome): string[] {
  const { changed, new: added, deleted } = edits.counts;
  const counts = `${changed} changed, ${added} new, ${deleted} deleted`;
  const indent = ' '.repeat(20);
  switch (edits.action) {
    case 'none':
      return [];
    case 'unknown':
      return [`${indent} pending edits: cannot tell (no baseline in the file, or the table could not be read)`];
    case 'discarded':
      return [`${indent} pending edits discarded (--discard-edits): ${counts}`];
    case 'kept':
      return [
        `${indent} pending edits kept on top, still pending: ${counts}${edits.orphaned ? `; ${edits.orphaned} of records the service no longer has, back as new rows` : ''}`,
      ];
  }
}
