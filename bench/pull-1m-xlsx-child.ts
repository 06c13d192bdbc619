/** One size of the 1,000,000-row benchmark's workbook-file pull in a process of its own (started by bench/pull-1m.ts). */
import { xlsxChildMain } from './pull-1m-xlsx-run';

xlsxChildMain().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
