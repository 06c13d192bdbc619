import { tableStamp, utcMinute, type StampFacts } from '../../../src/sync/pull/table-stamp';

const filtered: StampFacts = {
  label: 'Transactions',
  company: 'Demo GmbH',
  filter: { target: { resource: 'transactions', filters: { min_date: '2026-01-01', max_date: '2026-11-25', category: [1, 2, 3] } } },
  refreshedAt: '2026-11-26T09:14:37.120Z',
  complete: true,
  rowCount: 5000,
  warnings: [],
};

describe('the stamp above a table', () => {
  test('the example of the issue: card name, company, filter, refreshed in UTC, verdict with the row count', () => {
    expect(tableStamp(filtered, 'en')).toBe(
      'Transactions · Demo GmbH · 2026-01-01 to 2026-11-25, 3 categories · refreshed 2026-11-26 09:14 UTC · complete, 5,000 rows',
    );
  });

  test('in German and Italian, with their numbers and the card names of that language', () => {
    expect(tableStamp({ ...filtered, label: 'Umsätze' }, 'de')).toBe(
      'Umsätze · Demo GmbH · 2026-01-01 bis 2026-11-25, 3 Kategorien · aktualisiert 2026-11-26 09:14 UTC · vollständig, 5.000 Zeilen',
    );
    // Italian groups from five digits on (CLDR), as the pane's counts do.
    expect(tableStamp({ ...filtered, label: 'Movimenti', rowCount: 12340 }, 'it')).toBe(
      'Movimenti · Demo GmbH · dal 2026-01-01 al 2026-11-25, 3 categorie · aggiornata il 2026-11-26 09:14 UTC · completa, 12.340 righe',
    );
  });

  test('no filter reads "all rows"; one row is singular', () => {
    const plain: StampFacts = { ...filtered, label: 'Forecast budgets', filter: { target: { resource: 'forecastBudgets' } }, rowCount: 1 };
    expect(tableStamp(plain, 'en')).toBe('Forecast budgets · Demo GmbH · all rows · refreshed 2026-11-26 09:14 UTC · complete, 1 row');
    expect(tableStamp({ ...plain, label: 'Prognose-Budgets', rowCount: 12340 }, 'de')).toBe(
      'Prognose-Budgets · Demo GmbH · alle Zeilen · aktualisiert 2026-11-26 09:14 UTC · vollständig, 12.340 Zeilen',
    );
    expect(tableStamp({ ...plain, label: 'Budget previsionali', rowCount: 0 }, 'it')).toBe(
      'Budget previsionali · Demo GmbH · tutte le righe · aggiornata il 2026-11-26 09:14 UTC · completa, 0 righe',
    );
  });

  test('a period names itself beside its dates', () => {
    const period: StampFacts = {
      ...filtered,
      filter: { target: { resource: 'forecastBudgets', filters: { min_date: '2026-01-01', max_date: '2026-12-31' } }, period: 'thisYear' },
    };
    expect(tableStamp(period, 'en')).toContain(' · This year: 2026-01-01 to 2026-12-31 · ');
  });

  test('incomplete: the first warning, without the table name it starts with (the stamp has said it)', () => {
    const warnings = ['Transactions: the service changed during the pull (4,998 of 5,000 rows). Refresh again to be sure.', 'a second one'];
    expect(tableStamp({ ...filtered, complete: false, rowCount: 4998, warnings }, 'en')).toBe(
      'Transactions · Demo GmbH · 2026-01-01 to 2026-11-25, 3 categories · refreshed 2026-11-26 09:14 UTC · incomplete, 4,998 rows: the service changed during the pull (4,998 of 5,000 rows). Refresh again to be sure.',
    );
    expect(tableStamp({ ...filtered, label: 'Umsätze', complete: false, warnings: [] }, 'de')).toMatch(
      / · unvollständig, 5\.000 Zeilen: Vollständigkeit nicht bestätigt$/,
    );
    expect(tableStamp({ ...filtered, complete: false, warnings: ['Movimenti: testo tagliato'], label: 'Movimenti' }, 'it')).toMatch(
      / · incompleta, 5000 righe: testo tagliato$/,
    );
  });

  test('the company is left out when unknown or blank', () => {
    const { company: _company, ...unnamed } = filtered;
    expect(tableStamp(unnamed, 'en')).toMatch(/^Transactions · 2026-01-01 to /);
    expect(tableStamp({ ...filtered, company: '  ' }, 'en')).toMatch(/^Transactions · 2026-01-01 to /);
  });

  test('the time is the instant in UTC, whatever the offset it was written with', () => {
    expect(utcMinute('2026-11-26T10:14:59+01:00')).toBe('2026-11-26 09:14 UTC');
    expect(utcMinute('2026-12-31T23:59:00-05:00')).toBe('2027-01-01 04:59 UTC');
  });
});
