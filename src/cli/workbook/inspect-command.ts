/**
 * `npm run workbook -- inspect FILE.xlsx`: what the file holds (workbook-contents.ts) and a secret scan of every
 * part (the secrets of the environment, the client ID given, and credential-like setting names). A finding ends
 * with EXIT.secretFound; a file that is not a workbook with EXIT.badInput.
 */
import { isAbsolute, join } from 'node:path';
import { scanPackage } from '../../hosts/xlsx';
import { openWorkbook } from './open-workbook';
import { readOptions } from '../option-table';
import type { CliIo } from './cli-io';
import { SECRET_VARIABLE } from './client-secret';
import type { CommandResult, RunContext } from './command-result';
import { CliError, EXIT } from './exit-codes';
import { takeFileArgument } from './file-argument';
import { inspectText } from './inspect-text';
import { refusalResult } from './refusal';
import { scanSummary } from './scan-summary';
import { workbookContents } from './workbook-contents';
import { readWorkbookFile } from './workbook-file';
import { INSPECT_TABLE } from './workbook-options';

export async function runInspect(argv: readonly string[], io: CliIo, run: RunContext): Promise<CommandResult> {
  const { file, rest } = takeFileArgument(INSPECT_TABLE, argv);
  const read = readOptions(INSPECT_TABLE, rest);
  if (!read.ok) return refusalResult(read);
  if (file === undefined) throw new CliError(EXIT.badInput, `Which file? ${INSPECT_TABLE.usage}`);
  const path = isAbsolute(file) ? file : join(io.cwd, file);
  const { bytes } = await readWorkbookFile(path);
  const opened = await openWorkbook(path, bytes);
  const secrets = [io.env[SECRET_VARIABLE], io.env.CASHFLOW_CLIENT_ID, read.values.text('client-id')].filter(
    (s): s is string => s !== undefined && s.trim().length >= 4,
  );
  run.secrets.push(...secrets);
  const contents = await workbookContents(opened);
  const scan = await scanPackage(bytes, secrets);
  const exitCode = scan.clean ? EXIT.done : EXIT.secretFound;
  return {
    exitCode,
    json: { command: 'inspect', file: path, ...contents, scan: scanSummary(scan, secrets.length), exitCode },
    text: inspectText(path, contents, scanSummary(scan, secrets.length)),
  };
}
