/**
 * `npm run workbook -- <command> [options]`: the planning workbook without Excel. `runWorkbookCli(argv, io)` reads
 * the command, runs it and returns the exit code (exit-codes.ts); everything it touches comes in through `io`, so
 * tests call it in-process. stdout carries the result (a summary, or one JSON document with `--json`), stderr the
 * progress and the errors, in plain English words; the secret never appears on either.
 */
import type { CliIo } from './cli-io';
import { cliErrorOf, redact } from './cli-errors';
import { secretOnCommandLine } from './client-secret';
import type { CommandResult, RunContext } from './command-result';
import { EXIT, EXIT_MEANINGS, type ExitCode } from './exit-codes';
import { runExport } from './export-command';
import { runInspect } from './inspect-command';
import { runRefresh } from './refresh-command';
import { runPush } from './push-command';

type Command = (argv: readonly string[], io: CliIo, run: RunContext) => Promise<CommandResult>;

const COMMANDS: Readonly<Record<string, { run: Command; summary: string }>> = {
  export: { run: runExport, summary: 'pull tables from the service into a new workbook (or the planning template)' },
  inspect: { run: runInspect, summary: 'what a workbook holds: tables, filters, last refresh, pending changes, a secret scan' },
  refresh: { run: runRefresh, summary: "refresh every table of a workbook in place, as the pane's Refresh all does" },
  push: { run: runPush, summary: 'send the edits tracked in a workbook back to the service, with a per-row report' },
};

/** The whole tool's `--help`: the commands, where the secret comes from, the exit codes. */
export function toolUsage(): string {
  return [
    'Usage: npm run workbook -- <command> [options]   (npm run workbook -- <command> --help for its options)',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, { summary }]) => `  ${name.padEnd(9)}${summary}`),
    '',
    'The client secret comes from CASHFLOW_CLIENT_SECRET, or a prompt without echo when stdin is a terminal; never from an option.',
    '',
    'Exit codes:',
    ...EXIT_MEANINGS.map(([code, meaning]) => `  ${code}  ${meaning}`),
  ].join('\n');
}

export async function runWorkbookCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [name, ...rest] = argv;
  const json = rest.includes('--json');
  const run: RunContext = { secrets: [] };
  const say = (stream: 'stdout' | 'stderr', text: string) => io[stream].write(`${redact(text, run.secrets)}\n`);
  const refusedSecret = secretOnCommandLine(argv);
  if (refusedSecret !== undefined) return fail(EXIT.badInput, refusedSecret);
  if (name === undefined || name === '--help' || name === '-h') {
    say(name === undefined ? 'stderr' : 'stdout', toolUsage());
    return name === undefined ? EXIT.badInput : EXIT.done;
  }
  const command = COMMANDS[name];
  if (command === undefined) return fail(EXIT.badInput, `Unknown command: ${name}\n\n${toolUsage()}`);
  try {
    const result = await command.run(rest, io, run);
    say('stdout', json && !('help' in result.json) ? JSON.stringify(result.json, null, 2) : result.text);
    return result.exitCode;
  } catch (error) {
    const failure = cliErrorOf(error);
    return fail(failure.exitCode, failure.message);
  }

  function fail(exitCode: ExitCode, message: string): ExitCode {
    say('stderr', message);
    if (json) say('stdout', JSON.stringify({ command: name, error: message, exitCode }, null, 2));
    return exitCode;
  }
}
