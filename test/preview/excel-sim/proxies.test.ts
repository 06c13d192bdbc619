/**
 * Proxies as office.js makes them: every proxy created by a method or navigation property is instantiated in the
 * next sync (ItemNotFound / isNullObject without load), navigation properties are cached, and load() follows
 * navigation paths.
 */

import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { rejection } from './support';

async function withTable(): Promise<ReturnType<typeof createSimulatedWorkbook>> {
  const wb = createSimulatedWorkbook({ sheets: ['Data', 'Other'] });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Data');
    sheet.getRange('A1:B3').values = [
      ['Name', 'Amount'],
      ['a', 1],
      ['b', 2],
    ];
    sheet.tables.add('A1:B3', true).name = 'Sales';
    await context.sync();
  });
  return wb;
}

describe('OrNullObject proxies: isNullObject after the next sync, without load()', () => {
  it('worksheets.getItemOrNullObject', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const missing = context.workbook.worksheets.getItemOrNullObject('Nope');
      const present = context.workbook.worksheets.getItemOrNullObject('sheet1');
      expect(() => missing.isNullObject).toThrow(/not available/);
      await context.sync();
      expect(missing.isNullObject).toBe(true);
      expect(present.isNullObject).toBe(false);
    });
  });

  it('tables, table columns and settings', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItemOrNullObject('Nope');
      const sheetTable = context.workbook.worksheets.getItem('Data').tables.getItemOrNullObject('sales');
      const column = context.workbook.tables.getItem('Sales').columns.getItemOrNullObject('Missing');
      const setting = context.workbook.settings.getItemOrNullObject('none');
      await context.sync();
      expect([table.isNullObject, sheetTable.isNullObject, column.isNullObject, setting.isNullObject]).toEqual([true, false, true, true]);
    });
  });

  it('getUsedRangeOrNullObject of a worksheet and of a range', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Empty', 'Used'] });
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Used').getRange('C3').values = [[1]];
      await context.sync();
      const empty = context.workbook.worksheets.getItem('Empty').getUsedRangeOrNullObject();
      const used = context.workbook.worksheets.getItem('Used').getUsedRangeOrNullObject();
      const outside = context.workbook.worksheets.getItem('Used').getRange('A1:B2').getUsedRangeOrNullObject();
      await context.sync();
      expect([empty.isNullObject, used.isNullObject, outside.isNullObject]).toEqual([true, false, true]);
    });
  });
});

describe('getItem of a missing item fails the next sync, even when the proxy is not used', () => {
  it.each([
    ['worksheets.getItem', 'WorksheetCollection.getItem'],
    ['tables.getItem', 'TableCollection.getItem'],
    ['sheet tables.getItem', 'TableCollection.getItem'],
    ['columns.getItem', 'TableColumnCollection.getItem'],
    ['rows.getItemAt', 'TableRowCollection.getItemAt'],
    ['settings.getItem', 'SettingCollection.getItem'],
  ])('%s → ItemNotFound at %s', async (what, location) => {
    const wb = await withTable();
    const error = await rejection(
      wb.run(async (context) => {
        const workbook = context.workbook;
        if (what === 'worksheets.getItem') workbook.worksheets.getItem('Nope');
        else if (what === 'tables.getItem') workbook.tables.getItem('Nope');
        else if (what === 'sheet tables.getItem') workbook.worksheets.getItem('Other').tables.getItem('Sales');
        else if (what === 'columns.getItem') workbook.tables.getItem('Sales').columns.getItem('Nope');
        else if (what === 'rows.getItemAt') workbook.tables.getItem('Sales').rows.getItemAt(2);
        else workbook.settings.getItem('nope');
        await context.sync();
      }),
    );
    expect(error.code).toBe('ItemNotFound');
    expect(error.debugInfo.errorLocation).toBe(location);
  });

  it('fails the sync that follows the call, in queue order: earlier actions stay applied, later ones are dropped', async () => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem('Sheet1');
        sheet.getRange('A1').values = [['before']];
        context.workbook.worksheets.getItem('Later');
        context.workbook.worksheets.add('Later');
        sheet.getRange('A2').values = [['after']];
        await context.sync();
      }),
    );
    expect(error.code).toBe('ItemNotFound');
    expect(error.debugInfo.errorLocation).toBe('WorksheetCollection.getItem');
    expect(wb.values('Sheet1', 'A1:A2')).toEqual([['before'], ['']]);
    expect(wb.sheetNames()).toEqual(['Sheet1']);
  });

  it('getItem after the add that creates the item works; the Instantiate action is counted like other actions', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      context.workbook.worksheets.add('New');
      const sheet = context.workbook.worksheets.getItem('New');
      await context.sync();
      sheet.load('name');
      await context.sync();
      expect(sheet.name).toBe('New');
    });
    // workbook.worksheets, add, the added sheet, getItem: all instantiated or run in the first sync
    expect(wb.stats.syncs[0]?.actionCount).toBe(4);
    const small = createSimulatedWorkbook();
    await small.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1');
      await context.sync();
    });
    // two Instantiate actions (workbook.worksheets, getItem), each small like office.js's
    expect(small.stats.syncs[0]?.actionCount).toBe(2);
    expect(small.stats.syncs[0]?.requestBytes).toBeLessThan(150);
  });

  it('getRange with a bad address, getRangeByIndexes off the grid and a hidden header row fail at the method', async () => {
    const wb = await withTable();
    const bad = await rejection(wb.run(async (context) => void context.workbook.worksheets.getItem('Data').getRange('A0')));
    expect([bad.code, bad.debugInfo.errorLocation]).toEqual(['InvalidArgument', 'Worksheet.getRange']);
    const grid = await rejection(
      wb.run(async (context) => void context.workbook.worksheets.getItem('Data').getRangeByIndexes(-1, 0, 1, 1)),
    );
    expect([grid.code, grid.debugInfo.errorLocation]).toEqual(['InvalidArgument', 'Worksheet.getRangeByIndexes']);
    await wb.run(async (context) => {
      context.workbook.tables.getItem('Sales').showHeaders = false;
      await context.sync();
    });
    const header = await rejection(wb.run(async (context) => void context.workbook.tables.getItem('Sales').getHeaderRowRange()));
    expect([header.code, header.debugInfo.errorLocation]).toEqual(['InvalidOperation', 'Table.getHeaderRowRange']);
  });
});

