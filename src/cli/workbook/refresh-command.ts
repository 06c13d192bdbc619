/**
 * `npm run workbook -- refresh --in FILE.xlsx`: every table of the file that the add-in pulled, refreshed as the
 * pane's *Refresh all* does it (refresh-tables.ts), on the connection the file keeps, and the file written back
 * atomically to the same path. Reads as its steps: the plan, the file (locked: nothing is asked of the service), its
 * connection and tables, the service, the refreshes, the file written (only when a table was refreshed; never when
 * it changed on disk meanwhile), the result (refresh-result.ts).
 */
import { isAbsolute, join } from 'node:path';
import { saveXlsxDocument, xlsxHost, type XlsxHost } from '../../hosts/xlsx';
import type { Language } from '../../i18n/catalog';
import type { WorkbookConnection } from '../../sync/connect/workbook-connection';
import { readOptions, type OptionValues } from '../option-table';
import type { CliIo } from './cli-io';
import { clientSecret } from './client-secret';
import type { CommandResult, RunContext } from './command-result';
import { CliError, EXIT } from './exit-codes';
import { namedService, sameService, serviceForFile } from './named-service';
import { fileLanguage } from './file-language';
import { openWorkbook } from './open-workbook';
import { refreshResult } from './refresh-result';
import { refreshTables, type RefreshPlan } from './refresh-tables';
import { REFRESH_TABLE, type RefreshOption } from './refresh-options';
import { refusalResult } from './refusal';
import { refuseSecrets } from './refuse-secrets';
import { serviceClient } from './service-client';
import { checkNotLocked, readWorkbookFile, writeWorkbookFile } from './workbook-file';

export const CLIENT_ID_VARIABLE = 'CASHFLOW_CLIENT_ID';

interface FilePlan {
  file: string;
  clientId: string;
  /** The service the operator named (--base-url or CASHFLOW_BASE_URL): the only one the secret goes to. */
  service: string | undefined;
  backup: boolean;
  language: Language | undefined;
}

export async function runRefresh(argv: readonly string[], io: CliIo, run: RunContext): Promise<CommandResult> {
  const read = readOptions(REFRESH_TABLE, argv);
  if (!read.ok) return refusalResult(read);
  const { file: filePlan, refresh } = refreshPlan(read.values, io);
  await checkNotLocked(filePlan.file);
  const { bytes, fingerprint } = await readWorkbookFile(filePlan.file);
  const { document, addIn } = await openWorkbook(filePlan.file, bytes);
  const host = xlsxHost(document);
  const connection = await storedConnection(host, filePlan.file);
  const baseUrl = serviceForFile(filePlan.service, filePlan.file, connection.baseUrl);
  if (!sameService(baseUrl, connection.baseUrl))
    throw new CliError(
      EXIT.badInput,
      `${filePlan.file} names ${connection.baseUrl}, not the service named (${baseUrl}): refreshing would mix two services' data in it; nothing was sent.`,
    );
  const states = await host.pullStates.list();
  if (states.length === 0) throw new CliError(EXIT.badInput, `${filePlan.file} holds no table the add-in pulled: nothing to refresh.`);
  const secret = await clientSecret(io);
  run.secrets.push(secret);
  const language = filePlan.language ?? fileLanguage(states) ?? 'en';
  const client = serviceClient(io, { baseUrl, clientId: filePlan.clientId, secret, language });
  const tables = await refreshTables(host, client, { ...refresh, language, name: connection.profileName }, io);
  const written = tables.some((t) => t.status === 'refreshed');
  if (written) {
    const out = await saveXlsxDocument(document, addIn);
    await refuseSecrets(out, [secret, filePlan.clientId, ...client.currentTokens()]);
    await writeWorkbookFile(filePlan.file, out, {
      expected: fingerprint,
      backup: filePlan.backup,
      ...(io.writeBytes ? { writeBytes: io.writeBytes } : {}),
    });
  }
  return refreshResult({ file: filePlan.file, connection, backup: written && filePlan.backup, written, tables });
}

/**
 * The options as a plan: the file, the client ID (option, else CASHFLOW_CLIENT_ID), the service (option, else
 * CASHFLOW_BASE_URL), how each table is refreshed.
 */
function refreshPlan(
  values: OptionValues<RefreshOption['name']>,
  io: CliIo,
): { file: FilePlan; refresh: Omit<RefreshPlan, 'language' | 'name'> } {
  const file = values.text('in') ?? '';
  if (!/\.xlsx$/i.test(file)) throw new CliError(EXIT.badInput, `--in ${file}: the file must end in .xlsx (an Excel workbook).`);
  const clientId = values.text('client-id') ?? io.env[CLIENT_ID_VARIABLE]?.trim();
  if (!clientId) throw new CliError(EXIT.badInput, `No client ID: give --client-id, or set ${CLIENT_ID_VARIABLE}.`);
  const language = values.text('language') as Language | undefined;
  return {
    file: {
      file: isAbsolute(file) ? file : join(io.cwd, file),
      clientId,
      service: namedService(values.text('base-url'), io.env),
      backup: values.flag('backup'),
      language,
    },
    refresh: {
      fiscalYearStartMonth: values.number('fiscal-year-start') ?? 1,
      giveUpAfterMs: (values.number('give-up-after') ?? 60) * 1000,
      discardEdits: values.flag('discard-edits'),
      full: values.flag('full'),
    },
  };
}

/** The service the file was built from (name and base URL, as export or the pane stored them); none: bad input. */
async function storedConnection(host: XlsxHost, file: string): Promise<WorkbookConnection> {
  const reading = await host.workbookConnection.read();
  if (reading.status === 'found') return reading.connection;
  if (reading.status === 'refused')
    throw new CliError(EXIT.badInput, `${file} names the service ${reading.baseUrl}, which is not https: refreshing from it is refused.`);
  throw new CliError(
    EXIT.badInput,
    `${file} keeps no connection (the service's base URL): export it with npm run workbook -- export, or load it once in the pane.`,
  );
}
