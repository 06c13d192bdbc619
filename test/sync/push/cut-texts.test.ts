/**
 * Issue #25 item 11, the push's side: a text the pull cut at Excel's cell limit is never sent back. An unchanged cut
 * text is not sent (PATCH) or taken from the service (whole-row PUT); an edited one that still carries the mark is
 * refused on its row with the reason.
 */

import type { Budget } from '../../../src/api';
import { cutForCell } from '../../../src/sync/cell-text-limit';
import { setUpPush, type PushHarness } from './push-support';

let h: PushHarness;
afterEach(async () => {
  await h?.close();
});

const LONG = `${'Lange Beschreibung. '.repeat(2_000)}Ende`;

async function setUp(): Promise<PushHarness> {
  const harness = await setUpPush({
    before: async (other) => {
      const categories = await other.categories.list();
      const parents = new Set(categories.map((c) => c.parent));
      const leaf = categories.find((c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id));
      if (!leaf) throw new Error('no leaf category');
      for (const externalId of ['long-a', null]) {
        await other.forecastBudgets.create({
          name: `Long ${externalId ?? 'none'}`,
          category: leaf.id,
          settlement_date: '2027-01-31',
          amount: '-10',
          description: LONG,
          ...(externalId === null ? {} : { external_id: externalId }),
        });
      }
    },
  });
  // As the pull leaves them: the cell and the baseline hold the text cut at the limit.
  const baseline = (await harness.baselines.read(harness.model.tableName)) ?? [];
  for (const row of baseline) {
    if (row.fields.description !== LONG) continue;
    const cut = cutForCell(LONG).text;
    row.fields = { ...row.fields, description: cut };
    harness.sheet.set(harness.sheet.find(row.id), 'description', cut);
  }
  await harness.baselines.write(harness.model.tableName, baseline);
  return harness;
}

const named = async (harness: PushHarness, name: string): Promise<Budget | undefined> =>
  [...(await harness.service()).values()].find((b) => b.name === name);

test('an unchanged cut text stays whole on the service: PATCH sends only the amount, a whole-row PUT takes the text from the service', async () => {
  h = await setUp();
  const patched = (await named(h, 'Long long-a')) as Budget;
  const whole = (await named(h, 'Long none')) as Budget;
  expect(String(h.sheet.cell(h.sheet.find(patched.id), 'description')).length).toBe(32_767);
  h.sheet.set(h.sheet.find(patched.id), 'amount', -20);
  h.sheet.set(h.sheet.find(whole.id), 'amount', -30);
  h.takeWrites();
  const result = await h.push({ wholeRows: true });
  expect(result.counts.landed).toBe(2);
  const writes = h.takeWrites();
  expect(writes.find((w) => w.method === 'PATCH')?.body).toEqual({ amount: '-20.00' });
  expect(JSON.stringify(writes.find((w) => w.method === 'PUT')?.body)).toContain('Ende');
  expect((await named(h, 'Long long-a'))?.description).toBe(LONG);
  expect(await named(h, 'Long none')).toMatchObject({ description: LONG, amount: -30 });
});

test('an edited cut text is refused on its row, with the reason; nothing of the row is sent', async () => {
  h = await setUp();
  const budget = (await named(h, 'Long long-a')) as Budget;
  const at = h.sheet.find(budget.id);
  h.sheet.set(at, 'description', `Neu: ${String(h.sheet.cell(at, 'description'))}`.slice(0, 32_000) + cutForCell(LONG).text.slice(-4));
  h.sheet.set(at, 'amount', -99);
  h.takeWrites();
  const result = await h.push();
  expect(result.rows[0]).toMatchObject({ outcome: 'blocked' });
  expect(h.sheet.rows[at]?.status).toMatch(/Description: this text was cut at Excel's limit of 32,767 characters/);
  expect(h.takeWrites()).toEqual([]);
  expect(await named(h, 'Long long-a')).toMatchObject({ description: LONG, amount: -10 });
});
