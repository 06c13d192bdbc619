/** The soak's figures as one table and a few lines (what `npm run soak` prints), or as one JSON document. */

import type { ResultRow } from '../results';
import type { WriteSoakReport } from './run-write-soak';

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(head: readonly string[], body: readonly string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
}

/** The lines `npm run soak` prints at the end. */
export function figureLines(report: WriteSoakReport): string[] {
  const head = [
    'table',
    'cycles',
    'rows edited',
    'fields',
    'created',
    'deleted',
    'other user',
    'conflicts',
    'pushes',
    'repeated',
    'landed',
    'lost',
    'undos',
    'undo rows: restored / failed / other',
  ];
  const body = report.tables.map((t) => [
    t.table,
    fmt(t.cycles),
    fmt(t.rowsEdited),
    fmt(t.fieldsEdited),
    fmt(t.created),
    fmt(t.deleted),
    fmt(t.otherUserEdits),
    fmt(t.conflicts),
    fmt(t.pushes),
    `${fmt(t.pushesRepeated)} (${fmt(t.faultRepeats)})`,
    fmt(t.landed),
    fmt(t.lost),
    fmt(t.undos),
    `${fmt(t.undo.restored ?? 0)} / ${fmt(t.undo.failed ?? 0)} / ${fmt((t.undo.changedSince ?? 0) + (t.undo.nothingToDo ?? 0))}`,
  ]);
  const { traffic, faults, imports } = report;
  const statuses = Object.entries(traffic.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status === '0' ? 'no answer' : status} × ${fmt(n)}`)
    .join(', ');
  return [
    ...table(head, body),
    `imports: ${fmt(imports.rows)} rows in ${fmt(imports.sends)} sends (${fmt(imports.sendsRepeated)} repeated): ${Object.entries(
      imports.outcomes,
    )
      .filter(([, n]) => n > 0)
      .map(([k, n]) => (k === 'already' ? `already (earlier cycles' rows, never sent again) ${fmt(n)}` : `${k} ${fmt(n)}`))
      .join(', ')}`,
    ...report.tables.flatMap((t) =>
      Object.entries(t.undoReasons).map(([reason, n]) => `${t.table}: undo not restored × ${fmt(n)}: ${reason}`),
    ),
    ...report.tables.flatMap((t) => t.notes.slice(0, 5).map((note) => `${t.table}: ${note}`)),
    `requests: ${fmt(traffic.requests)} (${fmt(traffic.tokens)} token requests); answers: ${statuses}`,
    `faults met: 500 × ${fmt(faults['500'])}, 429 × ${fmt(faults['429'])}, dropped × ${fmt(faults.drop)}, applied then 500 × ${fmt(faults.afterWrite500)}, ` +
      `applied then dropped × ${fmt(faults.afterWriteDrop)}, expired token (401) × ${fmt(traffic.statuses[401] ?? 0)}, other user's edits × ${fmt(report.tables.reduce((n, t) => n + t.otherUserEdits, 0))}`,
    `writes applied by the service: ${fmt(report.writesApplied)}; waits asked for ${fmt(report.waitedMs / 1000, 1)} s (slept at a fraction)`,
    `cycles: ${fmt(report.cycles)}; wall time ${fmt(report.wallMs / 1000, 1)} s; seed ${report.seed}`,
    `rows lost: ${fmt(report.lost)}; applied twice: ${fmt(report.twice.length)}; failed checks: ${fmt(report.problems.length)}`,
    ...report.problems.slice(0, 40).map((p) => `  ${p}`),
    report.ok ? 'OK: the service equals the ledger, the sheet equals the service, nothing lost, nothing applied twice.' : 'FAILED',
  ];
}

/** The figures as plain data (`--json`). */
export function figuresJson(report: WriteSoakReport): unknown {
  return { ...report, tables: report.tables.map((t) => ({ ...t })) };
}

/** The soak's rows of the one table (bench/results.ts): nothing lost, nothing applied twice, every check held. */
export function soakResultRows(report: WriteSoakReport): ResultRow[] {
  const faults = Object.values(report.faults).reduce((n, f) => n + f, 0);
  const edits = report.tables.reduce((n, t) => n + t.rowsEdited + t.created + t.deleted, 0);
  const row = (measure: string, ours: string, target: string, holds: boolean): ResultRow => ({
    measure,
    ours,
    baseline: '–',
    ratio: '–',
    target,
    holds,
  });
  return [
    row(
      `rows lost over ${fmt(report.cycles)} pull → edit → push → undo cycles (${fmt(edits)} rows written, ${fmt(faults)} faults, ${fmt(report.traffic.requests)} requests)`,
      fmt(report.lost),
      '0',
      report.lost === 0,
    ),
    row('writes applied twice', fmt(report.twice.length), '0', report.twice.length === 0),
    row('failed checks (the service equals the ledger, the sheet equals the service)', fmt(report.problems.length), '0', report.ok),
  ];
}
