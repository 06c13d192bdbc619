/**
 * One size of `npm run bench pull-1m`'s workbook-file row, in a process of its own (`pull-1m-xlsx-child.ts`): the
 * pull `npm run workbook -- export --tables transactions` makes (the puller over the xlsx host of a new document,
 * its pull states and baselines in the file), the table read back from the document and checked against the service's
 * `count` and `sum`, then the file's bytes built as export saves them (`saveWorkbook`, exceljs's writer; the add-in's
 * part with the settings is left out, a few kB). Wall, CPU and memory of the pull and of the save apart.
 */
import { countingClient } from './counting-client';
import { toCents } from '../src/api/amount';
import { newXlsxDocument, saveWorkbook, xlsxHost } from '../src/hosts/xlsx';
import { createPuller } from '../src/sync/pull';
import { childRun, reportFigures } from './bundled-child';
import type { Credentials } from './pull';

export interface XlsxRun {
  url: string;
  credentials: Credentials;
}

export interface XlsxFigures {
  rows: number;
  pullWallMs: number;
  pullCpuMs: number;
  saveWallMs: number;
  saveCpuMs: number;
  fileBytes: number;
  requests: number;
  service: { count: number; sumCents: number };
  table: { rows: number; sumCents: number };
  /** The process's RSS high-water mark (kernel) after the pull and after the save. */
  maxRssAfterPullMb: number;
  maxRssMb: number;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const cpu = process.cpuUsage(since);
  return (cpu.user + cpu.system) / 1000;
};
const maxRssMb = (): number => process.resourceUsage().maxRSS / 1024;

async function pullIntoFile(run: XlsxRun): Promise<XlsxFigures> {
  const { client, requests, reset } = countingClient(run.url, run.credentials);
  const page = await client.transactions.extendedPage({ page: 1, page_size: 1 });
  const service = { count: page.count, sumCents: toCents(page.sum) };
  reset();
  const document = newXlsxDocument();
  const host = xlsxHost(document);
  const puller = createPuller({ client, port: host.port, store: host.pullStates, baselines: host.baselines, language: 'en' });
  const [t0, cpu0] = [performance.now(), process.cpuUsage()];
  const result = await puller.pull({ resource: 'transactions' });
  const [pullWallMs, pullCpuMs, maxRssAfterPullMb] = [performance.now() - t0, cpuMs(cpu0), maxRssMb()];
  const read = await host.port.readTable(result.tableName);
  const amount = read.headers.indexOf('Reporting amount');
  const sumCents = read.rows.reduce((sum, row) => sum + toCents(Number(row[amount])), 0);
  const [t1, cpu1] = [performance.now(), process.cpuUsage()];
  const bytes = await saveWorkbook(document.workbook);
  return {
    rows: result.rowCount,
    pullWallMs,
    pullCpuMs,
    saveWallMs: performance.now() - t1,
    saveCpuMs: cpuMs(cpu1),
    fileBytes: bytes.byteLength,
    requests: requests(),
    service,
    table: { rows: read.rows.length, sumCents },
    maxRssAfterPullMb,
    maxRssMb: maxRssMb(),
  };
}

export async function xlsxChildMain(): Promise<void> {
  reportFigures(await pullIntoFile(childRun<XlsxRun>()));
}
