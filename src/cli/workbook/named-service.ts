/**
 * Where a command may send the secret (#25: a workbook never steers a secret to another host). The secret comes from
 * the operator's environment (CASHFLOW_CLIENT_SECRET), so the service it goes to comes from the operator too:
 * `--base-url` or the environment variable CASHFLOW_BASE_URL, never from the file alone. A file is shared; whoever
 * can write it could otherwise name their own host, and the next scheduled run would send them the secret.
 */

import { parseBaseUrl } from '../../api/connection-check';
import { CliError, EXIT } from './exit-codes';

export const BASE_URL_VARIABLE = 'CASHFLOW_BASE_URL';

/** The service the operator named (option first, then the environment), checked as a base URL; undefined: none. */
export function namedService(option: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const given = option ?? env[BASE_URL_VARIABLE];
  if (given === undefined || given.trim() === '') return undefined;
  const url = parseBaseUrl(given.trim());
  if (url === null)
    throw new CliError(EXIT.badInput, `${BASE_URL_VARIABLE}: ${given} is not a base URL: https, or http to this computer only.`);
  return url.href;
}

/** The service a file's run talks to: the one the operator named, never the file's alone. */
export function serviceForFile(named: string | undefined, file: string, fileUrl: string | undefined): string {
  if (named !== undefined) return named;
  throw new CliError(
    EXIT.badInput,
    `Name the service your secret is for: --base-url or ${BASE_URL_VARIABLE}` +
      `${fileUrl === undefined ? '' : ` (${file} names ${fileUrl})`}. A file alone never chooses where the secret goes; nothing was sent.`,
  );
}

/** The same service: base URLs equal once parsed (case of the host, a trailing slash). */
export function sameService(a: string, b: string): boolean {
  const [x, y] = [parseBaseUrl(a), parseBaseUrl(b)];
  return x !== null && y !== null && x.href.replace(/\/+$/, '') === y.href.replace(/\/+$/, '');
}
