/**
 * The push's Excel side on the simulation, over tables the pull's real writer made: reading rows with their
 * positions and problems, putting outcomes back (values, status column, highlight and input fills) on rows found
 * after the user moved them, appending and removing rows, and a 100k-row read in a bounded number of syncs.
 */

import { ExcelPushSheet } from '../../../src/hosts/excel/excel-push-sheet';
import { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT, markInputColumns } from '../../../src/hosts/excel/input-style';
import { STATUS_HEADER } from '../../../src/hosts/excel/push-table-layout';
import { ROWS_PER_TURN } from '../../../src/hosts/excel/yield-to-host';
import { WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import { rowToFields } from '../../../src/sync/tables';
import { dateToSerial } from '../../../src/sync/excel-serial-date';
import type { RowUpdate } from '../../../src/sync/push/push-port';
import { adoptRows } from '../../../src/sync/push';
import {
  BODY_ROW,
  budget,
  budgets,
  cellOf,
  col,
  fills,
  fontColor,
  MODEL,
  reorderRows,
  SHEET,
  typeInto,
  writeBudgets,
  type BudgetCells,
} from './budget-sheet';
import { asUser, ids, installSim, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(() => {
  sim = installSim();
});
afterEach(() => sim.uninstall());

/** The SheetRow fields the push expects for a row: the editable fields, without the id. */
function fieldsOf(row: BudgetCells): Record<string, unknown> {
  const { id: _id, ...fields } = rowToFields(
    MODEL,
    MODEL.columns.map((c) => row[c.key] ?? null),
  );
  return fields;
}

const clean = (position: number, id: number | null, externalId: string | null, status = 'Landed'): RowUpdate => ({
  position,
  id,
  externalId,
  status,
  highlight: [],
});

async function headers(): Promise<string[]> {
  return asUser(sim, async (context) => {
    const columns = context.workbook.tables.getItem(MODEL.tableName).columns.load('items/name');
    await context.sync();
    return columns.items.map((c) => c.name);
  });
}

describe('ExcelPushSheet.read', () => {
  it('reads each row as id, external ID, the editable fields and its position', async () => {
    const rows = budgets([1, 2, 3, 4, 5]);
    await writeBudgets(rows);
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.problems).toEqual([]);
    expect(read.hasStatusColumn).toBe(false);
    expect(read.rows).toEqual(rows.map((row, position) => ({ id: row.id, externalId: row.external_id, fields: fieldsOf(row), position })));
    // Core values by type: dates as text, amounts and rates as numbers, booleans, lists from their cell text.
    expect(read.rows[1]?.fields).toMatchObject({
      settlement_date: '2026-03-01',
      amount: 2.75 - 50,
      rate: 0.0125,
      is_indefinite: false,
      tags: ['office', 'fixed'],
      category: 102,
    });
    expect(read.rows[1]?.fields).not.toHaveProperty('id');
  });

  it('leaves out empty rows but keeps the real positions; a row the user added has no id', async () => {
    await writeBudgets(budgets([1, 2, 3, 4]));
    await asUser(sim, async (context) => {
      context.workbook.worksheets.getItem(SHEET).getRangeByIndexes(BODY_ROW + 1, 0, 1, MODEL.columns.length).values = [
        MODEL.columns.map(() => ''),
      ];
      await context.sync();
    });
    await typeInto(sim, 3, 'id', '');
    await typeInto(sim, 3, 'external_id', '');
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.rows.map((r) => [r.position, r.id, r.externalId])).toEqual([
      [0, 1, 'ext-1'],
      [2, 3, 'ext-3'],
      [3, null, null],
    ]);
  });

  it('follows the rows after the user sorted the table', async () => {
    await writeBudgets(budgets([1, 2, 3, 4]));
    await reorderRows(sim, [3, 1, 0, 2]);
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.rows.map((r) => [r.position, r.id])).toEqual([
      [0, 4],
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
    expect(read.rows[0]?.fields).toEqual(fieldsOf(budget(4)));
  });

  it('reports a cell that does not fit its column, keeping its text; a number typed as external ID becomes text', async () => {
    await writeBudgets(budgets([1, 2, 3]));
    await typeInto(sim, 1, 'amount', 'about 12');
    await typeInto(sim, 2, 'settlement_date', 'someday');
    await typeInto(sim, 0, 'external_id', 12345);
    await typeInto(sim, 0, 'is_indefinite', 'TRUE');
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.problems).toEqual([
      { row: 1, header: 'Amount', message: expect.stringContaining('not a number') as unknown as string },
      { row: 2, header: 'Settlement date', message: expect.stringContaining('someday') as unknown as string },
    ]);
    expect(read.rows[1]?.fields.amount).toBe('about 12');
    expect(read.rows[2]?.fields.settlement_date).toBe('someday');
    expect(read.rows[0]?.externalId).toBe('12345');
    expect(read.rows[0]?.fields.is_indefinite).toBe(true);
  });

  it('matches headers case-insensitively and ignores user columns and the status column', async () => {
    await writeBudgets(budgets([1, 2]));
    await asUser(sim, async (context) => {
      const table = context.workbook.tables.getItem(MODEL.tableName);
      table.columns.add(undefined, undefined, 'My notes');
      table.columns.getItem('Amount').name = 'AMOUNT';
      await context.sync();
      context.workbook.worksheets.getItem(SHEET).getRangeByIndexes(BODY_ROW, MODEL.columns.length, 1, 1).values = [['=1+1']];
      await context.sync();
    });
    await new ExcelPushSheet().update(MODEL, [clean(0, 1, 'ext-1')]);
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.hasStatusColumn).toBe(true);
    expect(read.rows.map((r) => r.fields)).toEqual([fieldsOf(budget(1)), fieldsOf(budget(2))]);
  });

  it('refuses a table that lost one of the model columns, and a missing table', async () => {
    await writeBudgets(budgets([1]));
    await asUser(sim, async (context) => {
      context.workbook.tables.getItem(MODEL.tableName).columns.getItem('Tags').delete();
      await context.sync();
    });
    await expect(new ExcelPushSheet().read(MODEL)).rejects.toThrow(/no column "Tags"/);
    await expect(new ExcelPushSheet().read({ ...MODEL, tableName: 'Nope' })).rejects.toThrow(/No table named Nope/);
  });

  it('reads 100,000 rows in a bounded number of syncs, each under the response cap', async () => {
    await writeBudgets(budgets(ids(1, 100_000)));
    sim.workbook.stats.reset();
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.rows).toHaveLength(100_000);
    expect(read.rows[99_999]).toEqual({ id: 100_000, externalId: null, fields: fieldsOf(budget(100_000)), position: 99_999 });
    const syncs = sim.workbook.stats.syncs.filter((s) => s.actionCount > 0);
    expect(syncs.every((s) => s.responseBytes < WEB_PAYLOAD_LIMIT_BYTES && s.errorCode === undefined)).toBe(true);
    // About 20 MB of values at 4 MB a sync, and the two syncs that find the table: no sync per row or per column.
    expect(syncs.length).toBeLessThanOrEqual(10);
  }, 120_000);

  it('takes the rows read a slice per turn, giving the thread back between slices (#30)', async () => {
    const count = 3 * ROWS_PER_TURN + 1;
    await writeBudgets(budgets(ids(1, count)));
    let turns = 0;
    const sheet = new ExcelPushSheet(
      {},
      {
        yieldToHost: () => {
          turns += 1;
          return new Promise((resolve) => setTimeout(resolve, 0));
        },
      },
    );
    sim.workbook.stats.reset();
    const read = await sheet.read(MODEL);
    // At most ROWS_PER_TURN rows between two turns of the thread: one of these, or the sync reading the next block.
    const blocks = sim.workbook.stats.syncs.filter((s) => s.responseBytes > 2_000).length;
    expect(turns).toBeGreaterThan(0);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(count / ROWS_PER_TURN) - blocks);
    expect(read).toEqual(await new ExcelPushSheet().read(MODEL));
    expect(read.rows).toHaveLength(count);
    const last = budget(count);
    expect(read.rows[count - 1]).toEqual({ id: count, externalId: last.external_id, fields: fieldsOf(last), position: count - 1 });
  }, 60_000);
});

