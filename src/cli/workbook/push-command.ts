/**
 * `npm run workbook -- push --in FILE.xlsx`: the edits tracked in the file go back to the service as the pane's
 * Changes view sends them (the core's push over the xlsx host: the same checks, conflicts, confirmations, status
 * column, highlights and journal), then the file is written back. Reads as its steps: the plan, the file (locked:
 * refused before the first request), its pushable tables, the service, each table sent, the file written, the report.
 */
import { isAbsolute, join } from 'node:path';
import { openXlsxDocument, xlsxHost, type OpenedXlsxDocument, type XlsxHost } from '../../hosts/xlsx';
import type { Language } from '../../i18n/catalog';
import type { Resolution } from '../../sync/push';
import { readOptions, type OptionValues } from '../option-table';
import type { CliIo } from './cli-io';
import { clientSecret } from './client-secret';
import type { CommandResult, RunContext } from './command-result';
import { CliError, EXIT } from './exit-codes';
import { namedService, serviceForFile } from './named-service';
import { progressReport } from './progress-report';
import { confirmer } from './push-confirm';
import { CLIENT_ID_VARIABLE, PUSH_TABLE, type PushOption } from './push-options';
import { pushResult } from './push-report';
import { pushableTables } from './push-tables';
import { writeBack } from './push-write-back';
import { refusalResult } from './refusal';
import { sendTable, type SendContext, type TablePush } from './send-table';
import { serviceClient } from './service-client';
import { checkNotLocked, readWorkbookFile } from './workbook-file';

interface PushPlan {
  path: string;
  tables: string[] | undefined;
  yes: boolean;
  take: Resolution | undefined;
  baseUrl: string | undefined;
  clientId: string | undefined;
  language: Language;
  giveUpAfterMs: number;
  backup: boolean;
}

export async function runPush(argv: readonly string[], io: CliIo, run: RunContext): Promise<CommandResult> {
  const read = readOptions(PUSH_TABLE, argv);
  if (!read.ok) return refusalResult(read);
  const plan = pushPlan(read.values, io);
  await checkNotLocked(plan.path);
  const { bytes, fingerprint } = await readWorkbookFile(plan.path);
  const opened = await openWorkbook(plan.path, bytes);
  const host = xlsxHost(opened.document);
  const tables = await pushableTables(host.pullStates, plan.tables);
  if (tables.length === 0) return nothingToPush(plan.path);
  const baseUrl = await serviceUrl(plan, host, io.env);
  const clientId = plan.clientId ?? refuseNoClientId();
  const secret = await clientSecret(io);
  run.secrets.push(secret, clientId);
  const client = serviceClient(io, { baseUrl, clientId, secret, language: plan.language });
  const context: SendContext = {
    host,
    client,
    language: plan.language,
    giveUpAfterMs: plan.giveUpAfterMs,
    confirm: confirmer(io, plan.yes),
    ...(plan.take === undefined ? {} : { take: plan.take }),
    ...(io.sleep ? { sleep: io.sleep } : {}),
    report: progressReport(io.stderr),
  };
  const outcomes = await sendTables(tables, context);
  // No table got as far as a result (refused, the credentials or the service before any row was settled): the file
  // is as it was read, and stays untouched.
  if (outcomes.every((o) => o.results.length === 0))
    return pushResult(plan.path, outcomes, { file: plan.path, beside: false, untouched: true });
  const written = await writeBack(plan.path, opened, {
    expected: fingerprint,
    backup: plan.backup,
    secrets: [secret, clientId, ...client.currentTokens()],
    at: new Date(io.now()),
  });
  return pushResult(plan.path, outcomes, written);
}

function pushPlan(values: OptionValues<PushOption['name']>, io: CliIo): PushPlan {
  const file = values.text('in') ?? '';
  if (!/\.xlsx$/i.test(file)) throw new CliError(EXIT.badInput, `--in ${file}: the file must be an Excel workbook (.xlsx).`);
  const fromEnvironment = io.env[CLIENT_ID_VARIABLE]?.trim();
  return {
    path: isAbsolute(file) ? file : join(io.cwd, file),
    tables: values.list('tables'),
    yes: values.flag('yes'),
    take: values.text('take') as Resolution | undefined,
    baseUrl: values.text('base-url'),
    clientId: values.text('client-id') ?? (fromEnvironment ? fromEnvironment : undefined),
    language: (values.text('language') ?? 'en') as Language,
    giveUpAfterMs: (values.number('give-up-after') ?? 60) * 1000,
    backup: values.flag('backup'),
  };
}

/** Table after table; after one that stopped (the service down, credentials refused) the rest are not tried. */
async function sendTables(tables: Parameters<typeof sendTable>[0][], context: SendContext): Promise<TablePush[]> {
  const outcomes: TablePush[] = [];
  for (const table of tables) {
    const stopped = outcomes.find((o) => o.error !== undefined)?.error;
    if (stopped === undefined) outcomes.push(await sendTable(table, context));
    else
      outcomes.push({
        table: table.state.tableName,
        resource: table.state.target.resource,
        results: [],
        rows: [],
        unchanged: 0,
        error: { message: `not tried: ${stopped.message}`, exitCode: stopped.exitCode },
      });
  }
  return outcomes;
}

/**
 * The service the operator named (--base-url, else CASHFLOW_BASE_URL), never the file's alone (named-service.ts); a
 * file whose connection moved is sent to the one named.
 */
async function serviceUrl(plan: PushPlan, host: XlsxHost, env: CliIo['env']): Promise<string> {
  const stored = await host.workbookConnection.get().catch(() => undefined);
  return serviceForFile(namedService(plan.baseUrl, env), plan.path, stored?.baseUrl);
}

function refuseNoClientId(): never {
  throw new CliError(EXIT.badInput, `No client ID: give --client-id or set ${CLIENT_ID_VARIABLE}.`);
}

function nothingToPush(path: string): CommandResult {
  return {
    exitCode: EXIT.done,
    json: { command: 'push', file: path, tables: [], exitCode: EXIT.done },
    text: `${path} holds no table edits go back from (budgets, invoices, transactions pulled by the add-in or export): nothing to send.`,
  };
}

async function openWorkbook(path: string, bytes: Uint8Array): Promise<OpenedXlsxDocument> {
  try {
    return await openXlsxDocument(bytes);
  } catch (error) {
    throw new CliError(
      EXIT.badInput,
      `${path} is not an Excel workbook (.xlsx): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
