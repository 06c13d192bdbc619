/** Bad options or `--help`, as a command's result: the usage on stdout (help, exit 0) or stderr (exit 2). */
import type { Refusal } from '../option-table';
import type { CommandResult } from './command-result';
import { CliError } from './exit-codes';

export function refusalResult(refusal: Refusal): CommandResult {
  if (refusal.exitCode !== 0) throw new CliError(refusal.exitCode, refusal.message);
  return { exitCode: 0, json: { help: refusal.message }, text: refusal.message };
}
