/**
 * `npm run workbook -- export`: the chosen tables pulled from the service, as the pane pulls them (the same puller,
 * verified complete), into a new workbook file or into the planning template's tables; the file keeps the pull
 * states (refresh repeats them), the baselines (edits can be sent), the connection's name and base URL (never the
 * secret) and the add-in's part (Excel opens the pane). Reads as its steps: the plan, the service, the pulls, the
 * file.
 */
import { isAbsolute, join } from 'node:path';
import { newXlsxDocument, saveXlsxDocument, XlsxConnectionStore, type XlsxDocument } from '../../hosts/xlsx';
import { AUTO_SHOW_SETTING } from '../../hosts/xlsx/web-extension-info';
import type { Language } from '../../i18n/catalog';
import { buildTemplate } from '../../template/planning-template';
import { planningAddIn } from '../../template/template-add-in';
import { readOptions, type OptionValues } from '../option-table';
import { readAddInManifest } from './add-in-manifest';
import type { CliIo } from './cli-io';
import { clientSecret } from './client-secret';
import type { CommandResult, RunContext } from './command-result';
import { CliError, EXIT } from './exit-codes';
import { chosenTables, type ExportTableName, type TransactionOptions } from './export-tables';
import { pullTables, type TableOutcome } from './pull-tables';
import { defaultConnectionName, serviceClient } from './service-client';
import { checkNotLocked, readWorkbookFile, writeWorkbookFile, type FileFingerprint } from './workbook-file';
import { EXPORT_TABLE, type ExportOption } from './workbook-options';
import { refusalResult } from './refusal';
import { refuseSecrets } from './refuse-secrets';
import type { RelativePeriod } from '../../sync/filters/relative-period';
import { stat } from 'node:fs/promises';

export interface ExportPlan {
  baseUrl: string;
  clientId: string;
  name: string;
  out: string;
  tables: ExportTableName[];
  template: boolean;
  language: Language;
  transactions: TransactionOptions;
  fiscalYearStartMonth: number;
  giveUpAfterMs: number;
  force: boolean;
  backup: boolean;
  manifest: string | undefined;
}

export async function runExport(argv: readonly string[], io: CliIo, run: RunContext): Promise<CommandResult> {
  const read = readOptions(EXPORT_TABLE, argv);
  if (!read.ok) return refusalResult(read);
  const plan = exportPlan(read.values, io.cwd);
  const existing = await refuseExisting(plan);
  const manifest = await readAddInManifest(plan.manifest, io.cwd);
  const secret = await clientSecret(io);
  run.secrets.push(secret);
  const client = serviceClient(io, { baseUrl: plan.baseUrl, clientId: plan.clientId, secret, language: plan.language });
  const document = plan.template ? await buildTemplate({ language: plan.language }) : newXlsxDocument();
  const tables = await pullTables(document, client, plan, io);
  await rememberConnection(document, plan);
  const bytes = await saveXlsxDocument(document, planningAddIn(manifest));
  await refuseSecrets(bytes, [secret, plan.clientId, ...client.currentTokens()]);
  // A file replaced with --force is replaced only as it was when the run began: one saved meanwhile is kept.
  await writeWorkbookFile(plan.out, bytes, { replace: plan.force, backup: plan.backup, ...(existing ? { expected: existing } : {}) });
  return exportResult(plan, tables);
}

/** The options as a plan; a contradiction among them is bad input. */
function exportPlan(values: OptionValues<ExportOption['name']>, cwd: string): ExportPlan {
  const text = (name: ExportOption['name']) => values.text(name);
  const [from, to, period] = [text('from'), text('to'), text('period') as RelativePeriod | undefined];
  if (period !== undefined && (from !== undefined || to !== undefined))
    throw new CliError(EXIT.badInput, '--period replaces --from and --to: give one or the other.');
  if (from !== undefined && to !== undefined && from > to) throw new CliError(EXIT.badInput, `--from ${from} is after --to ${to}.`);
  const out = text('out') ?? '';
  if (!/\.xlsx$/i.test(out)) throw new CliError(EXIT.badInput, `--out ${out}: the file must end in .xlsx (an Excel workbook).`);
  const numbers = (name: 'account' | 'category') => values.list(name)?.map(Number);
  const baseUrl = text('base-url') ?? '';
  return {
    baseUrl,
    clientId: text('client-id') ?? '',
    name: text('name') ?? defaultConnectionName(baseUrl),
    out: isAbsolute(out) ? out : join(cwd, out),
    tables: chosenTables(values.list('tables')),
    template: values.flag('template'),
    language: (text('language') ?? 'en') as Language,
    transactions: {
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(period === undefined ? {} : { period }),
      ...(numbers('account') === undefined ? {} : { accounts: numbers('account') }),
      ...(numbers('category') === undefined ? {} : { categories: numbers('category') }),
    },
    fiscalYearStartMonth: values.number('fiscal-year-start') ?? 1,
    giveUpAfterMs: (values.number('give-up-after') ?? 60) * 1000,
    force: values.flag('force'),
    backup: values.flag('backup'),
    manifest: text('manifest'),
  };
}

/**
 * Before anything is fetched: an existing file needs --force, and a file open in Excel is not replaced. Answers the
 * fingerprint of the file --force replaces (checked again before the write), undefined for a new one.
 */
async function refuseExisting(plan: ExportPlan): Promise<FileFingerprint | undefined> {
  await checkNotLocked(plan.out);
  const exists = await stat(plan.out).then(
    () => true,
    () => false,
  );
  if (!exists) return undefined;
  if (!plan.force)
    throw new CliError(EXIT.badInput, `${plan.out} exists: add --force to replace it (atomically; --backup keeps the old one as .bak).`);
  return (await readWorkbookFile(plan.out)).fingerprint;
}

/** The file names the connection (name and base URL, as the pane remembers it) and opens the pane with itself. */
async function rememberConnection(document: XlsxDocument, plan: ExportPlan): Promise<void> {
  document.settings.set(AUTO_SHOW_SETTING, true);
  await new XlsxConnectionStore(document).set({ profileName: plan.name, baseUrl: plan.baseUrl });
}

function exportResult(plan: ExportPlan, tables: readonly TableOutcome[]): CommandResult {
  const complete = tables.every((t) => t.complete);
  const exitCode = complete ? EXIT.done : EXIT.incomplete;
  const lines = tables.map(
    (t) =>
      `  ${t.table.padEnd(18)} ${t.rows.toLocaleString('en').padStart(9)} rows  ${t.complete ? 'complete' : `NOT complete: ${t.warnings[0] ?? ''}`}`,
  );
  return {
    exitCode,
    json: {
      command: 'export',
      file: plan.out,
      template: plan.template,
      connection: { name: plan.name, baseUrl: new URL(plan.baseUrl).href },
      complete,
      tables,
      exitCode,
    },
    text: [`Wrote ${plan.out}${plan.template ? ' (planning template)' : ''}:`, ...lines].join('\n'),
  };
}
