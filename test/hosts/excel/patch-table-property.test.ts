/**
 * The Excel host's patch gives the table a whole refresh gives (#30): for random tables (with a user column of notes)
 * and random changes, the table patched with `planPatch`'s patch holds the same cells — values and number formats,
 * user column included — as the same table refreshed whole with the merged rows in the service's order.
 */

import fc from 'fast-check';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { planPatch } from '../../../src/sync/pull/patch-plan';
import { mergeByKey, sortByDateDescThenKey, type Row } from '../../../src/sync/pull/rows';
import { asUser, installSim, TRANSACTIONS, type Sim } from './sim-setup';

const AT = { key: 0, date: 1, amount: 2 };
const port = new ExcelWorkbookPort();

/** A row of the TRANSACTIONS spec: id, value date, amount, purpose, booked, created. */
function row(id: number, day: number, cents: number, purpose: string): Row {
  const date = `2024-03-${String(day).padStart(2, '0')}`;
  return [id, date, cents / 100, purpose, id % 2 === 0, `${date}T12:00:00Z`];
}

/** The table written, a Note on every row, then `change` applied; its cells (values and formats) afterwards. */
async function cellsAfter(
  old: readonly Row[],
  change: (sim: Sim) => Promise<void>,
): Promise<{ values: unknown[][]; formats: unknown[][] }> {
  const sim = installSim();
  try {
    await port.writeTable(TRANSACTIONS, old);
    await asUser(sim, async (context) => {
      context.workbook.tables.getItem('Transactions').columns.add(undefined, [['Note'], ...old.map((r) => [`note ${String(r[0])}`])]);
      await context.sync();
    });
    await change(sim);
    return { values: sim.workbook.values('Data'), formats: sim.workbook.numberFormats('Data') };
  } finally {
    sim.uninstall();
  }
}

const scenario = fc
  .uniqueArray(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 25 })
  .chain((ids) =>
    fc.tuple(
      fc.tuple(
        ...ids.map((id) =>
          fc
            .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: -99_999, max: 99_999 }))
            .map(([day, cents]) => row(id, day, cents, `old ${id}`)),
        ),
      ),
      fc
        .uniqueArray(fc.integer({ min: 201, max: 300 }), { maxLength: 8 })
        .chain((fresh) => fc.tuple(...fresh.map((id) => fc.integer({ min: 1, max: 9 }).map((day) => row(id, day, 123, `new ${id}`))))),
      fc.integer({ min: 0, max: 25 }),
    ),
  )
  .map(([rows, fresh, step]) => {
    const old = sortByDateDescThenKey([...rows], AT.date, AT.key);
    const inPlace = old
      .filter((_, i) => step > 0 && i % step === 0)
      .map((r): Row => [r[0] ?? null, r[1] ?? null, 7.5, '=HYPERLINK("x")', r[4] ?? null, r[5] ?? null]);
    return { old, changed: [...inPlace, ...fresh] };
  });

describe('patchTable against a whole refresh (Excel simulation)', () => {
  it('the patched table holds the cells of the refreshed one, user column included', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ old, changed }) => {
        const plan = planPatch(
          { ids: old.map((r) => r[0] ?? null), dates: old.map((r) => r[1] ?? null), amounts: old.map((r) => r[2] ?? null) },
          changed,
          AT,
        );
        if (plan === null) throw new Error('no plan for a patchable change');
        const merged = sortByDateDescThenKey(mergeByKey(old, changed, AT.key).rows, AT.date, AT.key);
        const patched = await cellsAfter(old, async () => {
          await port.patchTable(TRANSACTIONS, plan.patch);
        });
        const whole = await cellsAfter(old, async () => {
          await port.writeTable(TRANSACTIONS, merged);
        });
        expect(patched).toEqual(whole);
      }),
      { numRuns: 100 },
    );
  });
});
