/**
 * `npm run soak -- --minutes N [--seed N] [--max-requests N] [--json]`: the write soak (issue #30), loopback only and
 * bounded in time and requests. Exit code 0 only when every check held; 1 when one failed (the message names the
 * row); 2 for bad options.
 */

import { publishResults, saveSection } from '../results';
import { figureLines, figuresJson, soakResultRows } from './soak-figures';
import { parseSoakArgs } from './soak-options';
import { runWriteSoak } from './run-write-soak';

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseSoakArgs(argv);
  if (!parsed.ok) {
    (parsed.help ? process.stdout : process.stderr).write(`${parsed.message}\n`);
    return parsed.help ? 0 : 2;
  }
  const { args } = parsed;
  if (!args.json)
    console.log(
      `Write soak: ${args.minutes} min, seed ${args.seed}${args.maxRequests === undefined ? '' : `, at most ${args.maxRequests} requests`}; ` +
        'the sandbox in this process with every fault on at once',
    );
  const report = await runWriteSoak({
    minutes: args.minutes,
    seed: args.seed,
    ...(args.maxRequests === undefined ? {} : { maxRequests: args.maxRequests }),
    ...(args.json ? {} : { onCycle: (line: string) => console.log(`  ${line}`) }),
  });
  if (args.json) console.log(JSON.stringify(figuresJson(report), null, 2));
  else for (const line of figureLines(report)) console.log(line);
  saveSection('soak', `Write soak: ${args.minutes} min, seed ${args.seed}, every fault on at once`, soakResultRows(report));
  if (!args.json) publishResults(); // the one table, and docs/benchmarks.md rewritten from it
  return report.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
