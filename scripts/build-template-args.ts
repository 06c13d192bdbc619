/** The command line of scripts/build-template.ts, checked (apart from it: that file loads the manifest reader). */
import { z } from 'zod';
import { NETWORK_SHARE_PATH } from '../src/template/template-add-in';

const SHARE_OPTION = '--network-share=';

/** The command line: the folder, the manifest, and a network-share catalog's path if given (checked). */
export function buildTemplateArgs(argv: readonly string[]): { outDir: string; manifestFile: string; networkShare?: string } {
  const share = argv.find((arg) => arg.startsWith(SHARE_OPTION));
  const [outDir = 'dist', manifestFile = 'manifest.xml'] = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = argv.find((arg) => arg.startsWith('--') && !arg.startsWith(SHARE_OPTION));
  if (unknown !== undefined) throw new Error(`build-template: unknown option ${unknown}`);
  if (share === undefined) return { outDir, manifestFile };
  const path = z
    .string()
    .regex(NETWORK_SHARE_PATH, 'a network share is a UNC path such as \\\\server\\addins')
    .safeParse(share.slice(SHARE_OPTION.length));
  if (!path.success)
    throw new Error(`build-template: ${SHARE_OPTION}${share.slice(SHARE_OPTION.length)}: ${path.error.issues[0]?.message}`);
  return { outDir, manifestFile, networkShare: path.data };
}
