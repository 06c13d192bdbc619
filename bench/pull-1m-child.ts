/** One size of the 1,000,000-row pull benchmark in a process of its own (started by bench/pull-1m.ts). */
import { millionChildMain } from './pull-1m-run';

millionChildMain().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
