import { startSandbox } from '../src/sandbox';
import { CashflowClient, TokenCache } from '../src/api';
import { ExcelWorkbookPort } from '../src/hosts/excel/excel-workbook-port';
import { createSimulatedWorkbook, installExcelSimulation } from '../src/preview/excel-sim';
import { ClientRequestContext } from '../src/preview/excel-sim/batch/request-context';
import { createPuller, MemoryPullStateStore } from '../src/sync/pull';

async function main() {
  const n = Number(process.argv[2] ?? 100000);
  const sandbox = await startSandbox({ port: 0, transactions: n });
  const { workbook } = installExcelSimulation(globalThis, createSimulatedWorkbook({ platform: 'web' }));
  const proto = ClientRequestContext.prototype as unknown as { sync: (v?: unknown) => Promise<unknown> };
  const orig = proto.sync;
  let i = 0;
  proto.sync = function (this: { pending: unknown[] }, v?: unknown) {
    i += 1;
    const stack = (new Error().stack ?? '').split('\n').slice(2, 7).map((l) => l.trim().replace(/\(.*\/src\//, '(')).join(' | ');
    console.log(`sync ${i} actions=${this.pending.length} ${stack}`);
    return orig.call(this, v);
  };
  const { clientId, clientSecret } = sandbox.credentials.company;
  const client = new CashflowClient({ baseUrl: sandbox.url, clientId, clientSecret, language: 'en', tokenCache: new TokenCache() });
  const puller = createPuller({ client, port: new ExcelWorkbookPort(), store: new MemoryPullStateStore() });
  const r = await puller.pull({ resource: 'transactions' });
  console.log(r.rowCount, workbook.stats.syncs.length);
  await sandbox.close();
}
void main();
