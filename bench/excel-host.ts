/**
 * The remote Excel's host process for the pull benchmark (src/preview/excel-sim/remote/host-process.ts), bundled like
 * the benchmark's children (bundled-child.ts): each add-in run forks it, so the simulated workbook's cells, their
 * batches and their garbage collection are in a process of their own, as real Excel's are.
 */
import '../src/preview/excel-sim/remote/host-process';
