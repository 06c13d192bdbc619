/** Errors of the Excel host and how it recognises Office.js's payload errors (by `code`, as office.js sets it). */

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The request of one sync was over Excel on the web's 5 MB cap: nothing of the batch was applied. */
export function isRequestTooLarge(error: unknown): boolean {
  return errorCode(error) === 'RequestPayloadSizeLimitExceeded';
}

/** The response (loaded values) was too large, or a read covered more than 5,000,000 cells. */
export function isResponseTooLarge(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ResponsePayloadSizeLimitExceeded' || code === 'RangeExceedsLimit';
}

export { TableLayoutError } from '../../sync/table-layout-error';

export { TableNotFoundError } from '../../sync/table-not-found-error';

/** A write failed and putting the old table back failed too: the table may be partly written. */
export class TableRestoreError extends Error {
  constructor(
    readonly writeError: unknown,
    readonly restoreError: unknown,
  ) {
    super(
      `The write failed (${writeError instanceof Error ? writeError.message : String(writeError)}) and the old table could not be restored (${
        restoreError instanceof Error ? restoreError.message : String(restoreError)
      }).`,
    );
    this.name = 'TableRestoreError';
  }
}
