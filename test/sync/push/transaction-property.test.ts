/**
 * Property (#28): random recategorizations of a pulled Transactions table (paths from the in-cell list, the same row
 * changed twice, rows sorted, read-only cells edited), sent through random faults (non-JSON 500s before a change is
 * applied, answers lost after it was, 429s) and sent again until nothing waits, end with the service equal to the
 * sheet: every transaction's category is the one its row shows, and no other transaction changed.
 */

import fc from 'fast-check';
import { faultHook, type Fault } from './push-support';
import { setUpTransactions, type TransactionHarness } from './transaction-support';

type Edit = { kind: 'category'; row: number; choice: number } | { kind: 'purpose'; row: number } | { kind: 'sort' };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('category' as const), row: fc.nat(200), choice: fc.nat(200) }),
  fc.record({ kind: fc.constant('category' as const), row: fc.nat(200), choice: fc.nat(200) }),
  fc.record({ kind: fc.constant('purpose' as const), row: fc.nat(200) }),
  fc.constant({ kind: 'sort' as const }),
);
const fault: fc.Arbitrary<Fault> = fc.constantFrom('none', 'none', 'error500', 'lostAnswer', 'throttled');

function apply(h: TransactionHarness, e: Edit): void {
  const at = 'row' in e ? e.row % h.sheet.rows.length : 0;
  if (e.kind === 'category') h.sheet.set(at, 'category_path', h.choices[e.choice % h.choices.length] ?? null);
  else if (e.kind === 'purpose') h.sheet.set(at, 'purpose', `Edited ${at}`);
  else h.sheet.rows.reverse();
}

test('random recategorizations sent through random faults and sent again leave the service equal to the sheet', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(edit, { minLength: 1, maxLength: 15 }),
      fc.array(fault, { minLength: 1, maxLength: 10 }),
      async (edits, faults) => {
        const h = await setUpTransactions();
        try {
          const before = await h.service();
          edits.forEach((e) => apply(h, e));
          h.hook.current = faultHook(faults);
          await h.push();
          h.hook.current = undefined;
          for (let round = 0; round < 3; round += 1) {
            const result = await h.push();
            if (result.rows.every((r) => r.outcome === 'landed')) break;
          }
          const service = await h.service();
          expect([...service.keys()].sort()).toEqual([...before.keys()].sort());
          for (const row of h.sheet.rows) {
            const id = row.cells[0] as number;
            const path = h.sheet.cell(h.sheet.find(id), 'category_path');
            expect({ id, category: service.get(id)?.category.id }).toEqual({ id, category: h.idOf(path as string) });
            // Nothing but the category changed.
            expect({ ...service.get(id), category: null, date_updated: null }).toEqual({
              ...before.get(id),
              category: null,
              date_updated: null,
            });
          }
        } finally {
          await h.close();
        }
      },
    ),
    { numRuns: 25, seed: 2028, endOnFailure: true },
  );
}, 180_000);
