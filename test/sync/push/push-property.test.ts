/**
 * Property (#17): random edit sequences on a pulled budget table, pushed through random faults (non-JSON 500s before
 * the change is applied, answers lost after it was, 429s) and pushed again until nothing is pending, end with the
 * service equal to the sheet: the same budgets (none lost, none created twice, the deleted ones gone) with the
 * same values in every editable column.
 */

import fc from 'fast-check';
import type { Budget } from '../../../src/api';
import { buildLookups, rowToFields, toRow } from '../../../src/sync/tables';
import { sameValue } from '../../../src/sync/push';
import { addressable, faultHook, rowWhere, setUpPush, type Fault, type PushHarness } from './push-support';

type Edit =
  | { kind: 'amount'; row: number; cents: number }
  | { kind: 'name'; row: number; text: string }
  | { kind: 'description'; row: number; text: string }
  | { kind: 'rename'; row: number; suffix: number }
  | { kind: 'delete'; row: number }
  | { kind: 'add'; externalId: boolean; cents: number }
  | { kind: 'sort' };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('amount' as const), row: fc.nat(200), cents: fc.integer({ min: -10_000_000, max: 10_000_000 }) }),
  fc.record({
    kind: fc.constant('name' as const),
    row: fc.nat(200),
    text: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
  }),
  fc.record({ kind: fc.constant('description' as const), row: fc.nat(200), text: fc.oneof(fc.constant(''), fc.string({ maxLength: 30 })) }),
  fc.record({ kind: fc.constant('rename' as const), row: fc.nat(200), suffix: fc.nat(1_000_000) }),
  fc.record({ kind: fc.constant('delete' as const), row: fc.nat(200) }),
  fc.record({ kind: fc.constant('add' as const), externalId: fc.boolean(), cents: fc.integer({ min: -1_000_000, max: 1_000_000 }) }),
  fc.constant({ kind: 'sort' as const }),
);
const fault: fc.Arbitrary<Fault> = fc.constantFrom('none', 'none', 'error500', 'lostAnswer', 'throttled');

function apply(h: PushHarness, e: Edit, leaf: number, n: number): void {
  const rows = h.sheet.rows.length;
  const at = 'row' in e ? e.row % rows : 0;
  switch (e.kind) {
    case 'amount':
      h.sheet.set(at, 'amount', e.cents / 100);
      return;
    case 'name':
      h.sheet.set(at, 'name', e.text.trim());
      return;
    case 'description':
      h.sheet.set(at, 'description', e.text === '' ? null : e.text);
      return;
    case 'rename':
      // Only budgets the external-ID paths can address are renamed here (others are adopted by the replace).
      if (addressable(h.sheet.cell(at, 'external_id') as string | null)) h.sheet.set(at, 'external_id', `p-${e.suffix}-${n}`);
      return;
    case 'delete':
      h.sheet.rows.splice(at, 1);
      return;
    case 'add': {
      h.sheet.rows.push({ cells: h.sheet.rows[0]?.cells.map(() => null) ?? [], status: '', highlight: [] });
      const added = h.sheet.rows.length - 1;
      h.sheet.set(added, 'name', `Added ${n}`);
      h.sheet.set(added, 'category_id', leaf);
      h.sheet.set(added, 'settlement_date', '2027-06-30');
      h.sheet.set(added, 'amount', e.cents / 100);
      if (e.externalId) h.sheet.set(added, 'external_id', `new-${n}`);
      return;
    }
    case 'sort':
      h.sheet.rows.reverse();
  }
}

test('random edits pushed through random faults and pushed again leave the service equal to the sheet', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(edit, { minLength: 1, maxLength: 12 }),
      fc.array(fault, { minLength: 1, maxLength: 20 }),
      async (edits, faults) => {
        const h = await setUpPush();
        try {
          const leaf = h.sheet.cell(
            rowWhere(h, (e) => e === 'fc-miete'),
            'category_id',
          ) as number;
          edits.forEach((e, n) => apply(h, e, leaf, n));
          h.hook.current = faultHook(faults);
          const choices = { deletes: true, wholeRows: true };
          await h.push(choices);
          h.hook.current = undefined;
          for (let round = 0; round < 3; round += 1) {
            const result = await h.push(choices);
            if (result.rows.every((r) => r.outcome === 'landed')) break;
          }

          const service = await h.service();
          const [categories, summary] = await Promise.all([h.other.categories.list(), h.other.accounts.summary()]);
          const lookups = buildLookups({ categories, accounts: summary.accounts });
          const sheetIds = h.sheet.rows.map((r) => r.cells[0]);
          expect(sheetIds.every((id) => typeof id === 'number')).toBe(true);
          expect([...service.keys()].sort()).toEqual([...(sheetIds as number[])].sort());
          for (const row of h.sheet.rows) {
            const budget = service.get(row.cells[0] as number) as Budget;
            const theirs = rowToFields(h.model, toRow(h.model, budget, lookups));
            const mine = rowToFields(h.model, row.cells);
            const differing = Object.keys(mine).filter((f) => !sameValue(mine[f], theirs[f]));
            expect({ id: budget.id, differing }).toEqual({ id: budget.id, differing: [] });
            expect(budget.external_id ?? null).toBe(row.cells[1] ?? null);
          }
        } finally {
          await h.close();
        }
      },
    ),
    { numRuns: 25, seed: 1723, endOnFailure: true },
  );
}, 120_000);
