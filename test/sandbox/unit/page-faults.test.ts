/**
 * The sandbox's page faults (issue #25 items 10 and 12) and its stated text limit (item 11): what a client sees on
 * the wire.
 */
import { MAX_TEXT_LENGTH } from '../../../src/sandbox/body-reader';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import { getJson, sendJson, tokenFor, type TransactionPage } from './sandbox-client';

interface InvoicePage {
  count: number;
  next: string | null;
  previous: string | null;
  results: { invoices: { id: number; reference: string }[] };
}

let sandbox: RunningSandbox;
let token: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 50 });
  token = await tokenFor(sandbox);
});
afterEach(() => sandbox.setFaults({}));
afterAll(() => sandbox.close());

const pageNumber = (link: string | null) => (link === null ? null : new URL(link).searchParams.get('page'));

describe('page faults', () => {
  it('endless empty pages: 200, no records, a next link, also past the last page; count stays the real one', async () => {
    sandbox.setFaults({ endlessEmptyPages: { path: '/transactions/extended/', fromPage: 2 } });
    const first = await getJson<TransactionPage>(sandbox, token, '/transactions/extended/?page_size=20');
    expect(first.body.results).toHaveLength(20);
    for (const page of [2, 3, 99]) {
      const { status, body } = await getJson<TransactionPage>(sandbox, token, `/transactions/extended/?page=${page}&page_size=20`);
      expect({ status, count: body.count, rows: body.results.length, next: pageNumber(body.next) }).toEqual({
        status: 200,
        count: 50,
        rows: 0,
        next: String(page + 1),
      });
    }
    // Other lists answer as always.
    expect((await getJson(sandbox, token, '/transactions/?page=99&page_size=20')).status).toBe(404);
  });

  it('a repeated page: every page from it on brings its records again, with a next link', async () => {
    sandbox.setFaults({ repeatedPage: { path: '/invoices/', page: 2 } });
    const second = await getJson<InvoicePage>(sandbox, token, '/invoices/?page=2&page_size=5');
    const seventh = await getJson<InvoicePage>(sandbox, token, '/invoices/?page=7&page_size=5');
    expect(seventh.body.results.invoices).toEqual(second.body.results.invoices);
    expect(pageNumber(seventh.body.next)).toBe('8');
    expect(pageNumber(seventh.body.previous)).toBe('6');
  });

  it('a duplicate id: the second record of the page carries the id of the first, count unchanged', async () => {
    const plain = await getJson<InvoicePage>(sandbox, token, '/invoices/?page_size=5');
    sandbox.setFaults({ duplicateId: { path: '/invoices/', page: 1 } });
    const faulty = await getJson<InvoicePage>(sandbox, token, '/invoices/?page_size=5');
    const [a, b] = faulty.body.results.invoices;
    expect(b?.id).toBe(a?.id);
    expect(b?.reference).toBe(plain.body.results.invoices[1]?.reference); // a different record
    expect(faulty.body.count).toBe(plain.body.count);
  });
});

describe('the stated text limit', () => {
  const offlineAccount = async (): Promise<number> => {
    const { body } = await getJson<{ accounts: { id: number; status: string }[] }>(sandbox, token, '/accounts/');
    const offline = body.accounts.find((a) => a.status === 'OFFLINE');
    if (!offline) throw new Error('an offline account');
    return offline.id;
  };

  it(`is ${MAX_TEXT_LENGTH} characters, above Excel's 32,767, for transactions, invoices and budgets`, async () => {
    expect(MAX_TEXT_LENGTH).toBe(100_000);
    const account = await offlineAccount();
    const ok = await sendJson<{ purpose: string }>(sandbox, token, 'POST', `/accounts/${account}/transactions/`, {
      value_date: '2024-01-01',
      amount: 1,
      purpose: 'p'.repeat(MAX_TEXT_LENGTH),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.purpose).toHaveLength(MAX_TEXT_LENGTH);

    const tooLong = 'x'.repeat(MAX_TEXT_LENGTH + 1);
    const transaction = await sendJson(sandbox, token, 'POST', `/accounts/${account}/transactions/`, {
      value_date: '2024-01-01',
      amount: 1,
      purpose: tooLong,
    });
    expect(transaction).toEqual({
      status: 400,
      body: { purpose: ['Stellen Sie sicher, dass dieses Feld nicht mehr als 100000 Zeichen lang ist.'] },
    });
    const invoice = await sendJson(sandbox, token, 'POST', '/invoices/', {
      reference: 'R',
      name: 'N',
      amount: 1,
      due_date: '2024-01-01',
      notes: tooLong,
    });
    expect(invoice.status).toBe(400);
    expect(invoice.body).toHaveProperty('notes');
    const budget = await sendJson(sandbox, token, 'POST', '/forecast/budgets/', {
      name: 'N',
      category: 1,
      settlement_date: '2024-01-01',
      description: tooLong,
    });
    expect(budget.status).toBe(400);
    expect(budget.body).toHaveProperty('description');
  });

  it('the message is localized and states the limit', async () => {
    const response = await fetch(`${sandbox.url}/invoices/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'it' },
      body: JSON.stringify({ reference: 'R', name: 'n'.repeat(MAX_TEXT_LENGTH + 1), amount: 1, due_date: '2024-01-01' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ name: ['Assicurati che questo campo non abbia più di 100000 caratteri.'] });
  });
});
