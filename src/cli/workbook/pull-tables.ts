/**
 * The pulls of `export` (and, next, `refresh`): each table through the same puller the pane uses, over the xlsx
 * host of the document (its port, the pull states and baselines in the file), one after the other with its progress
 * on stderr; a pushable table then gets its input style, as the pane gives it after a pull.
 */
import type { CashflowClient } from '../../api';
import { BIG_TABLE_ROWS, xlsxHost, type XlsxDocument, type XlsxHost } from '../../hosts/xlsx';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { resolveFilter } from '../../sync/filters/table-filter';
import { todayOf } from '../../sync/filters/relative-period';
import { createPuller, LookupCache, modelOf, type Puller, type PullTarget } from '../../sync/pull';
import type { CliIo } from './cli-io';
import { filterOf, type ExportTableName, type TransactionOptions } from './export-tables';
import { progressReport, type ProgressReport } from './progress-report';

export interface PullPlan {
  tables: readonly ExportTableName[];
  language: Language;
  /** The connection's name: the stamps above the tables show it, as the pane's show the profile's. */
  name: string;
  transactions: TransactionOptions;
  fiscalYearStartMonth: number;
  giveUpAfterMs: number;
}

/** One table's outcome, as `--json` prints it. */
export interface TableOutcome {
  table: string;
  resource: ExportTableName;
  rows: number;
  /** Verified complete (transactions: count and sum checked against the service), no warning. */
  complete: boolean;
  warnings: string[];
  target: PullTarget;
  period?: string;
}

/** The pane's puller over a file: its tables, pull states and baselines; the run's clock and patience. */
export function workbookPuller(
  host: XlsxHost,
  client: CashflowClient,
  settings: { language: Language; giveUpAfterMs: number },
  io: CliIo,
): Puller {
  return createPuller({
    client,
    port: host.port,
    store: host.pullStates,
    baselines: host.baselines,
    language: settings.language,
    now: io.now,
    giveUpAfterMs: settings.giveUpAfterMs,
    // The run's tables read the categories and accounts once.
    lookupCache: new LookupCache({ now: io.now }),
  });
}

export async function pullTables(document: XlsxDocument, client: CashflowClient, plan: PullPlan, io: CliIo): Promise<TableOutcome[]> {
  // A table of more rows keeps its body out of exceljs and is streamed into the file (a million rows fit).
  const host = xlsxHost(document, { bigTableRows: BIG_TABLE_ROWS });
  const puller = workbookPuller(host, client, plan, io);
  const report = progressReport(io.stderr);
  const outcomes: TableOutcome[] = [];
  for (const name of plan.tables) outcomes.push(await pullOne(name, { puller, host, plan, io, report }));
  return outcomes;
}

interface PullContext {
  puller: Puller;
  host: XlsxHost;
  plan: PullPlan;
  io: CliIo;
  report: ProgressReport;
}

async function pullOne(name: ExportTableName, { puller, host, plan, io, report }: PullContext): Promise<TableOutcome> {
  const filter = filterOf(name, plan.transactions);
  const target = resolveFilter(filter, { today: todayOf(io.now), fiscalYearStartMonth: plan.fiscalYearStartMonth });
  const label = translate(plan.language, `pane.table.${name}` as MessageKey);
  report.started(label);
  const result = await puller
    .pull(target, {
      mode: 'full',
      label,
      company: plan.name,
      onProgress: (event) => report.progress(event),
      ...(filter.period === undefined ? {} : { period: filter.period }),
    })
    .catch((error: unknown) => {
      report.failed(label);
      throw error;
    });
  const state = await puller.state(result.tableName);
  if (state?.baseline !== undefined) await host.push.styleInputs(modelOf(target));
  const complete = state?.complete ?? result.warnings.length === 0;
  const rows = result.rowCount.toLocaleString('en');
  const warnings = state?.warnings ?? result.warnings;
  report.finished(label, `${rows} rows, ${complete ? 'complete' : `not complete: ${warnings[0] ?? ''}`}`);
  return {
    table: result.tableName,
    resource: name,
    rows: result.rowCount,
    complete,
    warnings,
    target,
    ...(filter.period === undefined ? {} : { period: filter.period }),
  };
}