describe('ExcelPushSheet.update', () => {
  it('sets values as the pull writes them, the status in a text column added once, and the fills', async () => {
    await writeBudgets(budgets([1, 2, 3]));
    const sheet = new ExcelPushSheet();
    const result = await sheet.update(MODEL, [
      {
        position: 1,
        id: 2,
        externalId: 'ext-2',
        values: { amount: 99.999, settlement_date: '2026-07-15', name: 'Renamed' },
        status: 'Landed',
        highlight: [],
      },
      { position: 2, id: 3, externalId: 'ext-3', status: '-Conflict: the service changed Amount', highlight: ['amount', 'name'] },
    ]);
    expect(result).toEqual({ applied: 2, missing: [] });
    expect(await headers()).toEqual([...MODEL.columns.map((c) => c.header), STATUS_HEADER]);
    expect(cellOf(sim, 1, 'amount')).toMatchObject({ result: { kind: 'Double', value: 100 }, format: '#,##0.00' });
    expect(cellOf(sim, 1, 'settlement_date')).toMatchObject({
      result: { kind: 'Double', value: dateToSerial('2026-07-15') },
      format: 'yyyy-mm-dd',
    });
    expect(cellOf(sim, 1, 'name').result).toMatchObject({ kind: 'String', value: 'Renamed' });
    // Cells not named in `values` are left as they were.
    expect(cellOf(sim, 1, 'description').result).toMatchObject({ kind: 'String', value: 'Line 2, Büro' });
    const status = MODEL.columns.length;
    expect(
      sim.workbook
        .values(SHEET)
        .slice(1, 4)
        .map((row) => row[status]),
    ).toEqual(['', 'Landed', '-Conflict: the service changed Amount']);
    expect(sim.workbook.valueTypes(SHEET)[3]?.[status]).toBe('String');
    expect(sim.workbook.numberFormats(SHEET)[1]?.[status]).toBe('@');

    // Highlighted cells amber; the row's other editable cells and every editable cell elsewhere in the input style;
    // read-only cells untouched.
    expect(
      await fills(sim, [
        [2, 'amount'],
        [2, 'name'],
        [2, 'category_id'],
        [2, 'tags'],
        [1, 'amount'],
        [0, 'amount'],
        [2, 'category_path'],
        [2, 'id'],
      ]),
    ).toEqual([CHANGED_FILL, CHANGED_FILL, INPUT_FILL, INPUT_FILL, INPUT_FILL, INPUT_FILL, '#FFFFFF', '#FFFFFF']);
    expect(await fontColor(sim, 2, 'amount')).toBe(CHANGED_FONT);
    expect(await fontColor(sim, 2, 'category_id')).toBe(INPUT_FONT);

    // The next outcome clears the highlight (fill and font); the status column is not added again.
    await sheet.update(MODEL, [clean(2, 3, 'ext-3')]);
    expect(await headers()).toEqual([...MODEL.columns.map((c) => c.header), STATUS_HEADER]);
    expect(
      await fills(sim, [
        [2, 'amount'],
        [2, 'name'],
      ]),
    ).toEqual([INPUT_FILL, INPUT_FILL]);
    expect(await fontColor(sim, 2, 'amount')).toBe(INPUT_FONT);
    expect((await sheet.read(MODEL)).hasStatusColumn).toBe(true);
  });

  it('finds rows the user moved, by id or by external ID, and reports rows it cannot find', async () => {
    const rows = [
      budget(1),
      budget(2),
      budget(3),
      budget(4, { id: null, external_id: 'new-4' }),
      budget(6, { id: null, external_id: null }),
    ];
    await writeBudgets(rows);
    await reorderRows(sim, [4, 3, 2, 1, 0]);
    // Now: 0 = no ids, 1 = new-4, 2 = id 3, 3 = id 2, 4 = id 1.
    const result = await new ExcelPushSheet().update(MODEL, [
      { position: 0, id: 1, externalId: 'ext-1', status: 'one', highlight: ['amount'] },
      { position: 3, id: null, externalId: 'new-4', values: { id: 501 }, status: 'created', highlight: [] },
      { position: 4, id: null, externalId: null, status: 'moved away', highlight: [] },
      { position: 2, id: 77, externalId: 'ext-77', status: 'gone', highlight: [] },
      { position: 2, id: 3, externalId: 'ext-3', status: 'three', highlight: [] },
    ]);
    expect(result).toEqual({
      applied: 3,
      missing: [
        { position: 4, id: null, externalId: null },
        { position: 2, id: 77, externalId: 'ext-77' },
      ],
    });
    const status = MODEL.columns.length;
    expect(
      sim.workbook
        .values(SHEET)
        .slice(1, 6)
        .map((row) => [row[0], row[status]]),
    ).toEqual([
      ['', ''],
      [501, 'created'],
      [3, 'three'],
      [2, ''],
      [1, 'one'],
    ]);
    expect(
      await fills(sim, [
        [4, 'amount'],
        [0, 'amount'],
      ]),
    ).toEqual([CHANGED_FILL, INPUT_FILL]);
  });

  it('keeps text that looks like a formula as text, in values and status', async () => {
    await writeBudgets(budgets([1]));
    await new ExcelPushSheet().update(MODEL, [
      {
        position: 0,
        id: 1,
        externalId: 'ext-1',
        values: { name: '=HYPERLINK("http://evil.example","x")', description: '+1', tags: '@SUM(A1)' },
        status: '=1+1',
        highlight: [],
      },
    ]);
    const row = sim.workbook.values(SHEET)[1] ?? [];
    expect([row[col('name')], row[col('description')], row[col('tags')], row[MODEL.columns.length]]).toEqual([
      '=HYPERLINK("http://evil.example","x")',
      '+1',
      '@SUM(A1)',
      '=1+1',
    ]);
    const types = sim.workbook.valueTypes(SHEET)[1] ?? [];
    expect([types[col('name')], types[col('description')], types[col('tags')], types[MODEL.columns.length]]).toEqual([
      'String',
      'String',
      'String',
      'String',
    ]);
    expect((await new ExcelPushSheet().read(MODEL)).rows[0]?.fields.name).toBe('=HYPERLINK("http://evil.example","x")');
  });

  it('refuses a value that does not fit its column before touching the workbook', async () => {
    await writeBudgets(budgets([1]));
    await expect(new ExcelPushSheet().update(MODEL, [{ ...clean(0, 1, 'ext-1'), values: { settlement_date: 'soon' } }])).rejects.toThrow(
      /settlement_date/,
    );
    await expect(new ExcelPushSheet().update(MODEL, [{ ...clean(0, 1, 'ext-1'), highlight: ['nope'] }])).rejects.toThrow(/no column nope/);
    expect(await headers()).not.toContain(STATUS_HEADER);
  });

  it('a pull refresh keeps the status column as a user column, its cells following their rows', async () => {
    await writeBudgets(budgets([1, 2, 3]));
    await new ExcelPushSheet().update(MODEL, [clean(0, 1, 'ext-1', 'first'), clean(2, 3, 'ext-3', '=third')]);
    await writeBudgets(budgets([3, 2, 1, 9]));
    expect(await headers()).toEqual([...MODEL.columns.map((c) => c.header), STATUS_HEADER]);
    const status = MODEL.columns.length;
    expect(
      sim.workbook
        .values(SHEET)
        .slice(1, 5)
        .map((row) => [row[0], row[status]]),
    ).toEqual([
      [3, '=third'],
      [2, ''],
      [1, 'first'],
      [9, ''],
    ]);
    expect(sim.workbook.valueTypes(SHEET)[1]?.[status]).toBe('String');
  });

  it('applies 3,000 outcomes in a few syncs, each under the request cap', async () => {
    await writeBudgets(budgets(ids(1, 5_000)));
    const updates: RowUpdate[] = ids(0, 3_000).map((p) => {
      // Every other row, then a stretch of neighbours: both kinds of runs.
      const position = p < 1_500 ? p * 2 : p + 1_500;
      const id = position + 1;
      return {
        position,
        id,
        externalId: id % 5 === 0 ? null : `ext-${id}`,
        values: { amount: id / 4, description: `Pushed ${id} ${'ü'.repeat(40)}` },
        status: `Landed at 12:00 — ${id}`,
        highlight: id % 3 === 0 ? ['amount', 'tags', 'is_adjusted'] : [],
      };
    });
    sim.workbook.stats.reset();
    expect(await new ExcelPushSheet().update(MODEL, updates)).toEqual({ applied: 3_000, missing: [] });
    const syncs = sim.workbook.stats.syncs.filter((s) => s.actionCount > 0);
    expect(syncs.every((s) => s.requestBytes < WEB_PAYLOAD_LIMIT_BYTES && s.errorCode === undefined)).toBe(true);
    expect(syncs.length).toBeLessThanOrEqual(12);
    expect(sim.workbook.values(SHEET)[2999]?.[MODEL.columns.length]).toBe('Landed at 12:00 — 2999');
    expect(cellOf(sim, 4499, 'amount').result).toEqual({ kind: 'Double', value: 1125 });
    expect(
      await fills(sim, [
        [2, 'amount'],
        [2, 'name'],
        [4499, 'is_adjusted'],
        [4500, 'amount'],
      ]),
    ).toEqual([CHANGED_FILL, INPUT_FILL, CHANGED_FILL, INPUT_FILL]);
  }, 60_000);

  it('halves a block the workbook refuses as too large', async () => {
    await writeBudgets(budgets(ids(1, 400)));
    const updates = ids(0, 400).map((position) => ({
      ...clean(position, position + 1, (position + 1) % 5 === 0 ? null : `ext-${position + 1}`),
      values: { description: 'ä'.repeat(8_000) },
    }));
    await new ExcelPushSheet({ budgetBytes: 20 * 1024 * 1024 }).update(MODEL, updates);
    expect(sim.workbook.stats.failedSyncs.map((s) => s.errorCode)).toContain('RequestPayloadSizeLimitExceeded');
    expect(sim.workbook.values(SHEET)[400]?.[col('description')]).toBe('ä'.repeat(8_000));
  }, 60_000);
});

