/** The bin of `npm run workbook`: the real streams, environment, clock and fetch; exits with the code the run returns. */
import { runWorkbookCli } from './workbook-cli';
import { promptYesNo } from './prompt-confirm';
import { promptWithoutEcho } from './prompt-secret';

runWorkbookCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdinIsTTY: process.stdin.isTTY === true,
  env: process.env,
  now: Date.now,
  fetch: globalThis.fetch,
  cwd: process.cwd(),
  promptSecret: promptWithoutEcho,
  confirm: promptYesNo,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
