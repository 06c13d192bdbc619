/**
 * Where the client secret comes from: the environment variable CASHFLOW_CLIENT_SECRET, or, when stdin is a
 * terminal, a prompt without echo. Never the command line (shell history, the process list) and never the file
 * (the workbook keeps a connection's name and base URL only).
 */
import type { CliIo } from './cli-io';
import { CliError, EXIT } from './exit-codes';

export const SECRET_VARIABLE = 'CASHFLOW_CLIENT_SECRET';

/** A flag that would put the secret on the command line: refused before anything else is read. */
const SECRET_FLAG = /^--(client-secret|secret|client_secret)(=|$)/i;

/** The refusal of a secret given as an option (its value is never repeated), or undefined. */
export function secretOnCommandLine(argv: readonly string[]): string | undefined {
  const flag = argv.find((arg) => SECRET_FLAG.test(arg));
  if (flag === undefined) return undefined;
  const name = flag.split('=')[0];
  return `${name} is not accepted: a secret on the command line stays in the shell's history and shows in the process list. Set ${SECRET_VARIABLE} in the environment (a cron job: in its environment file), or run in a terminal and type it when asked.`;
}

export async function clientSecret(io: CliIo): Promise<string> {
  const fromEnvironment = io.env[SECRET_VARIABLE]?.trim();
  if (fromEnvironment) return fromEnvironment;
  if (io.stdinIsTTY && io.promptSecret) {
    const typed = (await io.promptSecret('Client secret (not shown): '))?.trim();
    if (typed) return typed;
  }
  throw new CliError(EXIT.badInput, `No client secret: set ${SECRET_VARIABLE}, or run in a terminal to be asked for it.`);
}
