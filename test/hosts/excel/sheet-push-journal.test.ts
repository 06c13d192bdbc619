/**
 * The push journal in its very hidden sheet, on the Excel simulation: round trips (text that looks like a formula
 * included), newest first, the cap of 20 entries, replacing an entry in place, a write that fails half-way, big
 * entries under the 5 MB caps, and a reload of the workbook; the summaries read from the header rows alone (a
 * 100,000-row send's parts are never read for them) and columns the previous version wrote (v1, no summary).
 */

import { JOURNAL_MARK, JOURNAL_SHEET, SheetPushJournal } from '../../../src/hosts/excel/sheet-push-journal';
import { DEFAULT_BUDGET_BYTES } from '../../../src/hosts/excel/chunk-plan';
import { createSimulatedWorkbook, installExcelSimulation, WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import { EXCEL_CELL_TEXT_LIMIT } from '../../../src/sync/cell-text-limit';
import { JOURNAL_HEADER_ROWS, JOURNAL_MARK_V1 } from '../../../src/sync/push/journal-sheet-layout';
import { summarizeJournalEntry, type JournalEntry } from '../../../src/sync/push/push-port';
import { v1JournalColumn } from '../../support/journal-v1-column';
import { journalEntry as entry, journalRow } from '../../support/push-state-fixtures';
import { installSim, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

/** Fails the n-th sync of the next Excel.run batches (counted from now). */
function failSync(n: number): () => void {
  let syncs = 0;
  const run = Excel.run;
  (Excel as { run: typeof Excel.run }).run = ((batch: (context: Excel.RequestContext) => Promise<unknown>) =>
    run(async (context: Excel.RequestContext) => {
      const sync = context.sync.bind(context);
      context.sync = (async () => {
        syncs += 1;
        if (syncs === n) throw new Error('connection lost');
        return sync();
      }) as typeof context.sync;
      return batch(context);
    })) as typeof Excel.run;
  return () => {
    (Excel as { run: typeof Excel.run }).run = run;
  };
}

describe('SheetPushJournal', () => {
  it('is empty before the first entry, and gives entries back equal, newest first, in a very hidden sheet', async () => {
    const journal = new SheetPushJournal();
    expect(await journal.list()).toEqual([]);
    await journal.append(entry(1));
    await journal.append(entry(2, 10));
    await journal.append(entry(3, 0));
    expect(await journal.list()).toEqual([entry(3, 0), entry(2, 10), entry(1)]);
    expect(sim.workbook.visibility(JOURNAL_SHEET)).toBe('VeryHidden');
    // Every cell is text: the formula-like text in the entries stayed text.
    expect(
      sim.workbook
        .valueTypes(JOURNAL_SHEET)
        .flat()
        .filter((type) => type !== 'Empty'),
    ).toEqual(
      sim.workbook
        .values(JOURNAL_SHEET)
        .flat()
        .filter((v) => v !== '')
        .map(() => 'String'),
    );
    expect(sim.workbook.formulas(JOURNAL_SHEET)).toEqual(sim.workbook.values(JOURNAL_SHEET));
  });

  it('entry reads one entry alone (its own column, a large one in blocks), undefined for one that is not there', async () => {
    const journal = new SheetPushJournal();
    await journal.append(entry(1, 2000));
    await journal.append(entry(2));
    const before = sim.workbook.stats.syncs.length;
    expect(await journal.entry(entry(2).id)).toEqual(entry(2));
    // The other entry's 2,000 rows were not read to give this one.
    const read = sim.workbook.stats.syncs.slice(before).reduce((sum, s) => sum + s.responseBytes, 0);
    expect(read).toBeLessThan(JSON.stringify(entry(1, 2000)).length / 10);
    expect(await journal.entry('no-such-send')).toBeUndefined();

    const small = new SheetPushJournal({ readBudgetBytes: 50_000 });
    const start = sim.workbook.stats.syncs.length;
    expect(await small.entry(entry(1).id)).toEqual(entry(1, 2000));
    const syncs = sim.workbook.stats.syncs.slice(start);
    expect(syncs.length).toBeGreaterThan(3);
    expect(Math.max(...syncs.map((s) => s.responseBytes))).toBeLessThan(120_000);
  });

  it('keeps the newest 20 entries', async () => {
    const journal = new SheetPushJournal();
    for (let n = 1; n <= 23; n += 1) await journal.append(entry(n));
    const listed = await journal.list();
    expect(listed.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => entry(23 - i).id));
    // The dropped entries' columns are gone, not just hidden: 20 columns, packed from A.
    expect(sim.workbook.values(JOURNAL_SHEET)[0]?.filter((cell) => cell === JOURNAL_MARK)).toHaveLength(20);
    expect(sim.workbook.values(JOURNAL_SHEET)[0]?.[19]).toBe(JOURNAL_MARK);
  });

  it('replace marks an entry undone without moving it; an entry not there is not added', async () => {
    const journal = new SheetPushJournal();
    await journal.append(entry(1));
    await journal.append(entry(2));
    await journal.append(entry(3));
    const undone = { ...entry(2, 40), undoneBy: entry(4).id };
    await journal.replace(undone);
    await journal.replace({ ...entry(9), undoneBy: 'x' });
    expect(await journal.list()).toEqual([entry(3), undone, entry(1)]);
    await journal.append({ ...entry(4), undoes: entry(2).id });
    expect((await journal.list()).map((e) => e.id)).toEqual([entry(4).id, entry(3).id, entry(2).id, entry(1).id]);
  });

  it('an entry edited in the workbook into something that is not an entry reads as absent; the others stay', async () => {
    const journal = new SheetPushJournal();
    await journal.append(entry(1));
    await journal.append(entry(2));
    // Someone the workbook was shared with edits the newest entry's JSON (column A holds the newest: appended last,
    // the columns are packed in writing order, so find it by its id).
    const ids = sim.workbook.values(JOURNAL_SHEET)[1] ?? [];
    const column = ids.indexOf(entry(2).id);
    const tampered: Record<string, (json: string) => string> = {
      'an unknown operation': (json) => json.replace('"op":"patch"', '"op":"drop-table"'),
      'an id that is text': (json) => json.replace(`"id":${entry(2).rows[0]?.id}`, '"id":"all"'),
      'rows that are not a list': (json) => json.replace('"rows":[', '"rows":{"x":[').replace(/\]\}$/, ']}}'),
    };
    for (const [what, edit] of Object.entries(tampered)) {
      const cell = String(sim.workbook.values(JOURNAL_SHEET)[JOURNAL_HEADER_ROWS]?.[column] ?? '');
      await Excel.run(async (context) => {
        context.workbook.worksheets.getItem(JOURNAL_SHEET).getRangeByIndexes(JOURNAL_HEADER_ROWS, column, 1, 1).values = [[edit(cell)]];
        await context.sync();
      });
      expect([what, await journal.list()]).toEqual([what, [entry(1)]]);
      await Excel.run(async (context) => {
        context.workbook.worksheets.getItem(JOURNAL_SHEET).getRangeByIndexes(JOURNAL_HEADER_ROWS, column, 1, 1).values = [[cell]];
        await context.sync();
      });
      expect(await journal.list()).toEqual([entry(2), entry(1)]);
    }
  });

  it('an entry whose write failed half-way reads as absent; the next write clears it', async () => {
    const journal = new SheetPushJournal({ budgetBytes: 64 * 1024 });
    await journal.append(entry(1));
    // Sheet lookup, header walk, then the first block (header and first parts); the second block's sync fails.
    const restore = failSync(4);
    try {
      await expect(journal.append(entry(2, 2000))).rejects.toThrow('connection lost');
    } finally {
      restore();
    }
    const states = sim.workbook.values(JOURNAL_SHEET)[4]?.slice(0, 2);
    expect(states).toEqual(['complete', 'writing']);
    expect(await journal.list()).toEqual([entry(1)]);
    await journal.append(entry(3));
    expect(await journal.list()).toEqual([entry(3), entry(1)]);
    expect(sim.workbook.values(JOURNAL_SHEET)[0]?.filter((cell) => cell === JOURNAL_MARK)).toHaveLength(2);
  });

  it('a replace that fails half-way keeps the entry as it was', async () => {
    const journal = new SheetPushJournal({ budgetBytes: 64 * 1024 });
    await journal.append(entry(1, 10));
    const restore = failSync(4);
    try {
      await expect(journal.replace({ ...entry(1, 2000), undoneBy: 'u' })).rejects.toThrow('connection lost');
    } finally {
      restore();
    }
    expect(await journal.list()).toEqual([entry(1, 10)]);
  });

  it('writes and reads big entries in syncs under the 5 MB caps', async () => {
    const journal = new SheetPushJournal();
    const big = (n: number): JournalEntry => ({ ...entry(n, 20_000), tableName: `Scenario_${n}_Budgets` });
    sim.workbook.stats.reset();
    await journal.append(big(1));
    await journal.append(big(2));
    await journal.append(entry(3));
    const writes = sim.workbook.stats.syncs;
    expect(writes.filter((s) => s.requestBytes > 1024 * 1024).length).toBeGreaterThan(2);
    expect(writes.every((s) => s.requestBytes < WEB_PAYLOAD_LIMIT_BYTES && s.errorCode === undefined)).toBe(true);
    sim.workbook.stats.reset();
    expect(await journal.list()).toEqual([entry(3), big(2), big(1)]);
    const reads = sim.workbook.stats.syncs;
    expect(reads.filter((s) => s.responseBytes > 1024 * 1024).length).toBeGreaterThan(2);
    expect(reads.every((s) => s.responseBytes < WEB_PAYLOAD_LIMIT_BYTES && s.errorCode === undefined)).toBe(true);
  });

  it('reads small entries together: a list of 20 takes a handful of syncs', async () => {
    const journal = new SheetPushJournal();
    for (let n = 1; n <= 20; n += 1) await journal.append(entry(n, 50));
    sim.workbook.stats.reset();
    expect(await journal.list()).toHaveLength(20);
    expect(sim.workbook.stats.syncs.filter((s) => s.actionCount > 0).length).toBeLessThanOrEqual(4);
  });

  it('survives closing and reopening the workbook', async () => {
    const journal = new SheetPushJournal();
    await journal.append(entry(1));
    await journal.append(entry(2));
    const saved = JSON.parse(JSON.stringify(sim.workbook.snapshot())) as ReturnType<typeof sim.workbook.snapshot>;
    sim.uninstall();
    const reopened = installExcelSimulation(globalThis, createSimulatedWorkbook({ sheets: ['Other'] }));
    sim = { workbook: reopened.workbook, uninstall: reopened.uninstall };
    reopened.workbook.restore(saved);
    const again = new SheetPushJournal();
    expect(await again.list()).toEqual([entry(2), entry(1)]);
    await again.append(entry(3));
    expect((await again.list()).map((e) => e.id)).toEqual([entry(3).id, entry(2).id, entry(1).id]);
    expect(reopened.workbook.visibility(JOURNAL_SHEET)).toBe('VeryHidden');
  });

  it('refuses credential-like keys before touching the workbook', async () => {
    const bad = { ...entry(1), rows: [{ ...journalRow(1), sent: { access_token: 'x' } }] };
    await expect(new SheetPushJournal().append(bad)).rejects.toThrow(/credentials/);
    expect(sim.workbook.sheetNames()).not.toContain(JOURNAL_SHEET);
  });
});

