/**
 * Why `parseBaseUrl` refuses a base URL, so the user reads the reason that applies: `insecure` for an http address
 * that would do over https (http reaches only this computer), `invalid` for anything else. The rule itself lives in
 * `parseBaseUrl` alone: an address is `insecure` exactly when its https twin passes.
 */

import { parseBaseUrl } from '../../api/connection-check';

export type BaseUrlProblem = 'insecure' | 'invalid';

/** Undefined when `parseBaseUrl` accepts the text. */
export function baseUrlProblem(text: string): BaseUrlProblem | undefined {
  if (parseBaseUrl(text) !== null) return undefined;
  const trimmed = text.trim();
  const http = /^http:/i.exec(trimmed);
  return http !== null && parseBaseUrl(`https:${trimmed.slice(http[0].length)}`) !== null ? 'insecure' : 'invalid';
}
