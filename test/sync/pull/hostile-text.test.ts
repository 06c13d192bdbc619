/**
 * Untrusted text stays text: the sandbox's hostile purposes, counterpart names, invoice references and budget
 * names, and every text of the corpus (test/fixtures) imported as purposes, arrive exactly as sent with value type String.
 */

import { spreadsheetTexts } from '../../fixtures/spreadsheet-text';
import { harness, startService, tableCells, type Harness, type Sandbox } from './support';

const HOSTILE = ['=HYPERLINK("http://x","y")', '+41 44 000 00 00', '@SUM(A1)', '-1500', '=1+1'];

let sandbox: Sandbox;
let h: Harness;
beforeAll(async () => {
  sandbox = await startService({ transactions: 300 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  h = harness(sandbox);
});
afterEach(() => h.uninstall());

/** Every cell of a text column holding one of `texts`: [value, valueType]. */
function hits(tableName: string, header: string, texts: readonly string[]): [unknown, string | undefined][] {
  const { headers, rows, types } = tableCells(h.workbook, tableName);
  const c = headers.indexOf(header);
  expect(c).toBeGreaterThanOrEqual(0);
  return rows.flatMap((row, r) => (texts.includes(String(row[c])) ? [[row[c], types[r]?.[c]] as [unknown, string | undefined]] : []));
}

describe('formula-like texts', () => {
  it('stay text in transactions, invoices and budgets', async () => {
    await h.puller.pull({ resource: 'transactions' });
    await h.puller.pull({ resource: 'invoices' });
    await h.puller.pull({ resource: 'forecastBudgets' });
    for (const [table, header] of [
      ['Transactions', 'Purpose'],
      ['Transactions', 'Counterpart'],
      ['Invoices', 'Reference'],
      ['ForecastBudgets', 'Name'],
    ] as const) {
      const found = hits(table, header, HOSTILE);
      expect(new Set(found.map(([v]) => v))).toEqual(new Set(HOSTILE));
      for (const [, type] of found) expect(type).toBe('String');
    }
  });

  it('every corpus text arrives unchanged as a purpose', async () => {
    const corpus = spreadsheetTexts().map((e) => e.text);
    const summary = await h.client.accounts.summary();
    const offline = summary.accounts.find((a) => a.status === 'OFFLINE');
    if (!offline) throw new Error('the demo company has offline accounts');
    const created = await h.client.accounts.createTransactions(
      offline.id,
      corpus.map((text, i) => ({ value_date: '2024-05-01', amount: -(i + 1), purpose: text, counterpart_name: text })),
    );
    await h.puller.pull({ resource: 'transactions', filters: { ids: created.map((t) => t.id) } });
    const { headers, rows, types } = tableCells(h.workbook, 'Transactions');
    const id = headers.indexOf('Id');
    const purpose = headers.indexOf('Purpose');
    const counterpart = headers.indexOf('Counterpart');
    const sentById = new Map(created.map((t) => [t.id, t.purpose]));
    expect(rows).toHaveLength(corpus.length);
    rows.forEach((row, r) => {
      const sent = sentById.get(row[id] as number);
      // What the service stored is what must arrive (the service may normalise; the table must not).
      expect([row[purpose], types[r]?.[purpose]]).toEqual([sent, sent === '' ? 'Empty' : 'String']);
      expect(row[counterpart]).toBe(row[purpose]);
    });
    // The service trims surrounding whitespace (as DRF's CharField does); everything else is stored as sent.
    expect(new Set(created.map((t) => t.purpose))).toEqual(new Set(corpus.map((text) => text.trim())));
  });
});
