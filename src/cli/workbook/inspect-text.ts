/** `inspect` in words, for people: one block per kind of thing the file holds. */
import type { ScanSummary } from './scan-summary';
import type { TableContents, WorkbookContents } from './workbook-contents';

export function inspectText(path: string, contents: WorkbookContents, scan: ScanSummary): string {
  return [
    path,
    `  Add-in: ${contents.addIn ? `${contents.addIn.id} ${contents.addIn.version}` : 'none (Excel will not open the pane with this file)'}`,
    `  Connection: ${connectionText(contents.connection)}`,
    '',
    'Tables:',
    ...(contents.tables.length === 0 ? ['  none'] : contents.tables.flatMap(tableText)),
    '',
    'Hidden sheets:',
    ...(contents.hiddenSheets.length === 0
      ? ['  none']
      : contents.hiddenSheets.map((s) => `  ${s.sheet} (${s.state}): ${s.rows} rows × ${s.columns} columns, ${s.characters} characters`)),
    'Settings:',
    ...(contents.settings.length === 0 ? ['  none'] : contents.settings.map((s) => `  ${s.name}: ${s.bytes} bytes`)),
    ...contents.problems.map((p) => `Unreadable part ${p.part}: ${p.reason} (${p.detail})`),
    '',
    scanText(scan),
  ].join('\n');
}

function connectionText(connection: WorkbookContents['connection']): string {
  switch (connection.status) {
    case 'none':
      return 'none stored';
    case 'found':
      return `${connection.connection.profileName} at ${connection.connection.baseUrl}`;
    case 'refused':
      return `${connection.profileName} at ${connection.baseUrl} (refused: not https)`;
  }
}

function tableText(table: TableContents): string[] {
  const head = `  ${table.table} (sheet ${table.sheet}): ${table.rows} rows`;
  const pull = table.pull;
  if (pull === undefined) return [table.writtenWith ? `${head}, written with ${table.writtenWith}` : `${head}, not pulled by the add-in`];
  const filters = 'filters' in pull.target && pull.target.filters ? JSON.stringify(pull.target.filters) : 'all rows';
  const lines = [
    head,
    `    ${pull.target.resource}, filter ${filters}${pull.period ? `, period ${pull.period}` : ''}`,
    `    last refresh ${pull.lastPullAt} (${pull.lastMode}), ${pull.complete === false ? `NOT complete: ${pull.warnings?.[0] ?? ''}` : 'complete'}`,
  ];
  const pending = table.pending;
  if (pending === undefined) return lines;
  if (!pending.comparable) return [...lines, '    pending changes: cannot tell (no baseline: pull the table again)'];
  const { changed, new: added, deleted } = pending.counts;
  return [
    ...lines,
    `    pending changes: ${changed} changed, ${added} new, ${deleted} deleted${pending.problems > 0 ? `, ${pending.problems} rows not placed` : ''}`,
    ...pending.rows.map(
      (row) =>
        `      ${row.kind} ${row.name}${row.fields.length > 0 ? ': ' : ''}${row.fields.map((f) => `${f.column} ${show(f.before)} → ${show(f.after)}`).join(', ')}`,
    ),
  ];
}

function show(value: unknown): string {
  return value === null || value === undefined || value === '' ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value);
}

function scanText(scan: ScanSummary): string {
  const looked = `${scan.parts} parts, ${scan.secretsLookedFor} secret(s) and credential-like names`;
  if (scan.clean) return `Secret scan: clean (${looked}).`;
  return [
    `Secret scan: ${scan.findings.length} finding(s) (${looked}):`,
    ...scan.findings.map((f) => `  ${f.part}: ${f.kind} ${f.detail}`),
  ].join('\n');
}
