/**
 * The template's Overview in the company currency: its amount cells (the setting the template carries) take the
 * currency's format; a format the user chose stays; a renamed sheet is skipped; a workbook without the setting is
 * left alone.
 */

import { showAmountsInCurrency } from '../../../src/hosts/excel/amount-cells-currency';
import { openWorkbookFile } from '../../../src/preview/workbook-file/workbook-file';
import { buildTemplate, saveTemplate } from '../../../src/template/planning-template';
import { installSim, type Sim } from './sim-setup';

let sim: Sim;
beforeEach(async () => {
  sim = installSim();
  const opened = await openWorkbookFile(
    await saveTemplate(await buildTemplate({ language: 'en' }), { id: '773ffca3-b486-40c2-a9ee-f12cfa211984', version: '0.1.0.0' }),
  );
  sim.workbook.restore(opened.snapshot);
});
afterEach(() => sim.uninstall());

const formatOf = (address: string): string | undefined => sim.workbook.numberFormats('Overview', address)[0]?.[0];

test('every amount of the Overview shows the currency; a format the user chose stays', async () => {
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem('Overview').getRange('B6').numberFormat = [['0.0']];
    await context.sync();
  });
  const changed = await showAmountsInCurrency('CHF');
  expect(changed).toBe(5 + 3 + 2 * 40 * 13 - 1);
  for (const address of ['B5', 'B9', 'B12', 'B14', 'B21', 'N60', 'B64', 'N103'])
    expect([address, formatOf(address)]).toEqual([address, '#,##0.00 [$CHF]']);
  expect(formatOf('B6')).toBe('0.0');
  // Headers and the year are no amounts.
  expect(formatOf('B20')).toBe('mmm yyyy');
  expect(formatOf('B16')).toBe('0');
  // Another currency later replaces the add-in's own format.
  await showAmountsInCurrency('EUR');
  expect(formatOf('B5')).toBe('#,##0.00 [$EUR]');
});

test('a renamed Overview is skipped, and a workbook without the setting is left alone', async () => {
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem('Overview').name = 'Mine';
    await context.sync();
  });
  expect(await showAmountsInCurrency('CHF')).toBe(0);
  expect(sim.workbook.numberFormats('Mine', 'B5')[0]?.[0]).toBe('#,##0.00');
  await Excel.run(async (context) => {
    context.workbook.settings.getItem('cashflow.amountCells').delete();
    await context.sync();
  });
  expect(await showAmountsInCurrency('CHF')).toBe(0);
});
