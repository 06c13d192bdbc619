/**
 * The write soak (issue #30): the sandbox in this process with every fault on at once, and pull → edit → push → undo
 * cycles on every writable table through the Excel host on the Office.js simulation, plus one bank-statement import
 * per cycle, until the minutes are up (or the request bound is reached). After every step the ledger is checked;
 * at the end every table is refreshed and checked once more. `runWriteSoak` is what `npm run soak` and the test call.
 */

import type { FaultKind } from '../../src/sandbox';
import { mulberry32 } from '../../src/sandbox/prng';
import type { WriteModel } from '../../src/sync/push';
import { ensureImportTable, importCycle, importFigures, type ImportFigures } from './import-cycle';
import { compare, type Expected } from './ledger';
import { startSoakSandbox, type SoakSandbox } from './soak-sandbox';
import { serviceRows, soakTables, storeLookups, type SoakTable } from './soak-tables';
import { soakWorkbook, type SoakWorkbook, type Traffic } from './soak-workbook';
import { sheetAgainstService, sheetRows } from './table-checks';
import { report, tableCycle, type CycleContext } from './table-cycle';
import { TableFigures } from './table-figures';

export interface WriteSoakOptions {
  minutes: number;
  seed: number;
  /** Stop cycling once the client has sent this many requests. */
  maxRequests?: number;
  /** The client's waits are slept at 1/timeScale of their length (default 20: a 429's second costs 50 ms). */
  timeScale?: number;
  /** Transactions of the demo company (default 300). */
  transactions?: number;
  /** Tests: a WriteModel made wrong on purpose. */
  wrapWriteModel?: (model: WriteModel<unknown>) => WriteModel<unknown>;
  /** A line per cycle. */
  onCycle?: (line: string) => void;
}

export interface WriteSoakReport {
  seed: number;
  cycles: number;
  wallMs: number;
  traffic: Traffic;
  /** Waits the client and the push asked for, in full (slept at 1/timeScale). */
  waitedMs: number;
  faults: Record<FaultKind, number>;
  writesApplied: number;
  tables: TableFigures[];
  imports: ImportFigures;
  lost: number;
  twice: string[];
  /** Every failed check, naming its table, row and field. */
  problems: string[];
  ok: boolean;
}

export async function runWriteSoak(options: WriteSoakOptions): Promise<WriteSoakReport> {
  const started = performance.now();
  const soak = await startSoakSandbox(options.seed, options.transactions ?? 300);
  const wb = soakWorkbook(soak.sandbox, options.timeScale ?? 20);
  try {
    const companyId = soak.sandbox.companyIds.demo;
    const tables = soakTables(soak.sandbox.store, companyId);
    const figures = tables.map((t) => new TableFigures(t.name));
    const context: CycleContext & { twice: string[] } = {
      ...{ soak, wb, companyId, cycle: 0, seed: options.seed, random: mulberry32(options.seed ^ 0x50a7) },
      ...{ today: new Date().toISOString().slice(0, 10), categories: storeLookups(soak.sandbox.store, companyId).categories },
      ...{ problems: [], twice: [], ...(options.wrapWriteModel === undefined ? {} : { wrapWriteModel: options.wrapWriteModel }) },
    };
    const deadline = started + options.minutes * 60_000;
    const stop = () => performance.now() >= deadline || (options.maxRequests !== undefined && wb.traffic.requests >= options.maxRequests);
    const ledgers = new Map<string, Expected>();
    const imports = importFigures();
    const imported = new Set<number>();
    await ensureImportTable(wb);
    while (!stop()) {
      context.cycle += 1;
      for (const [i, table] of tables.entries()) {
        if (stop()) break;
        const ledger = await tableCycle(context, table, figures[i] as TableFigures);
        if (ledger !== undefined) ledgers.set(table.name, ledger);
      }
      if (!stop()) for (const id of await importCycle(wb, soak, context, imports)) imported.add(id);
      options.onCycle?.(cycleLine(context.cycle, started, wb, context.problems.length));
    }
    await finalChecks(context, tables, ledgers, imported);
    return reportOf(options, context, soak, wb, figures, imports, started);
  } finally {
    wb.uninstall();
    await soak.sandbox.close();
  }
}

/** Every table refreshed: the sheet equals the service, and the service still holds the table's ledger. */
async function finalChecks(
  context: CycleContext,
  tables: readonly SoakTable[],
  ledgers: ReadonlyMap<string, Expected>,
  imported: ReadonlySet<number>,
): Promise<void> {
  context.soak.phase('final refresh');
  for (const table of tables) {
    const service = serviceRows(table, context.soak.sandbox.store, context.companyId);
    const ledger = ledgers.get(table.name);
    if (ledger !== undefined)
      report(
        context,
        `${table.name} at the end: the service`,
        compare(ledger, service, (key) => table.kind === 'transactions' && imported.has(Number(key.slice(3)))),
      );
    try {
      await context.wb.puller.pull(table.target);
      report(context, `${table.name} after the final refresh: the sheet`, sheetAgainstService(service, await sheetRows(context.wb, table)));
    } catch (error) {
      context.problems.push(`${table.name}: the final refresh failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function reportOf(
  options: WriteSoakOptions,
  context: CycleContext & { twice: string[] },
  soak: SoakSandbox,
  wb: SoakWorkbook,
  tables: TableFigures[],
  imports: ImportFigures,
  started: number,
): WriteSoakReport {
  const twice = [...soak.appliedTwice().map((t) => `${t.phase}: ${t.write}`), ...context.twice];
  const lost = tables.reduce((n, t) => n + t.lost, 0);
  const problems = [...context.problems, ...twice.map((t) => `applied twice: ${t}`)];
  return {
    seed: options.seed,
    cycles: context.cycle,
    wallMs: performance.now() - started,
    traffic: wb.traffic,
    waitedMs: wb.waitedMs(),
    faults: soak.sandbox.faultsMet(),
    writesApplied: soak.applied(),
    tables,
    imports,
    lost,
    twice,
    problems,
    ok: problems.length === 0 && lost === 0 && twice.length === 0,
  };
}

function cycleLine(cycle: number, started: number, wb: SoakWorkbook, problems: number): string {
  const seconds = Math.round((performance.now() - started) / 1000);
  return `cycle ${cycle} done at ${seconds} s: ${wb.traffic.requests} requests, ${problems} problem(s)`;
}
