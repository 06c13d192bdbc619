/**
 * What the workbook command gets from the world, injected so tests run it in-process: the streams, the environment,
 * the clock and its sleep, `fetch`, the working directory, and how a secret or a yes/no is asked for at a terminal.
 */
import type { Sleep } from '../../api';
import type { WriteOptions } from './workbook-file';

export interface OutputStream {
  write(text: string): unknown;
  /** True when a person watches it (a terminal): progress redraws in place. */
  readonly isTTY?: boolean;
  /** Terminal width in characters, when it is one. */
  readonly columns?: number;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Whether stdin is a terminal (a secret may then be asked for). */
  stdinIsTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Waits between retries (tests: at once; the retry budget still counts the time waited). */
  sleep?: Sleep;
  fetch: typeof fetch;
  /** Relative paths are read from here. */
  cwd: string;
  /** Asks for a text without echo (a terminal only); undefined when the person gave none. */
  promptSecret?: (question: string) => Promise<string | undefined>;
  /** Asks a yes/no question at the terminal (push's confirmations); true only for a yes. */
  confirm?: (question: string) => Promise<boolean>;
  /** How a file's bytes go into its temporary file (tests: a failure half-way, as a run killed while writing). */
  writeBytes?: WriteOptions['writeBytes'];
}
