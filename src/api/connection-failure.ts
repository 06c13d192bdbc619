/**
 * Classifies a failed `fetch` (no HTTP answer). Browsers give a bare TypeError; Node (undici) adds a
 * `cause` with a system error code. Only failures that happen while connecting prove that no byte of
 * the request reached the server, which is what makes a retry of a POST or PATCH safe.
 */

const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function codesOf(error: unknown, depth: number, into: string[]): void {
  if (depth > 5 || typeof error !== 'object' || error === null) return;
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof record.code === 'string') into.push(record.code);
  codesOf(record.cause, depth + 1, into);
  if (Array.isArray(record.errors)) for (const inner of record.errors as unknown[]) codesOf(inner, depth + 1, into);
}

/** True only when the error chain names a connect-phase failure (and nothing else). */
export function isRequestNotSent(error: unknown): boolean {
  const codes: string[] = [];
  codesOf(error, 0, codes);
  return codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
}
