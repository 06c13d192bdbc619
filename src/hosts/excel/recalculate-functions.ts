/**
 * Makes Excel call the CASHFLOW functions again: a full calculation, which recalculates every formula whether or not
 * its inputs changed (our functions are not volatile, so a plain recalculation would leave their cached results).
 * Run after the figures' cache was emptied (a pull, a send, "Refresh functions"): the calls of that recalculation
 * reach the engine together and are served from as few requests as before.
 */

import { runExcel } from './run-excel';

export async function recalculateFunctions(): Promise<void> {
  await runExcel(async (session) => {
    session.context.workbook.application.calculate(Excel.CalculationType.full);
    await session.sync();
  });
}
