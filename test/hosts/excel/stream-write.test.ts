/**
 * Writing rows that arrive in batches (a pull's pages): the table ends up exactly as from the same rows given at
 * once; blocks go out before the last batch has arrived; user columns follow their records across batches; and
 * a source that fails, sends a value that does not fit, or is cancelled while the write waits for it leaves the
 * previous table as it was (or no table at all on a first write), with the source told to stop.
 */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import type { CoreRow, CoreValue, HandedRow, RowBatches } from '../../../src/sync/workbook-port';
import { asUser, ids, installSim, sheetSnapshot, TRANSACTIONS, transactions, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

const smallBlocks = new ExcelWorkbookPort({ budgetBytes: 12_000 });

interface Source extends RowBatches {
  /** Batches handed out so far. */
  given: number;
  closed: boolean;
  /** Settles when the writer asks for batch `gateAt` (every batch before it has been handed out). */
  atGate: Promise<void>;
}

function handOver(row: CoreRow): HandedRow {
  return isArrayRow(row) ? [...row] : { ...row };
}

function isArrayRow(row: CoreRow): row is readonly CoreValue[] {
  return Array.isArray(row);
}

/**
 * Batches of `size` rows; `failAt`: the batch index that throws instead; `gate`: awaited before batch `gateAt`. The rows
 * are handed over as copies (the host may convert them in place), so `rows` can be written again for comparison.
 */
function batches(
  rows: readonly CoreRow[],
  size: number,
  options: { failAt?: number; error?: Error; gateAt?: number; gate?: Promise<void> } = {},
): Source {
  let reachGate: () => void = () => undefined;
  const source: Source = {
    given: 0,
    closed: false,
    atGate: new Promise<void>((resolve) => (reachGate = resolve)),
    [Symbol.asyncIterator]() {
      let index = 0;
      return {
        async next(): Promise<IteratorResult<readonly HandedRow[]>> {
          if (index === options.gateAt) {
            reachGate();
            await options.gate;
          }
          if (index === options.failAt) throw options.error ?? new Error('Injected source failure');
          const batch = rows.slice(index * size, (index + 1) * size).map(handOver);
          index += 1;
          if (batch.length === 0) return { done: true, value: undefined };
          source.given += 1;
          await new Promise((resolve) => setTimeout(resolve, 0));
          return { done: false, value: batch };
        },
        async return(): Promise<IteratorResult<readonly HandedRow[]>> {
          source.closed = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  return source;
}

const state = (): unknown => sheetSnapshot(sim);

async function oldTable(rows: number): Promise<void> {
  await new ExcelWorkbookPort().writeTable(TRANSACTIONS, transactions(ids(1, rows)));
  await asUser(sim, async (context) => {
    const table = context.workbook.tables.getItem('Transactions');
    table.columns.add(undefined, [['Note'], ...ids(1, rows).map((i) => [`note ${i}`])]);
    await context.sync();
  });
}

describe('batches', () => {
  it('give the same table as the rows at once, created and refreshed', async () => {
    const first = transactions(ids(1, 300));
    const second = transactions(ids(100, 450)).reverse();
    await smallBlocks.writeTable(TRANSACTIONS, first);
    await smallBlocks.writeTable(TRANSACTIONS, second);
    const atOnce = state();
    sim.uninstall();
    sim = installSim();
    const created = await smallBlocks.writeTable(TRANSACTIONS, batches(first, 70));
    expect(created).toMatchObject({ created: true, rowsWritten: 300, address: 'Data!A1:F301' });
    const refreshed = await smallBlocks.writeTable(TRANSACTIONS, batches(second, 33));
    expect(refreshed).toMatchObject({ created: false, rowsWritten: 450, address: 'Data!A1:F451' });
    expect(state()).toEqual(atOnce);
  });

  it('are written block by block before the last batch has arrived', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const progress: number[] = [];
    const source = batches(transactions(ids(1, 400)), 50, { gateAt: 7, gate });
    const write = smallBlocks.writeTable(TRANSACTIONS, source, { onProgress: (written) => progress.push(written) });
    await source.atGate;
    // Seven batches (350 rows) are in; the blocks they fill are already in the workbook.
    expect(source.given).toBe(7);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toBeLessThan(350);
    release();
    await expect(write).resolves.toMatchObject({ rowsWritten: 400 });
    expect(progress[progress.length - 1]).toBe(400);
  });

  it('keep user columns on their records across batches', async () => {
    await oldTable(200);
    await smallBlocks.writeTable(TRANSACTIONS, batches(transactions([...ids(150, 100).reverse(), ...ids(1, 20)]), 17));
    const values = sim.workbook.values('Data');
    expect(values[0]?.[6]).toBe('Note');
    for (const row of values.slice(1)) {
      const id = row[0] as number;
      expect([id, row[6]]).toEqual([id, id <= 200 ? `note ${id}` : '']);
    }
    expect(values).toHaveLength(121);
  });

  it('that are empty give a table with one blank row', async () => {
    await oldTable(30);
    const result = await smallBlocks.writeTable(TRANSACTIONS, batches([], 10));
    expect(result).toMatchObject({ rowsWritten: 0, address: 'Data!A1:G2' });
  });

  it('on a first write, need the cells below the anchor empty: their number is not known yet', async () => {
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem('Data').getRange('C5000').values = [['a note of the user']];
      await context.sync();
    });
    const source = batches(transactions(ids(1, 10)), 5);
    await expect(smallBlocks.writeTable(TRANSACTIONS, source)).rejects.toMatchObject({ name: 'TableLayoutError' });
    expect(sim.workbook.tables()).toEqual([]);
    expect(sim.workbook.values('Data')).toEqual([['a note of the user']]);
    // The same rows given at once need only their own area.
    await smallBlocks.writeTable(TRANSACTIONS, transactions(ids(1, 10)));
    expect(sim.workbook.tables().map((t) => t.name)).toEqual(['Transactions']);
  });
});

describe('a source that fails', () => {
  it('after blocks were written: the old table comes back, user column included', async () => {
    await oldTable(120);
    const before = state();
    const progress: number[] = [];
    const source = batches(transactions(ids(60, 300)).reverse(), 40, { failAt: 5 });
    await expect(smallBlocks.writeTable(TRANSACTIONS, source, { onProgress: (w) => progress.push(w) })).rejects.toThrow(
      'Injected source failure',
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(state()).toEqual(before);
    expect(sim.workbook.state.calculationMode).toBe('Automatic');
  });

  it('on a first write: no table and no sheet are left behind', async () => {
    sim.uninstall();
    sim = installSim({ sheets: ['Summary'] });
    const source = batches(transactions(ids(1, 300)), 40, { failAt: 4 });
    await expect(smallBlocks.writeTable(TRANSACTIONS, source)).rejects.toThrow('Injected source failure');
    expect(sim.workbook.tables()).toEqual([]);
    expect(sim.workbook.sheetNames()).toEqual(['Summary']);
  });

  it('with a value that does not fit its column in a later batch: the old table comes back', async () => {
    await oldTable(120);
    const before = state();
    const rows: CoreRow[] = transactions(ids(1, 300));
    rows[250] = { ...transactions([251])[0], value_date: 'not a date' };
    const source = batches(rows, 40);
    await expect(smallBlocks.writeTable(TRANSACTIONS, source)).rejects.toThrow();
    expect(state()).toEqual(before);
    expect(source.closed).toBe(true);
  });
});

describe('cancel', () => {
  it('while the write waits for the next batch: old table back, source closed', async () => {
    await oldTable(120);
    const before = state();
    const controller = new AbortController();
    const never = new Promise<void>(() => undefined);
    const source = batches(transactions(ids(1, 400)), 50, { gateAt: 6, gate: never });
    const write = smallBlocks.writeTable(TRANSACTIONS, source, { signal: controller.signal });
    await source.atGate;
    expect(source.given).toBe(6);
    controller.abort();
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    expect(state()).toEqual(before);
    expect(source.closed).toBe(true);
  });
});
