/**
 * The client's error hierarchy (openai-node style): one base, `ApiError`, and one-line subclasses
 * per HTTP status family, plus connection / timeout / user-abort / response-validation / invalid-request
 * errors that have no status. `create-api-error.ts` is the single place that maps a response to a class.
 *
 * Errors never carry request headers or request bodies, and whatever they take from an answer (message, detail,
 * code, field and item errors with their keys, body text, validation issues, a redirect's host) is redacted when
 * they are made (redact-secrets.ts, in every encoding), so neither the client secret nor an access token can end up
 * in `message`, `toString()` or `JSON.stringify(error)`. A `cause` is another such error or the platform's socket
 * error (no headers, no body).
 */

/** Field name -> messages, as the service sends them (`non_field_errors` for errors not tied to a field). */
export type FieldErrors = Record<string, string[]>;

/** The errors of one item of an array request body (`index` is the position in the caller's array). */
export interface ItemError {
  index: number;
  fieldErrors: FieldErrors;
}

/** Where a chunked operation stopped: items before `offset` were accepted by the service. */
export interface ChunkInfo {
  index: number;
  offset: number;
  size: number;
}

export interface ApiErrorInit {
  message: string;
  status?: number | undefined;
  method?: string | undefined;
  path?: string | undefined;
  detail?: string | undefined;
  code?: string | undefined;
  fieldErrors?: FieldErrors | undefined;
  itemErrors?: ItemError[] | undefined;
  bodyText?: string | undefined;
  retryAfter?: string | undefined;
  cause?: unknown;
}

export const BILLING_PLAN_PERMISSION_DENIED = 'billing_plan_permission_denied';

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status, undefined when no response arrived (connection, timeout, abort, client-side checks). */
  readonly status: number | undefined;
  readonly method: string | undefined;
  /** Path relative to the base URL, without query string. */
  readonly path: string | undefined;
  /** The service's `detail`, passed through unchanged (already localized by the service). */
  readonly detail: string | undefined;
  /** The service's `code`, e.g. `billing_plan_permission_denied`. */
  readonly code: string | undefined;
  readonly fieldErrors: FieldErrors;
  readonly itemErrors: ItemError[];
  /** Body text of non-JSON answers (e.g. an HTML 500 page), redacted, then shortened; not in `toJSON()`. */
  readonly bodyText: string | undefined;
  /** Raw `Retry-After` header of the answer, if any. */
  readonly retryAfter: string | undefined;
  /** Set when the error ended a chunked operation: items before `chunk.offset` were accepted. */
  chunk: ChunkInfo | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.detail = init.detail;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.itemErrors = init.itemErrors ?? [];
    this.bodyText = init.bodyText;
    this.retryAfter = init.retryAfter;
    this.chunk = undefined;
  }

  /** True when the company's edition does not include the called function. */
  get isBillingPlanPermissionDenied(): boolean {
    return this.code === BILLING_PLAN_PERMISSION_DENIED;
  }

  /** Errors not tied to a field (`non_field_errors`). */
  get nonFieldErrors(): string[] {
    return this.fieldErrors['non_field_errors'] ?? [];
  }

  /**
   * A plain, secret-free view for logs and `JSON.stringify`: every field was redacted when the error was made
   * (create-api-error.ts, parse-response.ts). `bodyText` stays out: a foreign page (HTML of a 500) is for a look in the
   * debugger, not for logs, journals or cells, and the message already says what happened.
   */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      method: this.method,
      path: this.path,
      detail: this.detail,
      code: this.code,
      fieldErrors: this.fieldErrors,
      itemErrors: this.itemErrors,
      chunk: this.chunk,
    };
  }
}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class MethodNotAllowedError extends ApiError {
  override name = 'MethodNotAllowedError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

/** 400 from `/auth/token/`: the client ID or secret is wrong. Message is from our own catalog. */
export class InvalidCredentialsError extends BadRequestError {
  override name = 'InvalidCredentialsError';
}

export interface ConnectionErrorInit extends ApiErrorInit {
  /** True only when the failure happened before any byte of the request reached the server. */
  requestNotSent: boolean;
}

/** No (complete) answer: refused, reset, DNS failure, ... */
export class ApiConnectionError extends ApiError {
  override name = 'ApiConnectionError';
  readonly requestNotSent: boolean;
  constructor(init: ConnectionErrorInit) {
    super(init);
    this.requestNotSent = init.requestNotSent;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), requestNotSent: this.requestNotSent };
  }
}

/** The per-attempt timeout (`timeoutMs`) ran out. */
export class ApiTimeoutError extends ApiConnectionError {
  override name = 'ApiTimeoutError';
}

/** The caller's `AbortSignal` fired. Never retried. */
export class ApiUserAbortError extends ApiError {
  override name = 'ApiUserAbortError';
}

export interface ValidationIssue {
  /** Dotted path into the response, e.g. `results.invoices[3].amount`. */
  path: string;
  message: string;
}

/** The answer did not match the documented shape. */
export class ResponseValidationError extends ApiError {
  override name = 'ResponseValidationError';
  readonly issues: ValidationIssue[];
  constructor(init: ApiErrorInit & { issues: ValidationIssue[] }) {
    super(init);
    this.issues = init.issues;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}

/**
 * The service answered with a redirect the client does not follow (transport.ts): any redirect of the token request
 * (the credentials go to the base URL's origin and nowhere else), a redirect of any request to another origin, and
 * one it cannot or may not follow on its own origin. `status` is the 3xx, undefined when a browser hid the redirect
 * (an `opaqueredirect` answer); `redirectHost` the host it pointed to, undefined when hidden. Never retried.
 */
export class RedirectError extends ApiError {
  override name = 'RedirectError';
  readonly redirectHost: string | undefined;
  constructor(init: ApiErrorInit & { redirectHost: string | undefined }) {
    super(init);
    this.redirectHost = init.redirectHost;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), redirectHost: this.redirectHost };
  }
}

/** A request the client refuses to send (guards on selectors, external IDs, amounts, ids). */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
}

export interface ServiceDownInit extends ApiErrorInit {
  /** How long the service had been failing, without one success, when the retry budget gave up. */
  failingForMs: number;
  /** What the last failure was: the service asking to wait (429) or failing (5xx, no answer). */
  reason: 'rateLimited' | 'serviceError';
}

/**
 * A request under a retry budget (retry-budget.ts) gave up: the service kept failing for the budget's time without
 * one success. Carries the last failure's status, method and path; `cause` is that failure.
 */
export class ServiceDownError extends ApiError {
  override name = 'ServiceDownError';
  readonly failingForMs: number;
  readonly reason: 'rateLimited' | 'serviceError';
  constructor(init: ServiceDownInit) {
    super(init);
    this.failingForMs = init.failingForMs;
    this.reason = init.reason;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), failingForMs: this.failingForMs, reason: this.reason };
  }
}