describe('navigation properties return the same proxy on every access', () => {
  it('is the same object', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      const table = context.workbook.tables.getItem('Sales');
      const range = sheet.getRange('A1');
      expect(context.workbook).toBe(context.workbook);
      expect(context.workbook.worksheets).toBe(context.workbook.worksheets);
      expect(context.workbook.tables).toBe(context.workbook.tables);
      expect(context.workbook.settings).toBe(context.workbook.settings);
      expect(context.workbook.application).toBe(context.workbook.application);
      expect(context.application).toBe(context.workbook.application);
      expect(sheet.tables).toBe(sheet.tables);
      expect(table.rows).toBe(table.rows);
      expect(table.columns).toBe(table.columns);
      expect(table.worksheet).toBe(table.worksheet);
      expect(range.worksheet).toBe(range.worksheet);
      await context.sync();
    });
  });

  it('so loading through the property and reading through it again works', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      const table = context.workbook.tables.getItem('Sales');
      const range = sheet.getRange('B2');
      sheet.tables.load('items/name');
      context.workbook.tables.load('count');
      context.workbook.worksheets.load('items/name');
      table.rows.load('count');
      table.columns.load('items/name');
      table.worksheet.load('name');
      range.worksheet.load('name, position');
      await context.sync();
      expect(sheet.tables.items.map((t) => t.name)).toEqual(['Sales']);
      expect(context.workbook.tables.count).toBe(1);
      expect(context.workbook.worksheets.items.map((s) => s.name)).toEqual(['Data', 'Other']);
      expect(table.rows.count).toBe(2);
      expect(table.columns.items.map((c) => c.name)).toEqual(['Name', 'Amount']);
      expect(table.worksheet.name).toBe('Data');
      expect([range.worksheet.name, range.worksheet.position]).toEqual(['Data', 0]);
    });
  });

  it('a navigation property of a missing object fails at the method that made the object', async () => {
    const wb = await withTable();
    const error = await rejection(
      wb.run(async (context) => {
        context.workbook.tables.getItem('Nope').worksheet.load('name');
        await context.sync();
      }),
    );
    expect([error.code, error.debugInfo.errorLocation]).toEqual(['ItemNotFound', 'TableCollection.getItem']);
  });

  it('a sync with nothing queued still sends nothing (the workbook proxies are made on first access)', async () => {
    const wb = createSimulatedWorkbook();
    const context = wb.createContext();
    await context.sync();
    expect(wb.stats.syncs).toEqual([]); // no request, so no round trip recorded
  });
});

