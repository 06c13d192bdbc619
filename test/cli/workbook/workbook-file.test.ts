/**
 * The atomic write of a workbook file: a write that fails half-way leaves the previous file intact (and no temporary
 * file behind); a file changed on disk between read and write, or one Excel has open, is not overwritten (exit 6);
 * --backup keeps the replaced file; a new file is not written over one that appeared meanwhile; a replaced file keeps
 * its permissions (a shared workbook stays readable by the team), a new one is the owner's alone.
 */
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, EXIT } from '../../../src/cli/workbook/exit-codes';
import { readWorkbookFile, writeWorkbookFile } from '../../../src/cli/workbook/workbook-file';
import { tempDir } from './support';

const bytes = (text: string) => new TextEncoder().encode(text);

async function exitCodeOf(write: Promise<void>): Promise<number | undefined> {
  return write.then(
    () => undefined,
    (error: unknown) => (error instanceof CliError ? error.exitCode : -1),
  );
}

test('a write that fails half-way leaves the previous file as it was, and no temporary file', async () => {
  const dir = tempDir();
  const path = join(dir, 'plan.xlsx');
  writeFileSync(path, 'previous');
  const { fingerprint } = await readWorkbookFile(path);
  const failing = writeWorkbookFile(path, bytes('the new workbook'), {
    expected: fingerprint,
    writeBytes: async (handle) => {
      await handle.write(bytes('the new'));
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    },
  });
  expect(await exitCodeOf(failing)).toBe(EXIT.failed);
  expect(readFileSync(path, 'utf8')).toBe('previous');
  expect(readdirSync(dir)).toEqual(['plan.xlsx']);
});

test('a file changed on disk between read and write is not overwritten (6); unchanged, it is replaced, with --backup kept', async () => {
  const dir = tempDir();
  const path = join(dir, 'plan.xlsx');
  writeFileSync(path, 'as read');
  const { fingerprint } = await readWorkbookFile(path);
  const changed = writeWorkbookFile(path, bytes('ours'), {
    expected: fingerprint,
    beforeRename: async () => writeFileSync(path, 'saved by a colleague'),
  });
  expect(await exitCodeOf(changed)).toBe(EXIT.fileBusy);
  expect(readFileSync(path, 'utf8')).toBe('saved by a colleague');
  expect(readdirSync(dir)).toEqual(['plan.xlsx']);

  const now = await readWorkbookFile(path);
  await writeWorkbookFile(path, bytes('ours'), { expected: now.fingerprint, backup: true });
  expect([readFileSync(path, 'utf8'), readFileSync(`${path}.bak`, 'utf8')]).toEqual(['ours', 'saved by a colleague']);
});

test('a lock file appearing during the run, or a new file appearing at the target, stops the write (6)', async () => {
  const dir = tempDir();
  const path = join(dir, 'plan.xlsx');
  writeFileSync(path, 'as read');
  const { fingerprint } = await readWorkbookFile(path);
  const opened = writeWorkbookFile(path, bytes('ours'), {
    expected: fingerprint,
    beforeRename: async () => writeFileSync(join(dir, '~$plan.xlsx'), ''),
  });
  expect(await exitCodeOf(opened)).toBe(EXIT.fileBusy);
  expect(readFileSync(path, 'utf8')).toBe('as read');

  const fresh = join(dir, 'new.xlsx');
  const appeared = writeWorkbookFile(fresh, bytes('ours'), { beforeRename: async () => writeFileSync(fresh, 'someone else') });
  expect(await exitCodeOf(appeared)).toBe(EXIT.fileBusy);
  expect(readFileSync(fresh, 'utf8')).toBe('someone else');
});

test("a replaced file keeps its permissions (a team's shared workbook stays readable); a new file is the owner's alone", async () => {
  const dir = tempDir();
  const path = join(dir, 'shared.xlsx');
  writeFileSync(path, 'as read');
  chmodSync(path, 0o664);
  const { fingerprint } = await readWorkbookFile(path);
  await writeWorkbookFile(path, bytes('refreshed'), { expected: fingerprint });
  expect([readFileSync(path, 'utf8'), statSync(path).mode & 0o777]).toEqual(['refreshed', 0o664]);
  const fresh = join(dir, 'new.xlsx');
  await writeWorkbookFile(fresh, bytes('exported'));
  expect(statSync(fresh).mode & 0o777).toBe(0o600);
});