/** Response bytes of the syncs since `from` (an index into the simulation's sync records). */
function readSince(from: number): number {
  return sim.workbook.stats.syncs.slice(from).reduce((sum, s) => sum + s.responseBytes, 0);
}

/** Writes columns as the previous version did (cells top to bottom, from column A), in a very hidden sheet. */
async function writeV1Columns(columns: readonly string[][]): Promise<void> {
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.add(JOURNAL_SHEET);
    sheet.visibility = Excel.SheetVisibility.veryHidden;
    for (const [c, cells] of columns.entries()) {
      const range = sheet.getRangeByIndexes(0, c, cells.length, 1);
      range.numberFormat = cells.map(() => ['@']);
      range.values = cells.map((cell) => [cell]);
    }
    await context.sync();
  });
}

describe('SheetPushJournal summaries', () => {
  it('a 100,000-row budget push: its entry fits the sheet, reads back equal in blocks; summaries read only the headers', async () => {
    const journal = new SheetPushJournal();
    const big: JournalEntry = { ...entry(2, 100_000), undoes: entry(1).id };
    await journal.append(entry(1));
    await journal.append(big);
    await journal.replace({ ...entry(1), undoneBy: big.id });

    // The sheet's limits: the parts of one column under 1,048,576 rows, every cell under 32,767 characters.
    const column = (sim.workbook.values(JOURNAL_SHEET)[1] ?? []).indexOf(big.id);
    const parts = Number(sim.workbook.values(JOURNAL_SHEET)[3]?.[column]);
    expect(JSON.stringify(big).length).toBeGreaterThan(20_000_000);
    expect(parts).toBeGreaterThan(600);
    expect(JOURNAL_HEADER_ROWS + parts).toBeLessThan(1_048_576);
    const cells = sim.workbook.values(JOURNAL_SHEET).flat();
    expect(Math.max(...cells.map((cell) => String(cell).length))).toBeLessThanOrEqual(EXCEL_CELL_TEXT_LIMIT);

    sim.workbook.stats.reset();
    expect(await journal.summaries()).toEqual([summarizeJournalEntry(big), summarizeJournalEntry({ ...entry(1), undoneBy: big.id })]);
    expect(await journal.summaries()).toEqual([
      {
        id: big.id,
        at: big.at,
        tableName: 'ForecastBudgets',
        rows: 100_000,
        landed: 80_000,
        notLanded: 20_000,
        unconfirmed: 0,
        undoes: entry(1).id,
      },
      expect.objectContaining({ id: entry(1).id, rows: 3, undoneBy: big.id }),
    ]);
    // Two summaries, each one sheet lookup and one sync of the header rows: no part cell (32,000 characters) read.
    expect(sim.workbook.stats.syncs.filter((s) => s.actionCount > 0)).toHaveLength(4);
    expect(readSince(0)).toBeLessThan(10_000);

    sim.workbook.stats.reset();
    expect(await journal.entry(big.id)).toEqual(big);
    const reads = sim.workbook.stats.syncs;
    // In blocks of about the read budget (4 MB), each response under Excel on the web's 5 MB cap.
    expect(reads.filter((s) => s.responseBytes > DEFAULT_BUDGET_BYTES / 2).length).toBeGreaterThan(5);
    expect(reads.every((s) => s.responseBytes < WEB_PAYLOAD_LIMIT_BYTES && s.errorCode === undefined)).toBe(true);
  });

  it('columns the previous version wrote (v1) are listed, read whole once for their summary, undone, dropped and cleaned up', async () => {
    await writeV1Columns([v1JournalColumn(entry(1), 1), v1JournalColumn(entry(2, 2000), 2), v1JournalColumn(entry(3), 3)]);
    const journal = new SheetPushJournal({ keep: 4 });
    expect(await journal.list()).toEqual([entry(3), entry(2, 2000), entry(1)]);
    expect(await journal.entry(entry(2).id)).toEqual(entry(2, 2000));
    let from = sim.workbook.stats.syncs.length;
    expect(await journal.summaries()).toEqual([entry(3), entry(2, 2000), entry(1)].map(summarizeJournalEntry));
    expect(readSince(from)).toBeGreaterThan(JSON.stringify(entry(2, 2000)).length);
    // Read whole once: the next check reads the header rows (with a v1 column's first part, in the seventh row).
    from = sim.workbook.stats.syncs.length;
    expect((await journal.summaries()).map((s) => s.id)).toEqual([3, 2, 1].map((n) => entry(n).id));
    expect(readSince(from)).toBeLessThan(50_000);

    // Marking a v1 entry undone writes it anew, as v2 with its summary; it keeps its place.
    const undone = { ...entry(2, 2000), undoneBy: 'the-undo' };
    await journal.replace(undone);
    expect(await journal.list()).toEqual([entry(3), undone, entry(1)]);
    expect((await journal.summaries())[1]).toEqual(summarizeJournalEntry(undone));
    expect(sim.workbook.values(JOURNAL_SHEET)[0]?.filter((cell) => cell === JOURNAL_MARK_V1)).toHaveLength(2);

    // A v1 column left "writing" reads as absent and the next write deletes it; the oldest beyond 4 are dropped.
    await Excel.run(async (context) => {
      const column = (sim.workbook.values(JOURNAL_SHEET)[1] ?? []).indexOf(entry(3).id);
      context.workbook.worksheets.getItem(JOURNAL_SHEET).getRangeByIndexes(4, column, 1, 1).values = [['writing']];
      await context.sync();
    });
    expect((await journal.summaries()).map((s) => s.id)).toEqual([entry(2).id, entry(1).id]);
    for (const n of [4, 5, 6]) await journal.append(entry(n));
    expect((await journal.summaries()).map((s) => s.id)).toEqual([6, 5, 4, 2].map((n) => entry(n).id));
    expect(sim.workbook.values(JOURNAL_SHEET)[0]?.filter((cell) => cell === JOURNAL_MARK)).toHaveLength(4);
    expect(sim.workbook.values(JOURNAL_SHEET)[0]?.[4] ?? '').toBe('');
  });

  it('a summary cell that is not one: that entry is read whole for it', async () => {
    const journal = new SheetPushJournal();
    await journal.append(entry(1));
    await journal.append(entry(2));
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem(JOURNAL_SHEET).getRangeByIndexes(JOURNAL_HEADER_ROWS - 1, 0, 1, 1).values = [
        ['{"landed":"all"}'],
      ];
      await context.sync();
    });
    expect(await journal.summaries()).toEqual([entry(2), entry(1)].map(summarizeJournalEntry));
  });
});
