/** One add-in run of the pull benchmark in a process of its own (started by bench/pull.ts). */
import { childMain } from './pull';

childMain().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
