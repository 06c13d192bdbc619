/**
 * A table the sheet cannot hold (issue #30): when page 1 tells a count above the rows a worksheet has below the
 * table's header (1,048,574 for a table at A2, below the stamp row), the pull refuses before it writes a row, with the count and a filter
 * suggestion, and the previous table (or none) stays. The service's count is made that large by rewriting page 1's
 * answer on its way to the client: the sandbox holds 1,500 transactions.
 */

import { PullTooManyRowsError } from '../../../src/sync/pull';
import { refuseRowsBeyondSheet } from '../../../src/sync/pull/sheet-room';
import type { PullContext } from '../../../src/sync/pull/pull-context';
import { bodyRowsBelow, SHEET_ROWS } from '../../../src/sync/sheet-rows';
import { translate } from '../../../src/i18n/translate';
import { apiCalls, sheetState, useService, type FetchHook, rejectionOf } from './support';

const suite = useService({ transactions: 1500 });

/** Answers of `pathname` whose `count` is `count` (each page's, as a service with that many rows tells it). */
function countOf(pathname: string, count: number): FetchHook {
  return async (request) => {
    if (new URL(request.url).pathname !== pathname) return undefined;
    const response = await fetch(request);
    const body = (await response.json()) as { count: number };
    return Response.json({ ...body, count }, { status: response.status });
  };
}

describe('a table longer than the sheet', () => {
  it('a first pull of 1,048,575 transactions is refused after page 1: no sheet, no table, no second page', async () => {
    const h = suite.h;
    h.hook.current = countOf('/transactions/extended/', 1_048_575);
    const sheetsBefore = h.workbook.sheetNames();

    const error = await rejectionOf(h.puller.pull({ resource: 'transactions' }));

    expect(error).toBeInstanceOf(PullTooManyRowsError);
    expect(error).toMatchObject({ tableName: 'Transactions', count: 1_048_575, room: 1_048_574 });
    expect(error.message).toBe(
      "Loading Transactions was not started: the service has 1,048,575 rows for it, and a worksheet holds 1,048,574 below the table's header. The previous Transactions table is unchanged. Narrow it under Filters (a shorter period, some accounts or categories) and load again.",
    );
    const pages = apiCalls(h.sent).filter((s) => s.path === '/transactions/extended/');
    expect(pages.map((s) => s.query.get('page'))).toEqual(['1']);
    expect(h.workbook.tables().map((t) => t.name)).not.toContain('Transactions');
    expect(h.workbook.sheetNames()).toEqual(sheetsBefore);
  });

  it('exactly the room is not refused: the rows are written and the count check says what is missing', async () => {
    const h = suite.h;
    h.hook.current = countOf('/transactions/extended/', 1_048_574);
    const result = await h.puller.pull({ resource: 'transactions' });
    expect(result.rowCount).toBe(1500);
    expect(result.verification).toMatchObject({ ok: false, expectedCount: 1_048_574, actualCount: 1500 });
  });

  it('a refresh whose service grew past the sheet: the incremental check falls back, the full pull refuses, the table stays', async () => {
    const h = suite.h;
    await h.puller.pull({ resource: 'transactions' });
    const before = sheetState(h.workbook, 'Transactions');
    h.hook.current = countOf('/transactions/extended/', 2_000_000);

    const error = await rejectionOf(h.puller.refresh('Transactions'));

    expect(error).toBeInstanceOf(PullTooManyRowsError);
    expect(error).toMatchObject({ count: 2_000_000 });
    expect(sheetState(h.workbook, 'Transactions')).toEqual(before);
  });

  it('invoices in German: the count in German digits and the invoice filters suggested; the previous table unchanged', async () => {
    const h = suite.use({ puller: { language: 'de' } });
    await h.puller.pull({ resource: 'invoices' });
    const before = sheetState(h.workbook, 'Invoices');
    h.hook.current = countOf('/invoices/', 1_200_000);

    const error = await rejectionOf(h.puller.pull({ resource: 'invoices' }));

    expect(error.message).toBe(
      'Das Laden von Invoices wurde nicht begonnen: Der Dienst hat dafür 1.200.000 Zeilen, ein Arbeitsblatt fasst unter der Kopfzeile der Tabelle aber nur 1.048.574. Die bisherige Tabelle Invoices ist unverändert. Bitte unter Filter eingrenzen (ein kürzerer Zeitraum oder ein Status) und erneut laden.',
    );
    expect(sheetState(h.workbook, 'Invoices')).toEqual(before);
  });
});

describe('the room below a header', () => {
  it('is the sheet less the rows above and the header row itself', () => {
    expect(SHEET_ROWS).toBe(1_048_576);
    expect(bodyRowsBelow()).toBe(1_048_575);
    expect(bodyRowsBelow('A1')).toBe(1_048_575);
    expect(bodyRowsBelow('$C$3')).toBe(1_048_573);
  });

  it('the guard refuses one row more than the room of its anchor, in Italian with the budgets hint', () => {
    const context = {
      spec: { tableName: 'ForecastBudgets', sheetName: 'Budgets', anchor: 'B10', columns: [], keyColumn: 'id', language: 'it' },
      label: 'Budget',
      t: (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('it', key, params),
    } as unknown as PullContext;
    expect(() => refuseRowsBeyondSheet('forecastBudgets', 1_048_566, context)).not.toThrow();
    expect(() => refuseRowsBeyondSheet('forecastBudgets', 1_048_567, context)).toThrow(
      "Lo scaricamento di Budget non è stato avviato: il servizio ha 1.048.567 righe, ma un foglio di lavoro ne contiene al massimo 1.048.566 sotto l'intestazione della tabella. La tabella Budget precedente è invariata. Restringere in Filtri (un periodo più breve) e caricare di nuovo.",
    );
  });
});
