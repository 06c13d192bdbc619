import { createSimulatedWorkbook, SETTINGS_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import { rejection } from './support';

const pullMeta = {
  table: 'Transactions',
  resource: '/v1/transactions',
  filters: { from: '2024-01-01', accounts: [1, 2] },
  lastPull: '2024-05-01T10:00:00Z',
};

describe('workbook settings', () => {
  it('add, getItem, getCount and items round-trip JSON values; add overwrites', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const settings = context.workbook.settings;
      settings.add('pull:Transactions', pullMeta);
      settings.add('version', 1);
      settings.add('version', 2);
      const count = settings.getCount();
      const item = settings.getItem('pull:Transactions').load('key, value');
      settings.load('items');
      await context.sync();
      expect(count.value).toBe(2);
      expect(item.key).toBe('pull:Transactions');
      expect(item.value).toEqual(pullMeta);
      expect(settings.items.map((s) => [s.key, s.value])).toEqual([
        ['pull:Transactions', pullMeta],
        ['version', 2],
      ]);
    });
    expect(wb.settings()).toEqual({ 'pull:Transactions': pullMeta, version: 2 });
    expect(wb.settingsBytes()).toBe(Buffer.byteLength(JSON.stringify({ 'pull:Transactions': pullMeta, version: 2 })));
  });

  it('value needs load + sync; a written value reads back raw until then', async () => {
    const wb = createSimulatedWorkbook({ settings: { k: 'old' } });
    await wb.run(async (context) => {
      const setting = context.workbook.settings.getItem('k');
      expect(() => setting.value).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      setting.value = { n: 1 };
      expect(setting.value).toEqual({ n: 1 });
      setting.load('value');
      await context.sync();
      expect(setting.value).toEqual({ n: 1 });
    });
    expect(wb.settings()).toEqual({ k: { n: 1 } });
  });

  it('getItem of a missing key fails at sync with ItemNotFound; getItemOrNullObject gives a null object', async () => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        context.workbook.settings.getItem('missing').load('value');
        await context.sync();
      }),
    );
    expect(error.code).toBe('ItemNotFound');
    await wb.run(async (context) => {
      const setting = context.workbook.settings.getItemOrNullObject('missing').load('value');
      await context.sync();
      expect(setting.isNullObject).toBe(true);
    });
  });

  it('keys are case-sensitive; delete removes a setting; using it afterwards fails', async () => {
    const wb = createSimulatedWorkbook({ settings: { Key: 1, other: true } });
    await wb.run(async (context) => {
      const lower = context.workbook.settings.getItemOrNullObject('key').load('key');
      const setting = context.workbook.settings.getItem('Key');
      setting.delete();
      await context.sync();
      expect(lower.isNullObject).toBe(true);
    });
    expect(wb.settings()).toEqual({ other: true });
    const error = await rejection(
      wb.run(async (context) => {
        const setting = context.workbook.settings.getItem('other');
        setting.delete();
        setting.load('value');
        await context.sync();
      }),
    );
    expect(error.code).toBe('ItemNotFound');
    expect(error.debugInfo.errorLocation).toBe('Setting.load');
  });

  it('Dates are stored as Date(ms) and come back as Dates', async () => {
    const when = new Date(Date.UTC(2024, 4, 1, 10));
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      context.workbook.settings.add('lastPull', { when, list: [when] });
      const setting = context.workbook.settings.getItem('lastPull').load('value');
      await context.sync();
      expect(setting.value).toEqual({ when, list: [when] });
    });
    expect(wb.settingsBytes()).toBe(
      JSON.stringify({ lastPull: { when: `Date(${when.getTime()})`, list: [`Date(${when.getTime()})`] } }).length,
    );
  });

  it.each([
    ['undefined', undefined],
    ['a function', (): number => 1],
    ['a BigInt', BigInt(1)],
  ])('refuses %s as a value with InvalidArgument', async (_label, value) => {
    const wb = createSimulatedWorkbook();
    const error = await rejection(
      wb.run(async (context) => {
        context.workbook.settings.add('k', value);
        await context.sync();
      }),
    );
    expect(error.code).toBe('InvalidArgument');
    expect(wb.settings()).toEqual({});
  });

  it('refuses an empty key and a cyclic value', async () => {
    const wb = createSimulatedWorkbook();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const [key, value] of [
      ['', 1],
      ['k', cyclic],
    ] as const) {
      const error = await rejection(
        wb.run(async (context) => {
          context.workbook.settings.add(key, value);
          await context.sync();
        }),
      );
      expect(error.code).toBe('InvalidArgument');
    }
  });

  it('fails the sync that would take the store over 2 MB (GeneralException); earlier settings stay', async () => {
    const wb = createSimulatedWorkbook({ platform: 'desktop' });
    expect(SETTINGS_LIMIT_BYTES).toBe(2_000_000);
    const big = 'x'.repeat(1_000_000);
    await wb.run(async (context) => {
      context.workbook.settings.add('a', big);
      await context.sync();
    });
    const error = await rejection(
      wb.run(async (context) => {
        context.workbook.settings.add('small', 1);
        context.workbook.settings.add('b', big);
        context.workbook.settings.add('after', 2);
        await context.sync();
      }),
    );
    expect(error.code).toBe('GeneralException');
    expect(error.debugInfo.errorLocation).toBe('SettingCollection.add');
    expect(Object.keys(wb.settings())).toEqual(['a', 'small']);
    expect(wb.settingsBytes()).toBeLessThanOrEqual(SETTINGS_LIMIT_BYTES);
    // Replacing a value is measured by its new size.
    await wb.run(async (context) => {
      context.workbook.settings.getItem('a').value = 'y'.repeat(2_000_000 - 40);
      await context.sync();
    });
    expect(wb.settingsBytes()).toBeLessThanOrEqual(SETTINGS_LIMIT_BYTES);
  });

  it('honours a smaller cap, and the cap applies to settings given at creation', () => {
    expect(() => createSimulatedWorkbook({ settingsLimitBytes: 10, settings: { key: 'too long' } })).toThrow(
      expect.objectContaining({ code: 'GeneralException' }),
    );
    const wb = createSimulatedWorkbook({ settingsLimitBytes: 100, settings: { a: 1 } });
    expect(wb.settingsBytes()).toBe(7);
  });
});
