/**
 * One size of `npm run bench pull-1m`'s workbook-file row, in a process of its own (`pull-1m-xlsx-child.ts`): the
 * pull `npm run workbook -- export --tables transactions` makes (the puller over the xlsx host of a new document with
 * the export's `bigTableRows`, its pull states and baselines in the file, the input look of the editable column),
 * then the file's bytes as export saves them (`saveXlsxDocument` with the add-in's part, a big table's body and
 * baseline streamed in) and scans them for the secret, then the Transactions table read back from the FILE by a
 * streamed parse of its sheet part (`xlsx-table-sums.ts`) and checked against the service's `count` and `sum`.
 * Wall, CPU and memory of the pull and of the save (with the scan) apart.
 */
import { countingClient } from './counting-client';
import { toCents } from '../src/api/amount';
import { BIG_TABLE_ROWS, newXlsxDocument, saveXlsxDocument, scanPackage, webExtensionFor, xlsxHost } from '../src/hosts/xlsx';
import { createPuller } from '../src/sync/pull';
import { TRANSACTIONS_TABLE } from '../src/sync/tables';
import { tableSumsOfFile } from './xlsx-table-sums';
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

const MANIFEST = { id: '6b1d3e0a-4c7f-4f1e-9a51-2d8c0f6e7a10', version: '1.0.0.0' };

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
  const host = xlsxHost(document, { bigTableRows: BIG_TABLE_ROWS });
  const puller = createPuller({ client, port: host.port, store: host.pullStates, baselines: host.baselines, language: 'en' });
  const [t0, cpu0] = [performance.now(), process.cpuUsage()];
  const result = await puller.pull({ resource: 'transactions' }, { mode: 'full' });
  if ((await puller.state(result.tableName))?.baseline !== undefined) await host.push.styleInputs(TRANSACTIONS_TABLE);
  const [pullWallMs, pullCpuMs, maxRssAfterPullMb] = [performance.now() - t0, cpuMs(cpu0), maxRssMb()];
  const [t1, cpu1] = [performance.now(), process.cpuUsage()];
  const bytes = await saveXlsxDocument(document, webExtensionFor(MANIFEST, [{ kind: 'sideloaded' }]));
  const scan = await scanPackage(bytes, [run.credentials.clientSecret]);
  if (!scan.clean) throw new Error('The file holds the client secret.');
  const [saveWallMs, saveCpuMs] = [performance.now() - t1, cpuMs(cpu1)];
  const read = tableSumsOfFile(bytes, result.tableName, 'Reporting amount');
  return {
    rows: result.rowCount,
    pullWallMs,
    pullCpuMs,
    saveWallMs,
    saveCpuMs,
    fileBytes: bytes.byteLength,
    requests: requests(),
    service,
    table: read,
    maxRssAfterPullMb,
    maxRssMb: maxRssMb(),
  };
}

export async function xlsxChildMain(): Promise<void> {
  reportFigures(await pullIntoFile(childRun<XlsxRun>()));
}
