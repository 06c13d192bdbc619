/**
 * The add-in a written workbook opens: its id and version read from the manifest (`--manifest`, by default the
 * repository's manifest.xml), as the template's build and the preview's Download name it.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { AddInManifest } from '../../hosts/xlsx';
import { CliError, EXIT } from './exit-codes';

/** The repository's manifest, whatever the working directory. */
export const REPOSITORY_MANIFEST = join(__dirname, '..', '..', '..', 'manifest.xml');

export async function readAddInManifest(path: string | undefined, cwd: string): Promise<AddInManifest> {
  const file = path === undefined ? REPOSITORY_MANIFEST : isAbsolute(path) ? path : join(cwd, path);
  const xml = await readFile(file, 'utf8').catch(() => {
    throw new CliError(EXIT.badInput, `${file}: cannot read the add-in's manifest (--manifest FILE).`);
  });
  const parsed = new XMLParser({ ignoreAttributes: true, parseTagValue: false }).parse(xml) as {
    OfficeApp?: { Id?: unknown; Version?: unknown };
  };
  const id = String(parsed.OfficeApp?.Id ?? '').trim();
  const version = String(parsed.OfficeApp?.Version ?? '').trim();
  if (id === '' || version === '') throw new CliError(EXIT.badInput, `${file} names no add-in Id or Version.`);
  return { id, version };
}
