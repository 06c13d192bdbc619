/**
 * The pull writes each table's stamp (#26): after a first load, a refresh (incremental too) and the accounts pull's
 * two tables; a failed pull leaves the previous stamp; a user's cell above a table is kept, and the pull state
 * remembers only stamps that stand.
 */

import { useService } from './support';

const suite = useService({ transactions: 300 });

/** A clock the test moves: the stamp's time is when the pull finished. */
const clock = { ms: Date.parse('2026-11-26T09:14:05Z') };

function stampOf(sheet: string, address = 'A1'): unknown {
  return suite.h.workbook.values(sheet, address)[0]?.[0];
}

beforeEach(() => {
  clock.ms = Date.parse('2026-11-26T09:14:05Z');
  suite.use({ puller: { now: () => clock.ms, incrementalMarginMs: 0, language: 'en' } });
});

describe('the stamp a pull writes', () => {
  it('a first load and a refresh: the card name, the company, the filter, the time and the verdict, above the table', async () => {
    const { puller, store } = suite.h;
    const filters = { min_date: '2024-01-01', max_date: '2026-11-25' };
    const first = await puller.pull({ resource: 'transactions', filters }, { label: 'Transactions', company: 'Demo GmbH' });
    expect(first.write.address).toMatch(/^Transactions!A2:/);
    const rows = first.rowCount.toLocaleString('en-GB');
    expect(stampOf('Transactions')).toBe(
      `Transactions · Demo GmbH · 2024-01-01 to 2026-11-25 · refreshed 2026-11-26 09:14 UTC · complete, ${rows} rows`,
    );
    expect((await store.get('Transactions'))?.stamps).toEqual({ Transactions: stampOf('Transactions') });

    // An incremental refresh an hour later: the same line with the new time.
    clock.ms += 3_600_000;
    const again = await puller.refresh('Transactions', { label: 'Transactions', company: 'Demo GmbH' });
    expect(again.mode).toBe('incremental');
    expect(stampOf('Transactions')).toBe(
      `Transactions · Demo GmbH · 2024-01-01 to 2026-11-25 · refreshed 2026-11-26 10:14 UTC · complete, ${rows} rows`,
    );
  });

  it("in the pull's language, and the Excel table's name only when no card name is given", async () => {
    const { puller } = suite.h;
    await puller.pull({ resource: 'forecastBudgets' }, { label: 'Prognose-Budgets', company: 'Demo GmbH' });
    expect(stampOf('Forecast budgets')).toMatch(
      /^Prognose-Budgets · Demo GmbH · all rows · refreshed 2026-11-26 09:14 UTC · complete, \d+ rows$/,
    );
    suite.use({ puller: { now: () => clock.ms, language: 'de' } });
    await suite.h.puller.pull({ resource: 'categories' }, { label: 'Kategorien', company: 'Demo GmbH' });
    expect(stampOf('Categories')).toMatch(
      /^Kategorien · Demo GmbH · alle Zeilen · aktualisiert 2026-11-26 09:14 UTC · vollständig, \d+ Zeilen$/,
    );
    await suite.h.puller.pull({ resource: 'plans' });
    expect(stampOf('Plans')).toMatch(/^Plans · alle Zeilen · /);
  });

  it('the accounts pull stamps its balance summary and the accounts, each above its own table', async () => {
    await suite.h.puller.pull({ resource: 'accounts' }, { label: 'Accounts', company: 'Demo GmbH' });
    expect(stampOf('Accounts', 'A1')).toMatch(/^Balance summary · Demo GmbH · all rows · refreshed .* · complete, 5 rows$/);
    expect(stampOf('Accounts', 'A10')).toMatch(/^Accounts · Demo GmbH · all rows · refreshed .* · complete, \d+ rows$/);
    expect(suite.h.workbook.values('Accounts', 'A2:A3')).toEqual([['Horizon'], ['today']]);
    expect(suite.h.workbook.values('Accounts', 'A11')).toEqual([['Id']]);
    expect(Object.keys((await suite.h.store.get('Accounts'))?.stamps ?? {}).sort()).toEqual(['Accounts', 'BalanceSummary']);
  });

  it('a failed or cancelled refresh leaves the previous stamp (the table is as before, so its stamp is still true)', async () => {
    const { puller, hook } = suite.h;
    await puller.pull({ resource: 'invoices' }, { label: 'Invoices', company: 'Demo GmbH' });
    const before = stampOf('Invoices');
    const state = await suite.h.store.get('Invoices');
    clock.ms += 60_000;
    // A malformed page: the pull fails, the host puts the table back.
    hook.current = (request) =>
      new URL(request.url).pathname === '/invoices/'
        ? new Response(JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 'not a number' }] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : undefined;
    await expect(puller.refresh('Invoices', { label: 'Invoices', company: 'Demo GmbH' })).rejects.toThrow();
    hook.current = undefined;
    // Cancelled while the pages arrive.
    const controller = new AbortController();
    const cancelled = puller.refresh('Invoices', {
      label: 'Invoices',
      company: 'Demo GmbH',
      signal: controller.signal,
      onProgress: (p) => p.phase === 'fetching' && controller.abort(),
    });
    await expect(cancelled).rejects.toThrow();
    expect(stampOf('Invoices')).toBe(before);
    expect(before).toMatch(/ · refreshed 2026-11-26 09:14 UTC · /);
    expect(await suite.h.store.get('Invoices')).toEqual(state);
  });

  it("a user's note above the table is never overwritten, and the state claims no stamp there", async () => {
    const { puller, workbook, store } = suite.h;
    await puller.pull({ resource: 'banks' }, { label: 'Banks', company: 'Demo GmbH' });
    await workbook.run(async (context) => {
      context.workbook.worksheets.getItem('Banks').getRange('A1').values = [['Checked by MK, 26 Nov']];
      await context.sync();
    });
    await puller.refresh('Banks', { label: 'Banks', company: 'Demo GmbH' });
    expect(stampOf('Banks')).toBe('Checked by MK, 26 Nov');
    expect((await store.get('Banks'))?.stamps).toBeUndefined();
  });
});
