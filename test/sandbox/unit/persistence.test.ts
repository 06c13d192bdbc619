import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../src/sandbox/index';
import { getJson, sendJson, tokenFor } from './sandbox-client';

describe('persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps writes across a restart', async () => {
    const dataFile = join(dir, 'state.json');
    const first = await startSandbox({ transactions: 300, dataFile });
    expect(existsSync(dataFile)).toBe(true);
    let token = await tokenFor(first);
    const created = await sendJson<{ id: number }>(first, token, 'POST', '/invoices/', {
      reference: 'PERSIST-1',
      name: 'Persistenz',
      amount: '99.90',
      due_date: '2030-01-31',
    });
    expect(created.status).toBe(201);
    const budget = await sendJson<{ id: number }>(first, token, 'POST', '/forecast/budgets/', {
      name: 'Persistent',
      category: (await getJson<Array<{ id: number; is_category: boolean }>>(first, token, '/categories/')).body.find((c) => c.is_category)
        ?.id,
      settlement_date: '2030-02-01',
      external_id: 'persist-1',
    });
    expect(budget.status).toBe(201);
    await first.close();

    const second = await startSandbox({ transactions: 300, dataFile, seed: 999 });
    token = await tokenFor(second);
    const invoice = await getJson<{ reference: string; amount: number }>(second, token, `/invoices/${created.body.id}/`);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ reference: 'PERSIST-1', amount: 99.9 });
    const again = await getJson<{ id: number }>(second, token, '/forecast/budgets/external/persist-1/');
    expect(again.body.id).toBe(budget.body.id);
    // Id counters survive too: a new invoice does not reuse an id.
    const next = await sendJson<{ id: number }>(second, token, 'POST', '/invoices/', {
      reference: 'P-2',
      name: 'n',
      amount: 1,
      due_date: '2030-01-01',
    });
    expect(next.body.id).toBeGreaterThan(created.body.id);
    await second.close();
  });
});
