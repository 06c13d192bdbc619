/** What the commands (`npm run sandbox`, `npm run proxy`) do alike around their server: refuse bad options, stop on a signal. */
import type { Refusal } from './option-table';
import { stopWhenOrphaned } from './stop-when-orphaned';

/** The options, or (after `--help` or bad options) the message printed and the process ended with its exit code. */
export function optionsOrExit<Options>(parsed: { ok: true; options: Options } | Refusal): Options {
  if (parsed.ok) return parsed.options;
  if (parsed.exitCode === 0) console.log(parsed.message);
  else console.error(parsed.message);
  return process.exit(parsed.exitCode);
}

/** How long a stop may take before the process ends anyway. */
const CLOSE_GRACE_MS = 5_000;

/**
 * On SIGINT or SIGTERM, or when the parent process ends (npm stopped alone), once: says so, closes `what` and exits 0
 * (1 when closing fails, or does not end within 5 s).
 */
export function closeOnSignals(what: string, close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the ${what}`);
    // A close that hangs (a connection that never ends) must not keep the process: it ends after a grace period.
    setTimeout(() => {
      console.error(`${what} did not stop within ${CLOSE_GRACE_MS / 1000} s: exiting`);
      process.exit(1);
    }, CLOSE_GRACE_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  stopWhenOrphaned(stop);
}

/** Runs `main`; an error that escapes it is printed as its message (no stack) and ends the process with 1. */
export function runCommand(main: () => Promise<void>): void {
  void main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
