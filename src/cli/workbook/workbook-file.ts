/**
 * A workbook file on disk, read and written so that nothing is ever half-written or overwritten behind someone's
 * back: read with its fingerprint (size, mtime, SHA-256); written to a temporary file in the same directory, synced,
 * then renamed over the target, after checking that no Excel lock file (`~$FILE.xlsx`) stands beside it and that the
 * target is still the file read (or still absent); a replaced file's permissions carry over. `--backup` keeps the
 * replaced file as `FILE.xlsx.bak`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, open, readFile, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError, EXIT } from './exit-codes';

/** What a file was when it was read: the write checks it again just before the rename. */
export interface FileFingerprint {
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface ReadWorkbook {
  bytes: Uint8Array;
  fingerprint: FileFingerprint;
}

export interface WriteOptions {
  /** The target as it was read; absent: the target must not exist (a new file). */
  expected?: FileFingerprint;
  /** Replace a target that exists though none was read (`export --force`). */
  replace?: boolean;
  /** Keep the replaced file as `FILE.bak`. */
  backup?: boolean;
  /** Writes the bytes into the temporary file (tests inject a failing one). */
  writeBytes?: (handle: FileHandle, bytes: Uint8Array) => Promise<void>;
  /** Called after the temporary file is complete and before the checks and the rename (tests change the target here). */
  beforeRename?: () => Promise<void>;
}

/** The lock file Excel keeps beside a workbook it has open: `~$` and the name (Excel's own rule for long names too). */
export function excelLockFile(path: string): string {
  return join(dirname(path), `~$${basename(path)}`);
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads a workbook and its fingerprint; a missing file is bad input, one held by another program is busy. */
export async function readWorkbookFile(path: string): Promise<ReadWorkbook> {
  try {
    const bytes = new Uint8Array(await readFile(path));
    const info = await stat(path);
    return { bytes, fingerprint: { size: info.size, mtimeMs: info.mtimeMs, sha256: sha256(bytes) } };
  } catch (error) {
    throw fileError(path, error);
  }
}

/** Writes `bytes` as `path` atomically; see the module comment. Throws CliError(fileBusy) when it must not. */
export async function writeWorkbookFile(path: string, bytes: Uint8Array, options: WriteOptions = {}): Promise<void> {
  await checkNotLocked(path);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeTemporary(temporary, bytes, options.writeBytes ?? writeAll);
    await options.beforeRename?.();
    await checkNotLocked(path);
    await refuseChanged(path, options);
    await keepPermissions(path, temporary);
    if (options.backup && (await exists(path))) await copyFile(path, `${path}.bak`);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error instanceof CliError ? error : fileError(path, error);
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  await handle.writeFile(bytes);
}

/** The temporary file, created new (never an existing one), written whole and synced to the disk before it is closed. */
async function writeTemporary(temporary: string, bytes: Uint8Array, write: NonNullable<WriteOptions['writeBytes']>): Promise<void> {
  const handle = await open(temporary, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
  try {
    await write(handle, bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A file replaced keeps who may read and write it (a shared workbook stays readable by the team); a new file is the
 * owner's alone (0600) until someone shares it.
 */
async function keepPermissions(path: string, temporary: string): Promise<void> {
  const target = await stat(path).catch(() => undefined);
  if (target !== undefined) await chmod(temporary, target.mode & 0o7777);
}

/** Refuses (fileBusy) a file Excel has open: its lock file stands beside it. */
export async function checkNotLocked(path: string): Promise<void> {
  if (await exists(excelLockFile(path))) {
    throw new CliError(
      EXIT.fileBusy,
      `${path} is open in Excel (its lock file ${basename(excelLockFile(path))} is beside it): nothing was written. Close it in Excel and run again.`,
    );
  }
}

/** The target must be what was read (size, mtime, hash), or absent for a new file unless replacing is asked for. */
async function refuseChanged(path: string, options: WriteOptions): Promise<void> {
  const now = await stat(path).catch(() => undefined);
  const { expected } = options;
  if (expected === undefined) {
    if (now !== undefined && !options.replace)
      throw new CliError(EXIT.fileBusy, `${path} appeared on disk during the run: nothing was written.`);
    return;
  }
  const changed =
    now === undefined ||
    now.size !== expected.size ||
    now.mtimeMs !== expected.mtimeMs ||
    sha256(new Uint8Array(await readFile(path))) !== expected.sha256;
  if (changed)
    throw new CliError(EXIT.fileBusy, `${path} changed on disk during the run (someone saved it): nothing was written. Run again.`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A file system error in plain words, with the exit code a script can act on. */
function fileError(path: string, error: unknown): CliError {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ENOENT') return new CliError(EXIT.badInput, `${path}: no such file.`);
  if (code === 'EISDIR') return new CliError(EXIT.badInput, `${path} is a folder, not a workbook file.`);
  if (code === 'EBUSY' || code === 'EPERM' || code === 'EACCES')
    return new CliError(EXIT.fileBusy, `${path} is locked or not writable (${code}; open in Excel?): nothing was written.`);
  return new CliError(EXIT.failed, `${path}: ${error instanceof Error ? error.message : String(error)}`);
}
