/** The Overview's amount cells as a few rectangles, kept as a setting that is read defensively. */

import { amountAreas, readAmountAreas, writeAmountAreas } from '../../../src/sync/workbook-layout/amount-cells';
import { OVERVIEW_CATEGORY_ROWS, overviewSheet } from '../../../src/sync/workbook-layout/overview-sheet';

describe('amount cells', () => {
  it('are the Overview’s balances, open items and both grids, each as one rectangle', () => {
    const first = 21;
    const second = first + OVERVIEW_CATEGORY_ROWS + 3;
    expect(amountAreas(overviewSheet('de')).map((a) => `${a.sheet}!${a.address}`)).toEqual([
      'Übersicht!B5:B9',
      'Übersicht!B12:B14',
      `Übersicht!B${first}:N${first + OVERVIEW_CATEGORY_ROWS - 1}`,
      `Übersicht!B${second}:N${second + OVERVIEW_CATEGORY_ROWS - 1}`,
    ]);
  });

  it('round-trip as text; anything else in the setting is no area at all', () => {
    const areas = [{ sheet: 'Overview', address: 'B5:B9' }];
    expect(readAmountAreas(writeAmountAreas(areas))).toEqual(areas);
    for (const text of [
      null,
      '',
      'nonsense',
      '{}',
      '[{"sheet":"O","address":"B5:B9;DROP"}]',
      '[{"sheet":"O","address":"B5","extra":1}]',
      JSON.stringify(Array.from({ length: 101 }, () => areas[0])),
    ]) {
      expect([text, readAmountAreas(text)]).toEqual([text, []]);
    }
  });
});
