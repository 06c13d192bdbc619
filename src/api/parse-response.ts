/**
 * Checks a decoded answer against its zod schema. A mismatch becomes a `ResponseValidationError`
 * whose message names each field, e.g. `results.invoices[3].amount: expected number, received string`.
 */
import type { z } from 'zod';
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { ResponseValidationError, type ValidationIssue } from './errors';
import { inPlaceCheck } from './in-place-check';
import { redactSecrets } from './redact-secrets';

/** Most issues listed in the message (all are kept in `issues`). */
const MAX_ISSUES_IN_MESSAGE = 5;

function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

function describeReceived(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const received = 'input' in issue ? describeReceived(issue.input) : undefined;
    return received === 'undefined' ? `expected ${issue.expected}, missing` : `expected ${issue.expected}, received ${received}`;
  }
  return issue.message;
}

export interface ParseContext {
  method: string;
  path: string;
  status: number;
  language: Language;
  /** Redacted from the issues and the message (a path may carry a record key, a message a received value). */
  secrets?: readonly string[];
}

/**
 * The answer as `schema` describes it. A schema marked `inPlace` is checked without a copy and the answer itself is
 * returned when it passes; whatever fails that check is parsed by zod, whose issues make the message.
 */
export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, ctx: ParseContext): z.infer<S> {
  let result: z.ZodSafeParseResult<z.infer<S>>;
  try {
    if (inPlaceCheck(schema)?.(data) === true) return data as z.infer<S>;
    result = schema.safeParse(data, { reportInput: true });
  } catch (error) {
    // Nesting deeper than a recursive reader's stack (a `parent` chain thousands of links deep) overflows it: such an
    // answer is refused like any other malformed one, never thrown as the platform's RangeError.
    if (error instanceof RangeError) throw validationError(ctx, [{ path: '(root)', message: 'nested too deeply to read' }]);
    throw error;
  }
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issueMessage(issue) }));
  throw validationError(ctx, issues);
}

/** The `ResponseValidationError` listing `issues` (redacted: a path may carry a record key, a message a value). */
function validationError(ctx: ParseContext, found: readonly ValidationIssue[]): ResponseValidationError {
  const redact = (text: string): string => redactSecrets(text, ctx.secrets ?? []);
  const issues: ValidationIssue[] = found.map((issue) => ({ path: redact(issue.path), message: redact(issue.message) }));
  const listed = issues.slice(0, MAX_ISSUES_IN_MESSAGE).map((i) => `${i.path}: ${i.message}`);
  if (issues.length > MAX_ISSUES_IN_MESSAGE) listed.push(`(+${issues.length - MAX_ISSUES_IN_MESSAGE})`);
  return new ResponseValidationError({
    message: redact(
      translate(ctx.language, 'api.error.responseValidation', { method: ctx.method, path: ctx.path, issues: listed.join('; ') }),
    ),
    status: ctx.status,
    method: ctx.method,
    path: ctx.path,
    issues,
  });
}
