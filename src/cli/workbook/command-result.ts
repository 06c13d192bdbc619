/** What a command hands back to the dispatcher: its exit code, its result for `--json`, its summary for people. */
import type { ExitCode } from './exit-codes';

export interface CommandResult {
  exitCode: ExitCode;
  /** The one JSON document `--json` prints on stdout. */
  json: Record<string, unknown>;
  /** The summary printed on stdout without `--json`. */
  text: string;
}

/** What a run shares between the dispatcher and the command: the secrets to keep out of every line printed. */
export interface RunContext {
  secrets: string[];
}
