import { LANGUAGES } from '../../../src/i18n/catalog';
import { ALL_BUDGETS_TABLE, FORECAST_BUDGETS_TABLE, INVOICES_TABLE, scenarioBudgetsTable, tableSpec } from '../../../src/sync/tables';
import { codeChoices } from '../../../src/sync/tables/code-labels';
import { codeList, LIST_LIMITS, listColumns } from '../../../src/sync/tables/code-list';

const headersWithLists = (spec: ReturnType<typeof tableSpec>) => listColumns(spec.columns).map(({ column }) => column.header);

describe('in-cell lists of the code columns (the table model says them, in the core)', () => {
  test("every pushable budget table's editable code columns carry their codes; All budgets (read-only) none", () => {
    for (const spec of [tableSpec(FORECAST_BUDGETS_TABLE), tableSpec(scenarioBudgetsTable(303))]) {
      expect(headersWithLists(spec)).toEqual(['Frequency', 'Sequence type', 'Base']);
      const base = spec.columns.find((c) => c.header === 'Base');
      expect(base?.choices?.codes.map((c) => c.code)).toEqual(['FS', 'S', 'F']);
      expect(base?.choices?.empty).toBeNull();
      expect(spec.columns.find((c) => c.header === 'Frequency')?.choices?.empty).toBe('code.frequency.once');
    }
    expect(headersWithLists(tableSpec(ALL_BUDGETS_TABLE))).toEqual([]);
    // Label columns are read-only words: no list.
    expect(tableSpec(FORECAST_BUDGETS_TABLE).columns.filter((c) => c.header.endsWith(' label') && c.choices !== undefined)).toEqual([]);
    // Invoices are pushed (#28): their Type and Status columns take codes from a list.
    expect(headersWithLists(tableSpec(INVOICES_TABLE))).toEqual(['Type', 'Status']);
  });

  test('a spec carries the language of its words only when given one', () => {
    expect(tableSpec(FORECAST_BUDGETS_TABLE, { language: 'de' }).language).toBe('de');
    expect(tableSpec(FORECAST_BUDGETS_TABLE)).not.toHaveProperty('language');
  });

  test('the list holds the codes; its prompt says what each means, in the language of the pull', () => {
    const base = codeList({ header: 'Base', choices: codeChoices('budgetBase', false) }, 'en');
    expect(base).toEqual({
      source: 'FS,S,F',
      emptyAllowed: false,
      prompt: { title: 'Pick a code from the list', message: 'FS: Forecast and scenario · S: Scenario · F: Forecast' },
      error: {
        title: 'Not a code of this column',
        message: 'Base takes one of these codes: FS (Forecast and scenario), S (Scenario), F (Forecast).',
      },
    });
    const frequency = codeList({ header: 'Frequency', choices: codeChoices('frequency', true) }, 'de');
    expect(frequency.source).toBe('daily,weekly,monthly,quarterly,yearly');
    expect(frequency.emptyAllowed).toBe(true);
    expect(frequency.prompt.message).toBe(
      'daily: Täglich · weekly: Wöchentlich · monthly: Monatlich · quarterly: Vierteljährlich · yearly: Jährlich · leer: Einmalig',
    );
    expect(frequency.error.message).toMatch(/oder eine leere Zelle\.$/);
    // A word that only repeats its code is left out (English frequencies).
    expect(codeList({ header: 'Frequency', choices: codeChoices('frequency', true) }, 'en').prompt.message).toBe(
      'daily · weekly · monthly · quarterly · yearly · empty: One-time',
    );
  });

  test("every list text fits Excel's limits in every language, uncut (titles 32, prompt 255, error 225 characters)", () => {
    for (const language of LANGUAGES) {
      for (const { column } of listColumns(tableSpec(FORECAST_BUDGETS_TABLE).columns)) {
        const list = codeList(column, language);
        for (const title of [list.prompt.title, list.error.title]) expect(title.length).toBeLessThanOrEqual(LIST_LIMITS.title);
        expect(list.prompt.message.length).toBeLessThanOrEqual(LIST_LIMITS.prompt);
        expect(list.error.message.length).toBeLessThanOrEqual(LIST_LIMITS.error);
        expect(`${list.prompt.message}${list.error.message}`).not.toContain('…');
      }
    }
    // Invoice status (11 codes, #28) would fit too.
    expect(
      codeList(
        {
          header: 'Status',
          choices: { codes: Array.from({ length: 11 }, (_, i) => ({ code: `S${i}`, label: 'code.budgetBase.FS' as const })), empty: null },
        },
        'de',
      ).prompt.message.length,
    ).toBeLessThanOrEqual(255);
  });
});