describe('ExcelPushSheet.append and remove', () => {
  it('appends rows converted as the pull writes them, in the input style', async () => {
    await writeBudgets(budgets([1, 2]));
    const added = [budget(10, { id: null, name: '=2+2', settlement_date: '2026-05-31' }), budget(11)];
    await new ExcelPushSheet().append(MODEL, [added[0] as BudgetCells, MODEL.columns.map((c) => (added[1] as BudgetCells)[c.key] ?? null)]);
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.rows.map((r) => [r.position, r.id])).toEqual([
      [0, 1],
      [1, 2],
      [2, null],
      [3, 11],
    ]);
    expect(read.rows[2]?.fields).toEqual(fieldsOf(added[0] as BudgetCells));
    expect(cellOf(sim, 2, 'settlement_date')).toMatchObject({
      result: { kind: 'Double', value: dateToSerial('2026-05-31') },
      format: 'yyyy-mm-dd',
    });
    expect(cellOf(sim, 2, 'name')).toMatchObject({ result: { kind: 'String', value: '=2+2' }, format: '@' });
    expect(
      await fills(sim, [
        [3, 'amount'],
        [3, 'id'],
      ]),
    ).toEqual([INPUT_FILL, '#FFFFFF']);
  });

  it('appends into a table that never had rows, filling its blank row first', async () => {
    await writeBudgets([]);
    await new ExcelPushSheet().append(MODEL, budgets([5, 6, 7]));
    expect((await new ExcelPushSheet().read(MODEL)).rows.map((r) => [r.position, r.id])).toEqual([
      [0, 5],
      [1, 6],
      [2, 7],
    ]);
    expect(sim.workbook.tableLayouts().find((t) => t.name === MODEL.tableName)?.dataRowCount).toBe(3);
  });

  it('appends many rows in several syncs under the cap, into a table with the status column', async () => {
    await writeBudgets(budgets([1]));
    await new ExcelPushSheet().update(MODEL, [clean(0, 1, 'ext-1')]);
    sim.workbook.stats.reset();
    await new ExcelPushSheet({ budgetBytes: 512 * 1024 }).append(MODEL, budgets(ids(2, 4_999)));
    const syncs = sim.workbook.stats.syncs.filter((s) => s.actionCount > 0);
    expect(syncs.length).toBeGreaterThan(2);
    expect(syncs.every((s) => s.errorCode === undefined)).toBe(true);
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.rows).toHaveLength(5_000);
    expect(read.rows[4_999]).toEqual({ id: 5_000, externalId: null, fields: fieldsOf(budget(5_000)), position: 4_999 });
  }, 60_000);

  it('removes the rows of the refs, found after a sort, and reports the others', async () => {
    await writeBudgets(budgets([1, 2, 3, 4, 5, 6]));
    await reorderRows(sim, [5, 4, 3, 2, 1, 0]);
    const result = await new ExcelPushSheet().remove(MODEL, [
      { position: 0, id: 1, externalId: 'ext-1' },
      { position: 1, id: 2, externalId: 'ext-2' },
      { position: 4, id: 4, externalId: 'ext-4' },
      { position: 2, id: 42, externalId: null },
    ]);
    expect(result).toEqual({ removed: 3, missing: [{ position: 2, id: 42, externalId: null }] });
    expect((await new ExcelPushSheet().read(MODEL)).rows.map((r) => r.id)).toEqual([6, 5, 3]);
  });
});

