/**
 * The one factory that turns an HTTP answer with an error status into the matching `ApiError` subclass.
 * The service's messages (already localized per `Accept-Language`) are passed through unchanged.
 */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  type FieldErrors,
  InternalServerError,
  type ItemError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
} from './errors';
import { redactSecrets } from './redact-secrets';

/** Longest body text kept on an error (non-JSON answers such as an HTML 500 page). */
const MAX_BODY_TEXT = 500;

export interface ErrorContext {
  method: string;
  path: string;
  language: Language;
  /** Values that must never appear in an error (client secret, access tokens). */
  secrets: readonly string[];
  /** Added to item indexes of array-body errors (chunked requests). */
  itemIndexOffset?: number;
}

export interface ErrorResponse {
  status: number;
  bodyText: string;
  retryAfter?: string | undefined;
}

interface ParsedBody {
  detail?: string;
  code?: string;
  fieldErrors: FieldErrors;
  itemErrors: ItemError[];
  json: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Deepest nesting of field errors read (DRF nests a serializer's errors a few levels deep): a body nested thousands of
 * levels would overflow the stack, and the error would pass for a lost connection.
 */
const MAX_FIELD_ERROR_DEPTH = 16;

/** Flattens DRF-style errors (nested objects become dotted keys, single strings become one-element lists). */
function collectFieldErrors(value: Record<string, unknown>, prefix: string, into: FieldErrors, depth = 0): void {
  if (depth >= MAX_FIELD_ERROR_DEPTH) return;
  for (const [key, raw] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof raw === 'string') into[name] = [raw];
    else if (Array.isArray(raw)) {
      const strings = raw.filter((m): m is string => typeof m === 'string');
      if (strings.length > 0) into[name] = strings;
      raw.forEach((m, i) => {
        if (isRecord(m)) collectFieldErrors(m, `${name}[${i}]`, into, depth + 1);
      });
    } else if (isRecord(raw)) collectFieldErrors(raw, name, into, depth + 1);
  }
}

function parseBody(text: string, offset: number): ParsedBody {
  const parsed: ParsedBody = { fieldErrors: {}, itemErrors: [], json: false };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return parsed;
  }
  parsed.json = true;
  if (typeof data === 'string') {
    parsed.detail = data;
  } else if (Array.isArray(data)) {
    // Array request bodies: one error object per item, `{}` for items without errors.
    data.forEach((item, index) => {
      const fieldErrors: FieldErrors = {};
      if (isRecord(item)) collectFieldErrors(item, '', fieldErrors);
      else if (typeof item === 'string') fieldErrors['non_field_errors'] = [item];
      if (Object.keys(fieldErrors).length > 0) parsed.itemErrors.push({ index: index + offset, fieldErrors });
    });
  } else if (isRecord(data)) {
    const { detail, code, ...rest } = data;
    if (typeof detail === 'string') parsed.detail = detail;
    if (typeof code === 'string') parsed.code = code;
    collectFieldErrors(rest, '', parsed.fieldErrors);
  }
  return parsed;
}

function describeFieldErrors(fieldErrors: FieldErrors): string[] {
  return Object.entries(fieldErrors).map(([field, messages]) =>
    field === 'non_field_errors' ? messages.join(' ') : `${field}: ${messages.join(' ')}`,
  );
}

function serviceMessage(body: ParsedBody): string | undefined {
  if (body.detail !== undefined) return body.detail;
  const parts = describeFieldErrors(body.fieldErrors);
  for (const item of body.itemErrors) parts.push(`[${item.index}] ${describeFieldErrors(item.fieldErrors).join('; ')}`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

function classFor(status: number): ApiErrorClass {
  if (status === 400) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 405) return MethodNotAllowedError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return InternalServerError;
  return ApiError;
}

/** Keys and messages redacted; keys that become equal (two secrets, both `***`) keep all their messages. */
function redactFieldErrors(fieldErrors: FieldErrors, secrets: readonly string[]): FieldErrors {
  const redacted: FieldErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const name = redactSecrets(key, secrets);
    redacted[name] = [...(redacted[name] ?? []), ...messages.map((m) => redactSecrets(m, secrets))];
  }
  return redacted;
}

/**
 * Builds the error for an answer with a non-2xx status. Everything it takes from the answer (message, detail, code,
 * field and item errors with their keys, the body text, Retry-After) is redacted, the body text before it is cut.
 */
export function createApiError(response: ErrorResponse, ctx: ErrorContext): ApiError {
  const redact = (text: string): string => redactSecrets(text, ctx.secrets);
  const body = parseBody(response.bodyText, ctx.itemIndexOffset ?? 0);
  const fieldErrors = redactFieldErrors(body.fieldErrors, ctx.secrets);
  const itemErrors = body.itemErrors.map((e) => ({ index: e.index, fieldErrors: redactFieldErrors(e.fieldErrors, ctx.secrets) }));
  const detail = body.detail === undefined ? undefined : redact(body.detail);
  const fromService = serviceMessage({ ...body, ...(detail === undefined ? {} : { detail }), fieldErrors, itemErrors });
  const fallback = translate(ctx.language, 'api.error.http', { status: response.status, method: ctx.method, path: ctx.path });
  const shortText = body.json ? undefined : redact(response.bodyText).trim().slice(0, MAX_BODY_TEXT);
  const ErrorClass = classFor(response.status);
  return new ErrorClass({
    message: redact(fromService ?? fallback),
    status: response.status,
    method: ctx.method,
    path: ctx.path,
    detail,
    code: body.code === undefined ? undefined : redact(body.code),
    fieldErrors,
    itemErrors,
    bodyText: shortText === undefined || shortText === '' ? undefined : shortText,
    retryAfter: response.retryAfter === undefined ? undefined : redact(response.retryAfter),
  });
}

export interface RedirectAnswer {
  /** The 3xx, or undefined when a browser hid the redirect (`opaqueredirect`). */
  status: number | undefined;
  /** Where it pointed, resolved against the request URL; undefined when hidden. */
  location: URL | undefined;
}

/**
 * Builds the error for a redirect the transport does not follow: the token request's own message (nothing of the
 * credentials went anywhere else) or the general one, each naming the host (or "another address" when hidden).
 */
export function createRedirectError(redirect: RedirectAnswer, ctx: ErrorContext & { tokenRequest: boolean }): RedirectError {
  const redirectHost = redirect.location === undefined ? undefined : redactSecrets(redirect.location.host, ctx.secrets);
  const host = redirectHost ?? translate(ctx.language, 'api.error.redirectHidden');
  const message = ctx.tokenRequest
    ? translate(ctx.language, 'api.error.tokenRedirect', { host })
    : translate(ctx.language, 'api.error.redirect', { method: ctx.method, path: ctx.path, host });
  return new RedirectError({ message, status: redirect.status, method: ctx.method, path: ctx.path, redirectHost });
}
