/**
 * The template's Plan page (#31): the setting that names it holds every cell as written; the page is recognised only
 * when the sheet holds exactly those cells, and a setting that came with a file from anyone is read bounded.
 */

import fc from 'fast-check';
import {
  gridPlaceholderSheet,
  isGridPlaceholder,
  placeholderExtent,
  placeholderSetting,
  readPlaceholder,
  type PlaceholderCell,
} from '../../../src/sync/plan-grid';

const page = gridPlaceholderSheet('en');
const setting = readPlaceholder(placeholderSetting(page));
const cells: PlaceholderCell[] = page.cells.map(({ row, column, value }) => ({ row, column, value: String(value) }));

describe('the template’s Plan page', () => {
  it('is the grid’s sheet, its text in the template’s language, with no formula', () => {
    expect(page.name).toBe('Plan');
    expect(gridPlaceholderSheet('de').name).toBe('Plan');
    expect(gridPlaceholderSheet('it').cells[0]?.value).toBe('Griglia di piano');
    expect(page.cells.every((c) => typeof c.value === 'string' && !c.value.startsWith('='))).toBe(true);
  });

  it('is recognised when the sheet holds exactly its cells, in any order, the sheet’s name in any case', () => {
    expect(setting?.sheet).toBe('Plan');
    expect(isGridPlaceholder(setting, 'Plan', cells)).toBe(true);
    expect(isGridPlaceholder(setting, 'PLAN', [...cells].reverse())).toBe(true);
    expect(placeholderExtent(setting!)).toEqual({ rows: Math.max(...cells.map((c) => c.row)), columns: 1 });
  });

  it('is not recognised with a cell added, removed, moved or changed, on another sheet, or without its setting', () => {
    const [firstCell, ...rest] = cells as [PlaceholderCell, ...PlaceholderCell[]];
    expect(isGridPlaceholder(setting, 'Plan', [...cells, { row: 20, column: 1, value: 'mine' }])).toBe(false);
    expect(isGridPlaceholder(setting, 'Plan', rest)).toBe(false);
    expect(isGridPlaceholder(setting, 'Plan', [{ ...firstCell, column: 2 }, ...rest])).toBe(false);
    expect(isGridPlaceholder(setting, 'Plan', [{ ...firstCell, value: `${firstCell.value}!` }, ...rest])).toBe(false);
    expect(isGridPlaceholder(setting, 'Scenario 2 plan', cells)).toBe(false);
    expect(isGridPlaceholder(undefined, 'Plan', cells)).toBe(false);
  });

  it('reads a setting from anyone bounded: anything but what this version writes is no page', () => {
    for (const text of [null, 42, '', 'not json', '{}', '[]', JSON.stringify({ version: 2, sheet: 'Plan', cells: [] })])
      expect(readPlaceholder(text)).toBeUndefined();
    const tooMany = { version: 1, sheet: 'Plan', cells: Array.from({ length: 101 }, (_, i) => ({ row: i + 1, column: 1, value: 'x' })) };
    expect(readPlaceholder(JSON.stringify(tooMany))).toBeUndefined();
    expect(readPlaceholder(JSON.stringify({ version: 1, sheet: 'Plan', cells: [], extra: true }))).toBeUndefined();
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const read = readPlaceholder(JSON.stringify(value));
        return read === undefined || (read.version === 1 && read.cells.length <= 100);
      }),
    );
  });
});