describe('adoptRows on the Excel push sheet (#28)', () => {
  it("writes the suggested external ID as text into the row found by id after a sort, keeps the row's pending cells amber, refuses an ID typed meanwhile", async () => {
    // Budgets 5 and 10 were pulled without an external ID; the user changed their amounts.
    await writeBudgets(budgets([4, 5, 6, 10]));
    await typeInto(sim, 1, 'amount', -12.5);
    await typeInto(sim, 3, 'amount', -99);
    const seen = [
      { ref: { position: 1, id: 5, externalId: null }, fields: [{ field: 'amount' }] },
      { ref: { position: 3, id: 10, externalId: null }, fields: [{ field: 'amount' }] },
    ];
    // Meanwhile the user sorts the table and types an ID of their own into budget 10's cell.
    await reorderRows(sim, [3, 2, 1, 0]);
    await typeInto(sim, 0, 'external_id', 'mine-10');

    const outcome = await adoptRows(MODEL, new ExcelPushSheet(), seen);
    expect(outcome).toEqual({ adopted: [{ id: 5, externalId: 'xl-5' }], refused: [{ id: 10, reason: 'externalIdTyped' }] });
    // Budget 5 is row 2 after the sort.
    expect(cellOf(sim, 2, 'id').result).toMatchObject({ value: 5 });
    expect(cellOf(sim, 2, 'external_id')).toMatchObject({ result: { kind: 'String', value: 'xl-5' }, format: '@' });
    expect(cellOf(sim, 2, 'amount').result).toMatchObject({ value: -12.5 });
    expect(cellOf(sim, 0, 'external_id').result).toMatchObject({ kind: 'String', value: 'mine-10' });
    expect(
      await fills(sim, [
        [2, 'external_id'],
        [2, 'amount'],
        [2, 'name'],
      ]),
    ).toEqual([CHANGED_FILL, CHANGED_FILL, INPUT_FILL]);
    const read = await new ExcelPushSheet().read(MODEL);
    expect(read.rows.find((r) => r.id === 5)).toMatchObject({ externalId: 'xl-5', position: 2, fields: { amount: -12.5 } });
  });
});

describe('markInputColumns', () => {
  it('gives every editable column the input style, and only those', async () => {
    await writeBudgets(budgets([1, 2, 3]));
    await markInputColumns(MODEL);
    const editable = MODEL.columns.filter((c) => c.editable).map((c) => c.key);
    const readOnly = MODEL.columns.filter((c) => !c.editable).map((c) => c.key);
    expect(
      await fills(
        sim,
        editable.map((key) => [2, key] as const),
      ),
    ).toEqual(editable.map(() => INPUT_FILL));
    expect(
      await fills(
        sim,
        readOnly.map((key) => [2, key] as const),
      ),
    ).toEqual(readOnly.map(() => '#FFFFFF'));
    expect(await fontColor(sim, 0, 'name')).toBe(INPUT_FONT);
    // The header row keeps its look.
    const header = await asUser(sim, async (context) => {
      const fill = context.workbook.worksheets.getItem(SHEET).getRange('C2').format.fill.load('color');
      await context.sync();
      return fill.color;
    });
    expect(header).toBe('#FFFFFF');
  });
});
