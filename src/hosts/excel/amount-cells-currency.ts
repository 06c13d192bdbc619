/**
 * Shows the amounts of a laid-out sheet (the template's Overview, named by the setting `cashflow.amountCells`) in the
 * company currency: each cell still in one of the add-in's amount formats gets `amountFormat(currency)`; a format the
 * user chose stays. Areas on a sheet that is gone (renamed, deleted) are skipped. One batch: read every area's
 * formats, then write the ones that change. Returns how many cells changed.
 */

import { amountFormat, isAmountFormat } from '../../sync/amount-format';
import { AMOUNT_CELLS_SETTING, readAmountAreas } from '../../sync/workbook-layout/amount-cells';
import { readSetting } from './document-setting';
import { runExcel } from './run-excel';

export async function showAmountsInCurrency(currency: string): Promise<number> {
  const areas = readAmountAreas(await readSetting(AMOUNT_CELLS_SETTING));
  if (areas.length === 0) return 0;
  const format = amountFormat(currency);
  return runExcel(async (session) => {
    const worksheets = session.context.workbook.worksheets;
    const found = areas.map((area) => ({ area, sheet: worksheets.getItemOrNullObject(area.sheet) }));
    await session.sync();
    const ranges = found.filter((f) => !f.sheet.isNullObject).map((f) => f.sheet.getRange(f.area.address).load('numberFormat'));
    await session.sync();
    let changed = 0;
    for (const range of ranges) {
      const old = range.numberFormat as string[][];
      const cells = old.flat().filter((f) => isAmountFormat(f) && f !== format).length;
      if (cells === 0) continue;
      range.numberFormat = old.map((row) => row.map((f) => (isAmountFormat(f) ? format : f)));
      changed += cells;
    }
    if (changed > 0) await session.sync();
    return changed;
  });
}
