/**
 * DUE against the sandbox: without dates the figure is the invoice list's own `amount_due` for the same filters
 * (unpaid, type, status); with dates (the list has no due-date filter) it is the `amount_due` of the open invoices
 * due in the range, and the whole range adds up to the list's `amount_due`. Requests counted with a recording `fetch`;
 * the reference figures come through a separate client.
 */

import type { CashflowClient, Invoice, InvoiceListParams } from '../../../src/api';
import { FigureError } from '../../../src/sync/figures';
import { cents, clientFor, figureHarness, startService, type Sandbox } from './support';

let sandbox: Sandbox;
let reference: CashflowClient;
let open: Invoice[];

beforeAll(async () => {
  sandbox = await startService({ transactions: 300 });
  reference = clientFor(sandbox, 'en');
  open = await reference.invoices.pages({ paid: false }).all();
});

afterAll(async () => {
  await sandbox.close();
});

/** The list's own `amount_due` for the filters (unpaid), in cents. */
async function listDue(filters: InvoiceListParams): Promise<number> {
  return cents((await reference.invoices.page({ ...filters, paid: false, page: 1, page_size: 1 })).results.amount_due);
}

/** The open invoices' `amount_due` due in the range, in cents (the reference's own reading of the rows). */
function dueIn(type: 'RE' | 'PA', from?: string, to?: string, status?: string): number {
  return open
    .filter(
      (i) =>
        i.type === type &&
        (status === undefined || i.status === status) &&
        (from === undefined || i.due_date >= from) &&
        (to === undefined || i.due_date <= to),
    )
    .reduce((sum, i) => sum + cents(i.amount_due), 0);
}

const THIS_YEAR = new Date().getUTCFullYear();

describe('DUE', () => {
  test("without dates: the list's amount_due of the unpaid invoices of the type (and status); every spelling of a type and status", async () => {
    const h = figureHarness(sandbox);
    const [re, pa, reWords, overdue, partly] = await Promise.all([
      h.engine.due('receivable'),
      h.engine.due('PA'),
      Promise.all(['RE', 're', ' Receivables ', 'Forderungen', 'forderung', 'crediti'].map((word) => h.engine.due(word, null, null, null))),
      Promise.all(['OD', 'od', 'Overdue'].map((status) => h.engine.due('payable', '', '', status))),
      h.engine.due('Verbindlichkeiten', undefined, undefined, 'partially paid'),
    ]);
    expect(cents(re)).toBe(await listDue({ type: 'receivable' }));
    expect(cents(pa)).toBe(await listDue({ type: 'payable' }));
    expect(reWords).toEqual(reWords.map(() => re));
    expect(overdue).toEqual([overdue[0], overdue[0], overdue[0]]);
    expect(cents(overdue[0] ?? NaN)).toBe(await listDue({ type: 'payable', status: 'OD' }));
    expect(cents(partly)).toBe(await listDue({ type: 'payable', status: 'PP' }));
    expect([re, pa, overdue[0], partly].every((f) => f !== 0)).toBe(true); // the cases hold invoices, or they prove little
    // One request per distinct argument set, a page of one row each.
    const lists = h.requestsTo('/invoices/');
    expect(lists).toHaveLength(4);
    expect(lists.every((s) => s.query.get('page_size') === '1' && s.query.get('paid') === 'false')).toBe(true);
  });

  test("with dates: the amount_due of the open invoices due in the range; open ends; the whole range is the list's amount_due", async () => {
    const h = figureHarness(sandbox);
    const dates = open.map((i) => i.due_date).sort();
    const first = dates[0] ?? '';
    const last = dates[dates.length - 1] ?? '';
    const cases = [
      { type: 'RE' as const, from: `${THIS_YEAR}-01-01`, to: `${THIS_YEAR}-12-31` },
      { type: 'PA' as const, from: `${THIS_YEAR}-01-01`, to: `${THIS_YEAR}-06-30` },
      { type: 'RE' as const, from: `${THIS_YEAR}-07-01`, to: undefined },
      { type: 'PA' as const, from: undefined, to: `${THIS_YEAR - 1}-12-31` },
      { type: 'RE' as const, from: `${THIS_YEAR}-01-01`, to: `${THIS_YEAR}-12-31`, status: 'OD' },
      { type: 'PA' as const, from: first, to: last },
    ];
    const figures = await Promise.all(cases.map((c) => h.engine.due(c.type, c.from, c.to, c.status)));
    for (const [i, c] of cases.entries()) expect(cents(figures[i] ?? NaN)).toBe(dueIn(c.type, c.from, c.to, c.status));
    expect(cents(figures[5] ?? NaN)).toBe(await listDue({ type: 'payable' }));
    expect(figures.filter((f) => f !== 0).length).toBeGreaterThanOrEqual(4);
    // Six ranged calls of one tick: one read of the open invoices (fewer than 1000: one page), both types.
    const lists = h.requestsTo('/invoices/');
    expect(open.length).toBeLessThan(1000);
    expect(lists).toHaveLength(1);
    expect(lists[0]?.query.get('paid')).toBe('false');
    expect(lists[0]?.query.get('type')).toBeNull();
  });

  test('calls that agree on the type and status read only those invoices; identical calls are one job; cached within the TTL', async () => {
    const h = figureHarness(sandbox);
    const figures = await Promise.all([
      h.engine.due('RE', `${THIS_YEAR}-01-01`),
      h.engine.due('receivable', `${THIS_YEAR}-01-01`),
      h.engine.due('RE', undefined, `${THIS_YEAR}-03-31`),
    ]);
    expect(figures[0]).toBe(figures[1]);
    const lists = h.requestsTo('/invoices/');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.query.get('type')).toBe('receivable');
    await h.engine.due('Forderungen', `${THIS_YEAR}-01-01`);
    expect(h.requestsTo('/invoices/')).toHaveLength(1);
  });

  test.each(['en', 'de'] as const)(
    'a read that does not add up is repeated once, then every ranged call fails as changing (%s)',
    async (language) => {
      const h = figureHarness(sandbox, { language });
      h.hook.current = async (request) => {
        const url = new URL(request.url);
        if (url.pathname !== '/invoices/' || url.searchParams.get('page_size') !== '1000') return undefined;
        const body = (await (await fetch(request)).json()) as { results: { amount_due: number } };
        return Response.json({ ...body, results: { ...body.results, amount_due: body.results.amount_due + 0.01 } }); // an invoice paid meanwhile
      };
      const [ranged, whole] = await Promise.allSettled([h.engine.due('RE', `${THIS_YEAR}-01-01`), h.engine.due('RE')]);
      expect(whole.status).toBe('fulfilled');
      const error = (ranged as PromiseRejectedResult).reason as FigureError;
      expect(error).toBeInstanceOf(FigureError);
      expect(error.message).toBe(
        language === 'en'
          ? 'The data changed while it was being read. Recalculate to try again.'
          : 'Die Daten haben sich während des Lesens geändert. Zum erneuten Versuch neu berechnen.',
      );
      expect(h.requestsTo('/invoices/').filter((s) => s.query.get('page_size') === '1000')).toHaveLength(2);
    },
  );
});