describe('load() through navigation properties', () => {
  it("range.load('address, worksheet/name') and table.load('name, worksheet/name')", async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Data').getRange('A2:B3');
      range.load('address, worksheet/name');
      const table = context.workbook.tables.getItem('Sales').load('name, worksheet/name, worksheet/position');
      await context.sync();
      expect(range.address).toBe('Data!A2:B3');
      expect(range.worksheet.name).toBe('Data');
      expect(() => range.worksheet.visibility).toThrow(/not available/);
      expect(() => range.values).toThrow(/not available/);
      expect([table.name, table.worksheet.name, table.worksheet.position]).toEqual(['Sales', 'Data', 0]);
    });
  });

  it("a path through a navigation property alone does not load the object's own properties", async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItem('Sales').load('worksheet/name');
      await context.sync();
      expect(table.worksheet.name).toBe('Data');
      expect(() => table.name).toThrow(/not available/);
    });
  });

  it("collections: tables.load('items/name, items/worksheet/name') and worksheets.load('items/tables/items/name')", async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem('Other').tables.add('D1:E2', true).name = 'Second';
      const tables = context.workbook.tables.load('items/name, items/worksheet/name');
      const sheets = context.workbook.worksheets.load('items/name, items/tables/items/name');
      await context.sync();
      expect(tables.items.map((t) => [t.name, t.worksheet.name])).toEqual([
        ['Sales', 'Data'],
        ['Second', 'Other'],
      ]);
      expect(sheets.items.map((s) => [s.name, s.tables.items.map((t) => t.name)])).toEqual([
        ['Data', ['Sales']],
        ['Other', ['Second']],
      ]);
    });
  });

  it('a bare navigation property loads its scalar properties (a collection: its items)', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data').load('name, tables');
      const table = context.workbook.tables.getItem('Sales').load('worksheet, columns');
      await context.sync();
      expect(sheet.tables.items.map((t) => [t.name, t.showHeaders])).toEqual([['Sales', true]]);
      expect(table.worksheet.toJSON()).toEqual({ id: expect.any(String), name: 'Data', position: 0, visibility: 'Visible' });
      expect(table.columns.items.map((c) => c.values)).toEqual([
        [['Name'], ['a'], ['b']],
        [['Amount'], [1], [2]],
      ]);
    });
  });

  it('the object forms: { select, expand } and the strict { nav: { name: true } }', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data').load({ select: 'name', expand: 'tables' });
      const everything = context.workbook.worksheets.getItem('Other').load({ expand: 'tables' });
      const strict = context.workbook.tables.getItem('Sales').load({ name: true, worksheet: { name: true }, rows: { $all: true } });
      const range = context.workbook.worksheets
        .getItem('Data')
        .getRange('A1')
        .load({ select: 'address, worksheet/name', expand: 'worksheet' });
      await context.sync();
      expect([sheet.name, sheet.tables.items.map((t) => t.name)]).toEqual(['Data', ['Sales']]);
      expect(() => sheet.position).toThrow(/not available/);
      expect([everything.name, everything.position, everything.tables.items]).toEqual(['Other', 1, []]);
      expect([strict.name, strict.worksheet.name, strict.rows.items.map((r) => r.values)]).toEqual([
        'Sales',
        'Data',
        [[['a', 1]], [['b', 2]]],
      ]);
      expect([range.address, range.worksheet.name, range.worksheet.visibility]).toEqual(['Data!A1', 'Data', 'Visible']);
    });
  });

  it('toJSON includes the loaded navigation properties', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItem('Sales').load('name, worksheet/name');
      await context.sync();
      expect(JSON.parse(JSON.stringify(table))).toEqual({ name: 'Sales', worksheet: { name: 'Data' } });
    });
  });

  it('unknown names and paths through properties the simulation lacks still fail with InvalidArgument', async () => {
    const wb = await withTable();
    const error = await rejection(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem('Data').getRange('A1').load('format/borders/color');
        await context.sync();
      }),
    );
    expect([error.code, error.debugInfo.errorLocation]).toEqual(['InvalidArgument', 'Range.load']);
    const nested = await rejection(
      wb.run(async (context) => {
        context.workbook.tables.load('items/worksheet/nope');
        await context.sync();
      }),
    );
    expect(nested.code).toBe('InvalidArgument');
  });

  it('a navigation property of a null object is a null object', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItemOrNullObject('Nope');
      const sheet = table.worksheet.load('name');
      await context.sync();
      expect(table.isNullObject).toBe(true);
      expect(sheet.isNullObject).toBe(true);
      expect(sheet.name).toBeUndefined();
    });
  });
});
