/**
 * Property (#28): random statements (equal rows among them, some into a second account, some bad) sent through random
 * faults (a non-JSON 500 before the write, an answer lost after it, a 429, a read-back that fails) and sent again until
 * no row is left unconfirmed: each account's new transactions are exactly the sheet's good rows, each once, and each
 * row's id names a transaction equal to it.
 */

import fc from 'fast-check';
import type { MemoryImportRow } from '../../../src/sync/import';
import { itemKey, transactionKey } from '../../../src/sync/import/read-back';
import { lostAnswer, setUpImport, type ImportHarness } from './import-support';

type Fault = 'none' | 'error500' | 'lostAnswer' | 'throttled' | 'readBackFails';

const statementLine = fc.record({
  day: fc.integer({ min: 1, max: 5 }),
  cents: fc.integer({ min: -5, max: 5 }),
  purpose: fc.constantFrom('Rent', 'Coffee', 'Fee', ''),
  second: fc.boolean(),
  bad: fc.nat(9),
});
const fault: fc.Arbitrary<Fault> = fc.constantFrom('none', 'none', 'error500', 'lostAnswer', 'throttled', 'readBackFails');
const html500 = () => new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } });

function rowOf(l: { day: number; cents: number; purpose: string; second: boolean; bad: number }): MemoryImportRow {
  return {
    value_date: l.bad === 0 ? '1999-01-0' + l.day : `2025-04-0${l.day}`,
    amount: l.cents / 100,
    purpose: l.purpose,
    counterpart_name: 'Shop',
    account: l.second ? 'Treuhandkonto' : 'Kasse',
  };
}

function installFaults(h: ImportHarness, faults: readonly Fault[]): void {
  let next = 0;
  h.hook.current = async (request, forward) => {
    const post = request.method === 'POST' && request.path.endsWith('/transactions/');
    const read = request.method === 'GET' && request.path === '/transactions/';
    if (!post && !read) return undefined;
    const kind = faults[next++ % faults.length] ?? 'none';
    if (read) return kind === 'readBackFails' ? html500() : undefined;
    if (kind === 'error500') return html500();
    if (kind === 'throttled') return Response.json({ detail: 'Request was throttled.' }, { status: 429, headers: { 'Retry-After': '1' } });
    if (kind === 'lostAnswer') {
      await forward();
      return lostAnswer();
    }
    return undefined;
  };
}

test('sent again until settled, through random faults: the accounts hold the sheet’s good rows, each once', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(statementLine, { minLength: 1, maxLength: 30 }),
      fc.array(fault, { minLength: 1, maxLength: 12 }),
      async (lines, faults) => {
        const h = await setUpImport(lines.map(rowOf));
        try {
          installFaults(h, faults);
          for (let send = 0; send < 12; send += 1) {
            const { counts } = await h.send();
            if (counts.unconfirmed + counts.cancelled + counts.failed === 0) break;
            if (send === 8) h.hook.current = undefined; // the service heals at last
          }
          const rows = h.sheet.rows ?? [];
          for (const account of ['Kasse', 'Treuhandkonto']) {
            const created = await h.created(account);
            const good = rows.filter((r) => r.account === account && r.status === 'Imported');
            const keyOf = (r: MemoryImportRow) =>
              itemKey({
                value_date: String(r.value_date),
                cents: Math.round(Number(r.amount) * 100),
                purpose: String(r.purpose),
                counterpart_name: String(r.counterpart_name),
              });
            expect(created.map(transactionKey).sort()).toEqual(good.map(keyOf).sort());
            expect(new Set(good.map((r) => r.id))).toEqual(new Set(created.map((t) => t.id)));
            for (const r of good)
              expect(
                transactionKey(created.find((t) => t.id === r.id) ?? { value_date: '', amount: 0, purpose: '', counterpart_name: '' }),
              ).toBe(keyOf(r));
          }
          expect(rows.filter((r) => r.status !== 'Imported').every((r) => String(r.value_date).startsWith('1999'))).toBe(true);
        } finally {
          await h.close();
        }
      },
    ),
    { numRuns: 25, seed: 2807, endOnFailure: true },
  );
}, 120_000);
