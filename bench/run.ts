/** `npm run bench`: benchmarks, never tests. Figures go to the console; the README quotes them. */
import { benchSandboxPages } from './sandbox-pages';

async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === 'sandbox') await benchSandboxPages(Number(process.env.BENCH_TRANSACTIONS ?? 200_000));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
