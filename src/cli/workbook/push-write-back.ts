/**
 * The pushed file written back: atomically to the same path (`writeWorkbookFile` with the fingerprint read before
 * the push, `--backup` keeping the old one), also when rows failed, since their status cells say why and their cells
 * keep the user's edits. When the file was changed on disk or opened in Excel during the push, it is not overwritten:
 * the service has the writes, so the result is written beside it as `FILE.pushed-<time>.xlsx` (exit 6 says so).
 * Scanned for the secret and client ID first, as export's file is.
 */
import { basename, dirname, join } from 'node:path';
import { saveXlsxDocument, type OpenedXlsxDocument } from '../../hosts/xlsx';
import { CliError, EXIT } from './exit-codes';
import { refuseSecrets } from './refuse-secrets';
import { writeWorkbookFile, type FileFingerprint } from './workbook-file';

export interface WriteBackOptions {
  expected: FileFingerprint;
  backup: boolean;
  /** Texts the file must not hold (the secret, the client ID). */
  secrets: readonly string[];
  /** The push's time, for the name of a file written beside. */
  at: Date;
}

export interface Written {
  file: string;
  /** True when the file changed during the push and the result went beside it. */
  beside: boolean; /** True when nothing was pushed and the file was left as it was (not written). */
  untouched?: boolean;
}

export async function writeBack(path: string, opened: OpenedXlsxDocument, options: WriteBackOptions): Promise<Written> {
  const bytes = await saveXlsxDocument(opened.document, opened.addIn);
  await refuseSecrets(bytes, options.secrets);
  try {
    await writeWorkbookFile(path, bytes, { expected: options.expected, backup: options.backup });
    return { file: path, beside: false };
  } catch (error) {
    if (!(error instanceof CliError) || error.exitCode !== EXIT.fileBusy) throw error;
    const beside = pushedPath(path, options.at);
    await writeWorkbookFile(beside, bytes);
    return { file: beside, beside: true };
  }
}

/** `plan.xlsx` → `plan.pushed-20261126T134500Z.xlsx` beside it. */
export function pushedPath(path: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return join(dirname(path), `${basename(path).replace(/\.xlsx$/i, '')}.pushed-${stamp}.xlsx`);
}
