/**
 * The exit codes of `npm run workbook`, one table a script can rely on (the README's "Exit codes" lists the same).
 * Every command ends with one of these; a code keeps its meaning across commands.
 */
export const EXIT = {
  /** Done: everything asked for is in the file (or, for `inspect`, the file is clean). */
  done: 0,
  /** Something this tool did not expect (a bug, a full disk): the message says what; no file was overwritten. */
  failed: 1,
  /**
   * Bad input: options, a file that is not a planning workbook, a table not in the file, no secret to use, a base
   * URL that is not the service (it redirects, answers 404, or answers something else than the service's JSON).
   */
  badInput: 2,
  /** Refused by the service: wrong client ID or secret (400 on the token), 401 or 403. */
  refused: 3,
  /** `push`: conflicts or rows waiting (a confirmation, a value refused); they stay in the file with their reason. */
  waiting: 4,
  /** The service is down: the retry budget ran out, or it cannot be reached (connection refused, DNS). */
  serviceDown: 5,
  /** The file is locked (open in Excel) or changed on disk during the run: nothing was overwritten. */
  fileBusy: 6,
  /**
   * `export` or `refresh`: the file was written, but a table is not verified complete (the warning says which and
   * why), or, for `refresh`, could not be refreshed and is in the file as it was.
   */
  incomplete: 7,
  /** `inspect`: the secret scan found a secret or a credential-like setting in the file. */
  secretFound: 8,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What each code means, in the order of the table (for `--help` and the README). */
export const EXIT_MEANINGS: ReadonlyArray<readonly [ExitCode, string]> = [
  [EXIT.done, 'done'],
  [EXIT.failed, 'unexpected failure (the message says what); no file was overwritten'],
  [EXIT.badInput, 'bad input: options, not a planning workbook, a table not in the file, no secret, a base URL that is not the service'],
  [EXIT.refused, 'refused by the service: wrong client ID or secret, 401 or 403'],
  [EXIT.waiting, 'push: conflicts or rows waiting (a confirmation, a value refused), in the file with their reason'],
  [EXIT.serviceDown, 'service down: it kept failing for the retry budget, or cannot be reached'],
  [EXIT.fileBusy, 'the file is locked (open in Excel) or changed on disk during the run: nothing overwritten'],
  [EXIT.incomplete, 'export, refresh: written, but a table is not verified complete (refresh: or not refreshed, left as it was)'],
  [EXIT.secretFound, 'inspect: the secret scan found something'],
];

/** An error a command ends with, carrying its exit code and a message in plain words. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

/** The README's exit-code table (between the workbook-exit-codes markers, `npm run docs:options`). */
export function renderExitCodesMarkdown(): string {
  return [
    '<!-- generated from EXIT_MEANINGS in src/cli/workbook/exit-codes.ts by `npm run docs:options`: edit there -->',
    '| Code | Meaning |',
    '|---|---|',
    ...EXIT_MEANINGS.map(([code, meaning]) => `| ${code} | ${meaning} |`),
  ].join('\n');
}
