/**
 * Property (#28): random edits of a pulled Invoices table (expected dates, statuses, notes, names, amounts, rows
 * deleted and added, the table sorted), sent through random faults (non-JSON 500s before a change is applied,
 * answers lost after it was, 429s) and sent again until nothing waits, end with the service equal to the sheet: the
 * same invoices (none lost, none created twice, the deleted ones gone) with the same values in every editable column.
 */

import fc from 'fast-check';
import { buildLookups, rowToFields, toRow } from '../../../src/sync/tables';
import { sameValue } from '../../../src/sync/push';
import { day, setUpInvoices, type InvoiceHarness } from './invoice-support';
import { faultHook, type Fault } from './push-support';

type Edit =
  | { kind: 'expected'; row: number; days: number }
  | { kind: 'status'; row: number; status: string }
  | { kind: 'notes'; row: number; text: string }
  | { kind: 'name'; row: number; text: string }
  | { kind: 'amount'; row: number; cents: number }
  | { kind: 'delete'; row: number }
  | { kind: 'add'; cents: number }
  | { kind: 'sort' };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  // Future dates only: a past one comes back as today (the service's rule), which the unit tests cover.
  fc.record({ kind: fc.constant('expected' as const), row: fc.nat(400), days: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('status' as const), row: fc.nat(400), status: fc.constantFrom('OD', 'PL', 'PR', 'HD', 'DP', 'IP') }),
  fc.record({ kind: fc.constant('notes' as const), row: fc.nat(400), text: fc.oneof(fc.constant(''), fc.string({ maxLength: 30 })) }),
  fc.record({
    kind: fc.constant('name' as const),
    row: fc.nat(400),
    text: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
  }),
  fc.record({
    kind: fc.constant('amount' as const),
    row: fc.nat(400),
    cents: fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((c) => c !== 0),
  }),
  fc.record({ kind: fc.constant('delete' as const), row: fc.nat(400) }),
  fc.record({ kind: fc.constant('add' as const), cents: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.constant({ kind: 'sort' as const }),
);
const fault: fc.Arbitrary<Fault> = fc.constantFrom('none', 'none', 'error500', 'lostAnswer', 'throttled');

function apply(h: InvoiceHarness, e: Edit, n: number): void {
  const at = 'row' in e ? e.row % h.sheet.rows.length : 0;
  switch (e.kind) {
    case 'expected':
      // A paid invoice keeps any date; others take a future one as sent.
      h.sheet.set(at, 'expected_date', day(e.days));
      return;
    case 'status':
      h.sheet.set(at, 'status', e.status);
      return;
    case 'notes':
      h.sheet.set(at, 'notes', e.text === '' ? null : e.text);
      return;
    case 'name':
      h.sheet.set(at, 'name', e.text.trim());
      return;
    case 'amount':
      h.sheet.set(at, 'amount', e.cents / 100);
      return;
    case 'delete':
      h.sheet.rows.splice(at, 1);
      return;
    case 'add': {
      const added = h.sheet.rows.push({ cells: h.sheet.rows[0]?.cells.map(() => null) ?? [], status: '', highlight: [] }) - 1;
      Object.entries({
        reference: `P-${n}-${e.cents}`,
        name: `Added ${n}`,
        amount: e.cents / 100,
        due_date: day(30),
        expected_date: day(30),
      }).forEach(([k, v]) => h.sheet.set(added, k, v));
      return;
    }
    case 'sort':
      h.sheet.rows.reverse();
  }
}

test('random invoice edits sent through random faults and sent again leave the service equal to the sheet', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(edit, { minLength: 1, maxLength: 12 }),
      fc.array(fault, { minLength: 1, maxLength: 20 }),
      async (edits, faults) => {
        const h = await setUpInvoices();
        try {
          edits.forEach((e, n) => apply(h, e, n));
          h.hook.current = faultHook(faults);
          await h.push({ deletes: true });
          h.hook.current = undefined;
          for (let round = 0; round < 3; round += 1) {
            const result = await h.push({ deletes: true });
            if (result.rows.every((r) => r.outcome === 'landed')) break;
          }

          const service = await h.service();
          const lookups = buildLookups({
            categories: await h.other.categories.list(),
            accounts: (await h.other.accounts.summary()).accounts,
          });
          const sheetIds = h.sheet.rows.map((r) => r.cells[0]);
          expect(sheetIds.every((id) => typeof id === 'number')).toBe(true);
          expect([...service.keys()].sort()).toEqual([...(sheetIds as number[])].sort());
          for (const row of h.sheet.rows) {
            const invoice = service.get(row.cells[0] as number);
            if (invoice === undefined) throw new Error('missing');
            const theirs = rowToFields(h.model, toRow(h.model, invoice, lookups));
            const mine = rowToFields(h.model, row.cells);
            const differing = Object.keys(mine).filter((f) => !sameValue(mine[f], theirs[f]));
            expect({ id: invoice.id, differing }).toEqual({ id: invoice.id, differing: [] });
          }
        } finally {
          await h.close();
        }
      },
    ),
    { numRuns: 25, seed: 2028, endOnFailure: true },
  );
}, 180_000);
