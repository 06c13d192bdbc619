/**
 * The push baselines in the very hidden sheet, on the Excel simulation: exact round trips (numbers, booleans,
 * nulls, lists, text that looks like a formula), several tables side by side in one sheet, writes and reads in
 * syncs under Excel on the web's caps, and a reload of the workbook.
 */

import { BASELINE_MARK, BASELINE_SHEET, SheetBaselineStore } from '../../../src/hosts/excel/sheet-baseline-store';
import { ROWS_PER_TURN } from '../../../src/hosts/excel/yield-to-host';
import { baselineBlock, BLOCK_COMPLETE } from '../../../src/sync/push/baseline-sheet-layout';
import { createSimulatedWorkbook, installExcelSimulation, WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import { patchedBaseline, type BaselineRow } from '../../../src/sync/push';
import { baselineRow, baselineRows as rows } from '../../support/push-state-fixtures';
import { installSim, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

/** Runs `write` with every sync of its Excel.run sessions asking `lost` first: true loses that sync ("connection lost"). */
async function withLostSync<T>(lost: () => boolean, write: () => Promise<T>): Promise<T> {
  const run = Excel.run;
  (Excel as { run: typeof Excel.run }).run = ((batch: (context: Excel.RequestContext) => Promise<unknown>) =>
    run(async (context: Excel.RequestContext) => {
      const sync = context.sync.bind(context);
      context.sync = (async () => {
        if (lost()) throw new Error('connection lost');
        return sync();
      }) as typeof context.sync;
      return batch(context);
    })) as typeof Excel.run;
  try {
    return await write();
  } finally {
    (Excel as { run: typeof Excel.run }).run = run;
  }
}

describe('SheetBaselineStore', () => {
  it('round trip of 20,000 rows gives them back equal', async () => {
    const store = new SheetBaselineStore();
    const written = rows(20_000);
    await store.write('ForecastBudgets', written);
    expect(await store.read('ForecastBudgets')).toEqual(written);
  });

  it('keeps text that looks like a formula, a number or a prefix as text', async () => {
    const store = new SheetBaselineStore();
    const hostile: BaselineRow = {
      id: 7,
      externalId: '=HYPERLINK("http://evil.example","x")',
      fields: {
        id: 7,
        name: '=HYPERLINK("http://evil.example","click")',
        description: "'0012",
        base: '+1',
        frequency: '-1',
        tags: ['=1+1', '@SUM(A1)'],
        amount: -0 + 1e-7,
      },
    };
    await store.write('ForecastBudgets', [hostile]);
    expect(await store.read('ForecastBudgets')).toEqual([hostile]);
    // Every cell is text: nothing became a formula, a number or lost a leading apostrophe.
    expect(new Set(sim.workbook.valueTypes(BASELINE_SHEET).flat())).toEqual(new Set(['String', 'Empty']));
    expect(sim.workbook.formulas(BASELINE_SHEET)).toEqual(sim.workbook.values(BASELINE_SHEET));
    expect(sim.workbook.values(BASELINE_SHEET)[1]?.[1]).toBe(JSON.stringify(hostile.externalId));
  });

  it('a field longer than a cell is cut into parts and read back whole', async () => {
    const store = new SheetBaselineStore();
    const long: BaselineRow = { id: 1, externalId: null, fields: { id: 1, description: `${'x'.repeat(31_999)}😀${'=y'.repeat(20_000)}` } };
    await store.write('ForecastBudgets', [long, baselineRow(2)]);
    expect(await store.read('ForecastBudgets')).toEqual([long, baselineRow(2)]);
  });

  it('keeps two tables in the same sheet; rewriting one leaves the other as it was', async () => {
    const store = new SheetBaselineStore();
    await store.write('ForecastBudgets', rows(300));
    await store.write('Scenario_12_Budgets', rows(50, 1000));
    await store.write('ForecastBudgets', rows(120, 5000));
    expect(await store.read('Scenario_12_Budgets')).toEqual(rows(50, 1000));
    expect(await store.read('forecastbudgets')).toEqual(rows(120, 5000));
    // Shrunk and moved to the end: the other block now starts at the top.
    expect(sim.workbook.values(BASELINE_SHEET)[0]?.slice(0, 2)).toEqual([BASELINE_MARK, 'Scenario_12_Budgets']);
    await store.remove('Scenario_12_Budgets');
    expect(await store.read('Scenario_12_Budgets')).toBeUndefined();
    expect(await store.read('ForecastBudgets')).toEqual(rows(120, 5000));
    await store.write('ForecastBudgets', []);
    expect(await store.read('ForecastBudgets')).toEqual([]);
  });

  it('has no baseline before the first write, and the sheet is very hidden', async () => {
    const store = new SheetBaselineStore();
    expect(await store.read('ForecastBudgets')).toBeUndefined();
    await store.remove('ForecastBudgets');
    await store.write('ForecastBudgets', rows(3));
    expect(sim.workbook.visibility(BASELINE_SHEET)).toBe('VeryHidden');
    expect(await store.read('Other')).toBeUndefined();
  });

  it('survives closing and reopening the workbook (snapshot, restore in a new session)', async () => {
    await new SheetBaselineStore().write('ForecastBudgets', rows(500));
    await new SheetBaselineStore().write('Scenario_3_Budgets', rows(5, 77));
    const saved = JSON.parse(JSON.stringify(sim.workbook.snapshot())) as ReturnType<typeof sim.workbook.snapshot>;
    sim.uninstall();
    const reopened = installExcelSimulation(globalThis, createSimulatedWorkbook({ sheets: ['Other'] }));
    sim = { workbook: reopened.workbook, uninstall: reopened.uninstall };
    reopened.workbook.restore(saved);
    const store = new SheetBaselineStore();
    expect(await store.read('ForecastBudgets')).toEqual(rows(500));
    expect(await store.read('Scenario_3_Budgets')).toEqual(rows(5, 77));
    expect(reopened.workbook.visibility(BASELINE_SHEET)).toBe('VeryHidden');
  });
});

describe('SheetBaselineStore, patches and refusals', () => {
  it('patch (#30): replaced rows overwritten and new rows inserted in its block; the block below moves down untouched', async () => {
    const store = new SheetBaselineStore();
    const old = rows(6);
    await store.write('Transactions', old);
    await store.write('ForecastBudgets', rows(4, 500));
    const changed = { ...baselineRow(old[2]?.id ?? 0), externalId: 'changed' };
    const patch = {
      replace: [{ at: 2, row: changed }],
      insert: [
        { before: 0, rows: [baselineRow(900), baselineRow(901)] },
        { before: 6, rows: [baselineRow(902)] },
      ],
    };
    await store.patch('Transactions', patch, old.length);
    expect(await store.read('Transactions')).toEqual(patchedBaseline(old, patch));
    expect(await store.read('ForecastBudgets')).toEqual(rows(4, 500));
  });

  it("patch refuses a block that is not the table's as the patch knows it, and writes nothing", async () => {
    const store = new SheetBaselineStore();
    const old = rows(5);
    await store.write('Transactions', old);
    const cells = sim.workbook.values(BASELINE_SHEET);
    const other = { ...baselineRow(777), externalId: null };
    await expect(store.patch('Transactions', { replace: [{ at: 1, row: other }], insert: [] }, old.length)).rejects.toThrow(
      /not the record 777/,
    );
    await expect(store.patch('Transactions', { replace: [], insert: [{ before: 0, rows: [other] }] }, old.length + 1)).rejects.toThrow(
      /not the table's/,
    );
    await expect(store.patch('Missing', { replace: [], insert: [{ before: 0, rows: [other] }] }, 0)).rejects.toThrow(/not the table's/);
    expect(sim.workbook.values(BASELINE_SHEET)).toEqual(cells);
    expect(await store.read('Transactions')).toEqual(old);
  });

  it('refuses credential-like fields', async () => {
    await expect(
      new SheetBaselineStore().write('ForecastBudgets', [{ id: 1, externalId: null, fields: { client_secret: 'x' } }]),
    ).rejects.toThrow(/credentials/);
    expect(sim.workbook.state.sheets.map((s) => s.name)).not.toContain(BASELINE_SHEET);
  });
});

describe('SheetBaselineStore, syncs under the caps and lost ones', () => {
  it('writes a large baseline in several syncs, each under the 5 MB cap, and reads it back under the caps', async () => {
    const store = new SheetBaselineStore();
    const big = rows(40_000).map((r) => ({
      ...r,
      fields: { ...r.fields, description: `${String(r.fields.description)} ${'ä'.repeat(200)}` },
    }));
    sim.workbook.stats.reset();
    await store.write('ForecastBudgets', big);
    const writes = sim.workbook.stats.syncs;
    expect(writes.filter((s) => s.requestBytes > 1024 * 1024).length).toBeGreaterThan(2);
    expect(writes.every((s) => s.requestBytes < WEB_PAYLOAD_LIMIT_BYTES && s.errorCode === undefined)).toBe(true);
    sim.workbook.stats.reset();
    expect(await store.read('ForecastBudgets')).toEqual(big);
    const reads = sim.workbook.stats.syncs;
    expect(reads.filter((s) => s.responseBytes > 1024 * 1024).length).toBeGreaterThan(2);
    expect(reads.every((s) => s.responseBytes < WEB_PAYLOAD_LIMIT_BYTES && s.errorCode === undefined)).toBe(true);
  });

  it('a block refused as too large is halved and sent again', async () => {
    const store = new SheetBaselineStore({ budgetBytes: 20 * 1024 * 1024 });
    // A slice of rows (2,000) is over Excel's 5 MB cap: the store's 20 MB budget lets it try.
    const written = rows(6_000).map((r) => ({ ...r, fields: { ...r.fields, description: 'ü'.repeat(1_500) } }));
    await store.write('ForecastBudgets', written);
    expect(sim.workbook.stats.failedSyncs.map((s) => s.errorCode)).toContain('RequestPayloadSizeLimitExceeded');
    expect(await store.read('ForecastBudgets')).toEqual(written);
  });

  it('a first write on a workbook without the sheet: the lookup, the sheet, then the header, rows and complete mark together', async () => {
    const store = new SheetBaselineStore();
    sim.workbook.stats.reset();
    await store.write('ForecastBudgets', rows(300));
    // Nothing to walk or delete on the sheet just added; the block closes in the sync of its last rows.
    expect(sim.workbook.stats.syncs.filter((s) => s.actionCount > 0)).toHaveLength(3);
    sim.workbook.stats.reset();
    await store.write('Scenario_2_Budgets', rows(40, 500));
    // The lookup, the walk (one header, then the empty row after it), the rows with their header and mark.
    expect(sim.workbook.stats.syncs.filter((s) => s.actionCount > 0)).toHaveLength(4);
    expect(await store.read('ForecastBudgets')).toEqual(rows(300));
    expect(await store.read('Scenario_2_Budgets')).toEqual(rows(40, 500));
  });

  it('sends as many slices in one sync as fit the request budget: a round trip per budget, not per slice', async () => {
    const few = rows(5 * ROWS_PER_TURN);
    sim.workbook.stats.reset();
    await new SheetBaselineStore().write('ForecastBudgets', few);
    // Five slices, ~3 MB together: the lookup, the sheet, then every row with the header and the mark.
    expect(sim.workbook.stats.syncs.filter((s) => s.actionCount > 0)).toHaveLength(3);
    expect(await new SheetBaselineStore().read('ForecastBudgets')).toEqual(few);

    // Ten slices of ~0.6 MB under a 2 MB budget: three a sync.
    const written = rows(10 * ROWS_PER_TURN);
    const budgetBytes = 2_000_000;
    sim.workbook.stats.reset();
    await new SheetBaselineStore({ budgetBytes }).write('ForecastBudgets', written);
    const rowSyncs = sim.workbook.stats.syncs.filter((s) => s.requestBytes > 10_000);
    const rowBytes = rowSyncs.reduce((sum, s) => sum + s.requestBytes, 0);
    // Each sync fills the budget with whole slices; more slices than syncs, every sync under the budget.
    expect(rowSyncs.every((s) => s.requestBytes <= budgetBytes && s.errorCode === undefined)).toBe(true);
    expect(rowSyncs.length).toBeLessThan(10);
    expect(rowSyncs.length).toBeLessThanOrEqual(Math.ceil(rowBytes / (budgetBytes / 2)));
    expect(await new SheetBaselineStore().read('ForecastBudgets')).toEqual(written);
  });

  it('a first block refused as too large and halved still carries the `writing` header', async () => {
    const store = new SheetBaselineStore({ budgetBytes: 20 * 1024 * 1024 });
    const written = rows(3_000).map((r) => ({ ...r, fields: { ...r.fields, description: 'ü'.repeat(1_500) } }));
    // The first sync to go through after a refusal (the first half) lands; the one after it is lost.
    const lost = (): boolean => {
      const syncs = sim.workbook.stats.syncs;
      const refused = syncs.map((s) => s.errorCode !== undefined).lastIndexOf(true);
      return refused >= 0 && syncs.slice(refused + 1).some((s) => s.errorCode === undefined);
    };
    await expect(withLostSync(lost, () => store.write('ForecastBudgets', written))).rejects.toThrow('connection lost');
    expect(sim.workbook.stats.failedSyncs.map((s) => s.errorCode)).toContain('RequestPayloadSizeLimitExceeded');
    const headers = sim.workbook.values(BASELINE_SHEET).filter((row) => row[0] === BASELINE_MARK);
    expect(headers.map((row) => [row[1], row[4]])).toEqual([['ForecastBudgets', 'writing']]);
    expect(await store.read('ForecastBudgets')).toBeUndefined();
  });

  it('a write that fails half-way leaves no baseline for that table (never a stale or partial one), the others intact', async () => {
    const store = new SheetBaselineStore({ budgetBytes: 200_000 });
    await store.write('Scenario_1_Budgets', rows(10, 900));
    await store.write('ForecastBudgets', rows(2000));
    let syncs = 0;
    // Fail the seventh sync of the next write: sheet, three header reads, the delete of the old block, the
    // first rows; then the second block is lost.
    await expect(
      withLostSync(
        () => ++syncs === 7,
        () => store.write('ForecastBudgets', rows(3000, 10_000)),
      ),
    ).rejects.toThrow('connection lost');
    const headers = sim.workbook.values(BASELINE_SHEET).filter((row) => row[0] === BASELINE_MARK);
    expect(headers.map((row) => [row[1], row[4]])).toEqual([
      ['Scenario_1_Budgets', 'complete'],
      ['ForecastBudgets', 'writing'],
    ]);
    expect(await store.read('ForecastBudgets')).toBeUndefined();
    expect(await store.read('Scenario_1_Budgets')).toEqual(rows(10, 900));
    await store.write('ForecastBudgets', rows(4));
    expect(await store.read('ForecastBudgets')).toEqual(rows(4));
    expect(await store.read('Scenario_1_Budgets')).toEqual(rows(10, 900));
  });
});

describe('SheetBaselineStore, giving the thread back (#30)', () => {
  /** A store whose turns are counted (each turn is a real macrotask all the same). */
  function countingStore(): { store: SheetBaselineStore; turns: () => number } {
    let turns = 0;
    const store = new SheetBaselineStore({
      yieldToHost: () => {
        turns += 1;
        return new Promise((resolve) => setTimeout(resolve, 0));
      },
    });
    return { store, turns: () => turns };
  }

  it('builds the block and parses it back a slice of rows per turn, cells and rows as the layout writes them', async () => {
    // A row past the first slice is wider (its fields cut into two parts): the rows before are padded to it.
    const written = rows(4 * ROWS_PER_TURN + 1);
    const wide = 3 * ROWS_PER_TURN;
    written[wide] = { ...(written[wide] as BaselineRow), fields: { ...written[wide]?.fields, description: 'x'.repeat(40_000) } };
    const { store, turns } = countingStore();
    await store.write('ForecastBudgets', written);
    // Five slices of rows: a turn between each two.
    expect(turns()).toBeGreaterThanOrEqual(4);
    const block = baselineBlock('ForecastBudgets', written);
    const sheet = sim.workbook.values(BASELINE_SHEET);
    expect(sheet[0]?.slice(0, block.header.length)).toEqual(block.header.map((cell, i) => (i === 4 ? BLOCK_COMPLETE : cell)));
    expect(sheet.slice(1, written.length + 1).map((row) => row.slice(0, block.width))).toEqual(block.cells);
    const before = turns();
    expect(await store.read('ForecastBudgets')).toEqual(written);
    expect(turns() - before).toBeGreaterThanOrEqual(4);
  });

  it('takes a baseline as slices made as it writes them; one that gives fewer rows than it said leaves no baseline', async () => {
    const written = rows(2 * ROWS_PER_TURN + 3);
    const made: number[] = [];
    const slices = (count: number) => ({
      count,
      *slices() {
        for (let from = 0; from < written.length; from += 1_000) {
          made.push(from);
          yield written.slice(from, from + 1_000);
        }
      },
    });
    const { store } = countingStore();
    await store.write('ForecastBudgets', slices(written.length));
    expect(made).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    expect(await store.read('ForecastBudgets')).toEqual(written);
    await expect(store.write('ForecastBudgets', slices(written.length + 1))).rejects.toThrow(/4003 rows, not 4004/);
    expect(await store.read('ForecastBudgets')).toBeUndefined();
  });

  it('a row that does not parse back, in a later slice, still makes no baseline', async () => {
    const { store } = countingStore();
    await store.write('ForecastBudgets', rows(2 * ROWS_PER_TURN + 10));
    // A row of the second slice loses its fields' JSON.
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem(BASELINE_SHEET).getRangeByIndexes(ROWS_PER_TURN + 5, 2, 1, 1).values = [['|{broken']];
      await context.sync();
    });
    expect(await store.read('ForecastBudgets')).toBeUndefined();
  });
});

describe('SheetBaselineStore, at the same time', () => {
  it('writes of two tables started together (two stores) both land', async () => {
    await Promise.all([
      new SheetBaselineStore().write('ForecastBudgets', rows(400)),
      new SheetBaselineStore().write('Scenario_9_Budgets', rows(300, 2000)),
    ]);
    const store = new SheetBaselineStore();
    expect(await store.read('ForecastBudgets')).toEqual(rows(400));
    expect(await store.read('Scenario_9_Budgets')).toEqual(rows(300, 2000));
  });
});
