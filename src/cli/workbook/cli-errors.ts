/**
 * What an error a command ended with means for a script: the exit code and the message in plain words. The
 * client's errors are already redacted (no secret, no token); `redact` takes the secret out of any text once more.
 */
import {
  ApiConnectionError,
  ApiError,
  AuthenticationError,
  InvalidCredentialsError,
  NotFoundError,
  PermissionDeniedError,
  RedirectError,
  ResponseValidationError,
  ServiceDownError,
} from '../../api';
import { PullServiceDownError, PullTargetError, PullTooManyRowsError } from '../../sync/pull';
import { CliError, EXIT, type ExitCode } from './exit-codes';

export function cliErrorOf(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(exitCodeOf(error), message);
}

function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof PullServiceDownError) return EXIT.serviceDown;
  if (error instanceof PullTargetError || error instanceof PullTooManyRowsError) return EXIT.badInput;
  if (error instanceof InvalidCredentialsError || error instanceof AuthenticationError || error instanceof PermissionDeniedError)
    return EXIT.refused;
  if (error instanceof ServiceDownError || error instanceof ApiConnectionError) return EXIT.serviceDown;
  // A base URL that is not the service: it redirects, has no such path (404), or answers something else (a web page).
  if (error instanceof RedirectError || error instanceof NotFoundError || error instanceof ResponseValidationError) return EXIT.badInput;
  if (error instanceof ApiError && error.cause !== undefined) return exitCodeOf(error.cause);
  return EXIT.failed;
}

/** `text` with every secret replaced by `***` (secrets shorter than 4 characters are left: they would mangle words). */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length >= 4).reduce((out, secret) => out.split(secret).join('***'), text);
}
