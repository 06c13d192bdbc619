/**
 * Not collected by the normal run: `pull-dates.tz.test.ts` runs this file in child jest processes with `TZ`
 * set (jest's sandboxed `process.env` does not reach Node's time zone). A pull of transactions, invoices and
 * plans from a sandbox with a fixed clock; every date cell must be the UTC serial of the API's date, and the
 * date cells are written to `PULL_DATES_OUT` so the parent can compare the zones.
 */

import { writeFileSync } from 'fs';
import { harness, serial, startService, tableCells } from './support';

const zone = process.env.TZ ?? '';
const out = process.env.PULL_DATES_OUT ?? '';
const offsets = (process.env.EXPECTED_OFFSETS ?? '').split(',').map(Number);
const FIXED_NOW = Date.parse('2025-03-30T23:30:00Z');

describe(`pulled dates in ${zone}`, () => {
  it('runs in the requested zone', () => {
    expect([new Date(2024, 0, 1).getTimezoneOffset(), new Date(2024, 6, 1).getTimezoneOffset()]).toEqual(offsets);
  });

  it('writes every date as the serial of its UTC day, and timestamps in UTC', async () => {
    const sandbox = await startService({ transactions: 400, now: () => new Date(FIXED_NOW) });
    const h = harness(sandbox, { puller: { now: () => FIXED_NOW } });
    try {
      await h.puller.pull({ resource: 'transactions' });
      await h.puller.pull({ resource: 'invoices' });
      await h.puller.pull({ resource: 'plans' });
      const transactions = await h.client.transactions.pages({}).all();
      const invoices = await h.client.invoices.pages({}).all();
      const plans = await h.client.plans.list();
      const digest: Record<string, unknown[]> = {};
      for (const [table, headers] of [
        ['Transactions', ['Id', 'Value date', 'Booking date']],
        ['Invoices', ['Id', 'Date', 'Due date', 'Expected date', 'Created']],
        ['Plans', ['Id', 'Created', 'Updated']],
      ] as const) {
        const cells = tableCells(h.workbook, table);
        digest[table] = cells.rows.map((row) => headers.map((header) => row[cells.headers.indexOf(header)]));
      }
      const byId = (table: string) => new Map((digest[table] ?? []).map((row) => [(row as unknown[])[0], row as unknown[]]));
      const tx = byId('Transactions');
      for (const t of transactions)
        expect(tx.get(t.id)).toEqual([t.id, serial(t.value_date), t.bank_booking_date === null ? '' : serial(t.bank_booking_date)]);
      const inv = byId('Invoices');
      for (const i of invoices) {
        expect(inv.get(i.id)).toEqual([
          i.id,
          serial(i.date),
          serial(i.due_date),
          serial(i.expected_date),
          (Date.parse(i.date_created) - Date.UTC(1899, 11, 30)) / 86_400_000,
        ]);
      }
      const pl = byId('Plans');
      for (const p of plans) expect(pl.get(p.id)?.[1]).toBeCloseTo((Date.parse(p.date_created) - Date.UTC(1899, 11, 30)) / 86_400_000, 8);
      if (out !== '') writeFileSync(out, JSON.stringify(digest));
    } finally {
      h.uninstall();
      await sandbox.close();
    }
  });
});
