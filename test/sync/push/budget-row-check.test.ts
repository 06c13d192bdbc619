import type { Category } from '../../../src/api';
import { LANGUAGES, type Language } from '../../../src/i18n/catalog';
import { en as pushMessages } from '../../../src/i18n/messages/push';
import { categoryProblem, checkBudgetRows, type BudgetCheckContext, type BudgetRowCheck, type SheetRow } from '../../../src/sync/push';
import type { CoreValue } from '../../../src/sync/workbook-port';
import { cells, sheetOf } from './budget-rows';

const newRow = (overrides: Record<string, CoreValue> = {}, position = 0) => sheetOf(cells({ id: null, ...overrides }), position);
const changedRow = (overrides: Record<string, CoreValue> = {}, position = 0) => sheetOf(cells(overrides), position);

const category = (id: number, parent: number | null, flags: Partial<Category> = {}): Category => ({
  id,
  parent,
  name: `Category ${id}`,
  slug: `c${id}`,
  description: '',
  order: id,
  is_obsolete: false,
  is_category: true,
  is_aggregating: false,
  is_default: false,
  ...flags,
});

const CATEGORIES: Category[] = [
  category(1, null, { is_category: false, is_aggregating: true }), // Ausgaben
  category(10, 1, { is_category: false }), // Raumkosten: has children
  category(12, 10), // Miete: a leaf
  category(13, 10, { is_obsolete: true }), // archived leaf
  category(30, 1), // says is_category but has a child (inconsistent list): the child rule wins
  category(31, 30),
  category(40, 1, { is_category: false }), // a leaf the service does not map
  category(41, 1, { is_aggregating: true }), // aggregating leaf
  category(90, null, { is_default: true, is_category: false }), // system category
];

/** Two leaves called Miete in different places. */
const TWO_NAMED_MIETE: Category[] = [...CATEGORIES, category(50, 10, { name: 'Miete' }), category(51, 1, { name: 'Miete' })];

const context = (over: Partial<BudgetCheckContext> = {}): BudgetCheckContext => ({
  categories: CATEGORIES,
  accounts: [701, 702],
  existingExternalIds: [],
  language: 'en',
  ...over,
});

const one = (row: SheetRow, over: Partial<BudgetCheckContext> = {}): BudgetRowCheck => {
  const [result] = checkBudgetRows([row], context(over));
  if (result === undefined) throw new Error('no result');
  return result;
};
const okFields = (result: BudgetRowCheck): Record<string, unknown> => {
  if (!result.ok) throw new Error(`not ok: ${JSON.stringify(result.problems)}`);
  return result.fields;
};
const messages = (result: BudgetRowCheck): Record<string, string> => {
  if (result.ok) throw new Error(`ok: ${JSON.stringify(result.fields)}`);
  return Object.fromEntries(result.problems.map((p) => [p.field, p.message]));
};

describe('checking budget rows before a push', () => {
  test('a valid new row is ok, its fields normalized: numbers as numbers, category as a number, empty ids as null', () => {
    const result = one(newRow({ category_id: '12', amount: '-2500.5', rate: 0.0125, account_id: null, tags: 'a, b', d: '0.5', r: 2 }));
    expect(result).toMatchObject({ ok: true, id: null, externalId: 'rent-2026', addressable: true, position: 0 });
    expect(okFields(result)).toMatchObject({
      name: 'Rent',
      category: 12,
      settlement_date: '2026-12-01',
      amount: -2500.5,
      rate: 0.0125,
      d: 0.5,
      r: 2,
      account: null,
      tags: ['a', 'b'],
      frequency: 'monthly',
      sequence_type: '',
      base: 'FS',
      inter_company: null,
      inter_category: null,
      is_indefinite: false,
    });
  });

  test('a new row needs name, category and settlement date; a changed row is checked on the fields it has', () => {
    const missing = messages(one(newRow({ name: '  ', category_id: null, settlement_date: null })));
    expect(missing).toEqual({
      name: 'Name: required for a new budget. Enter a value.',
      category: 'Category Id: required for a new budget. Enter a value.',
      settlement_date: 'Settlement date: required for a new budget. Enter a value.',
    });
    const partial: SheetRow = { id: 1, externalId: 'rent-2026', fields: { id: 1, amount: -10 }, position: 3 };
    expect(one(partial)).toEqual({
      ok: true,
      id: 1,
      externalId: 'rent-2026',
      position: 3,
      addressable: true,
      fields: { id: 1, amount: -10 },
    });
    expect(messages(one(changedRow({ name: '' })))).toEqual({
      name: 'Name: this value cannot be emptied. Enter a value, or undo the change in this cell.',
    });
  });

  test('empty optional values: a new row leaves them to the service defaults, a changed row may not empty numbers, flags or the base', () => {
    const fields = okFields(one(newRow({ amount: null, rate: null, base: null, frequency_multiplier: null, is_adjusted: null })));
    for (const f of ['amount', 'rate', 'base', 'frequency_multiplier', 'is_adjusted']) expect(fields).not.toHaveProperty(f);
    expect(Object.keys(messages(one(changedRow({ amount: null, base: '', is_adjusted: null }))))).toEqual([
      'amount',
      'base',
      'is_adjusted',
    ]);
  });

  test('settlement date: a YYYY-MM-DD calendar date', () => {
    expect(okFields(one(newRow({ settlement_date: '2024-02-29' }))).settlement_date).toBe('2024-02-29');
    for (const bad of ['2026-02-30', '2025-02-29', '31.12.2026', '2026-13-01', 46000]) {
      expect(messages(one(newRow({ settlement_date: bad })))).toEqual({
        settlement_date: 'Settlement date: enter a date as YYYY-MM-DD, e.g. 2026-12-31.',
      });
    }
  });

  test('amount: at most 12 digits with 2 decimals (the client limits), refused rather than rounded', () => {
    expect(okFields(one(newRow({ amount: 9999999999.99 }))).amount).toBe(9999999999.99);
    expect(okFields(one(newRow({ amount: 0.1 + 0.2 }))).amount).toBe(0.3);
    for (const bad of [99999999999.99, -2500.123, '-2500,00', 'abc']) {
      expect(messages(one(newRow({ amount: bad })))).toEqual({ amount: 'Amount: at most 12 digits with 2 decimals, e.g. -2500.00.' });
    }
  });

  test('rate: 4 decimals; d and r: numbers', () => {
    expect(okFields(one(newRow({ rate: '0.0125' }))).rate).toBe(0.0125);
    expect(messages(one(newRow({ rate: 0.00125 })))).toEqual({ rate: 'Rate: a number with at most 4 decimals, e.g. 0.0125.' });
    expect(messages(one(newRow({ d: 'x', r: true })))).toEqual({
      d: 'Sequence d: enter a number, e.g. 1.5.',
      r: 'Sequence r: enter a number, e.g. 1.5.',
    });
  });

  test('frequency multiplier and sequence term size: whole numbers of 1 or more', () => {
    expect(okFields(one(newRow({ frequency_multiplier: '3', sequence_term_size: 12 })))).toMatchObject({
      frequency_multiplier: 3,
      sequence_term_size: 12,
    });
    const result = messages(one(newRow({ frequency_multiplier: 0, sequence_term_size: 1.5 })));
    expect(result).toEqual({
      frequency_multiplier: 'Frequency multiplier: enter a whole number of 1 or more, e.g. 1.',
      sequence_term_size: 'Sequence term size: enter a whole number of 1 or more, e.g. 1.',
    });
  });

  test('category: the path or a name as the sheets show them is taken as its id; a name several categories share is refused with their paths', () => {
    expect(okFields(one(newRow({ category_id: 'Category 1 › Category 10 › Category 12' }))).category).toBe(12);
    expect(okFields(one(newRow({ category_id: 'category 1 > category 10 > category 12' }))).category).toBe(12);
    expect(okFields(one(newRow({ category_id: 'Category 12' }))).category).toBe(12);
    expect(okFields(one(newRow({ category_id: ' 12 ' }))).category).toBe(12);
    expect(messages(one(newRow({ category_id: 'Miete' }), { categories: TWO_NAMED_MIETE }))).toEqual({
      category:
        'Category Id: "Miete" is the name of several categories: Category 1 › Category 10 › Miete (50); Category 1 › Miete (51). Enter the id or the whole path.',
    });
    expect(okFields(one(newRow({ category_id: 'Category 1 › Miete' }), { categories: TWO_NAMED_MIETE })).category).toBe(51);
    // A path to a category with subcategories is found, then refused by the leaf rule.
    expect(messages(one(newRow({ category_id: 'Category 1 › Category 10' })))).toEqual({
      category: expect.stringContaining('category 10 has subcategories') as unknown as string,
    });
  });

  test('category: an existing leaf that takes budgets; archived leaves are allowed', () => {
    expect(okFields(one(newRow({ category_id: 13 }))).category).toBe(13);
    expect(messages(one(newRow({ category_id: 'Miete' })))).toEqual({
      category:
        'Category Id: there is no category "Miete". Enter the id, the name or the path of a category as the sheet "Categories" shows it, e.g. 12.',
    });
    expect(messages(one(newRow({ category_id: 999 })))).toEqual({
      category: 'Category Id: there is no category 999. Enter the id of a category from the sheet "Categories".',
    });
    for (const notLeaf of [1, 10, 30, 40, 41]) {
      expect(messages(one(newRow({ category_id: notLeaf })))).toEqual({
        category: `Category Id: category ${notLeaf} has subcategories or takes no budgets. Enter the id of a category without subcategories.`,
      });
    }
    expect(messages(one(newRow({ category_id: 90 })))).toEqual({
      category: 'Category Id: category 90 is a system category and takes no budgets. Enter the id of another category.',
    });
    expect([12, 13, 31].map((id) => categoryProblem(id, CATEGORIES))).toEqual([null, null, null]);
  });

  test('inter category only together with inter company', () => {
    expect(messages(one(newRow({ inter_category: 55 })))).toEqual({
      inter_category: 'Inter category Id: only valid together with Inter company. Fill in Inter company, or empty this cell.',
    });
    expect(okFields(one(newRow({ inter_category: 55, inter_company: 3 })))).toMatchObject({ inter_company: 3, inter_category: 55 });
    const partial: SheetRow = { id: 1, externalId: 'rent-2026', fields: { inter_category: 55 }, position: 0 };
    expect(one(partial).ok).toBe(true);
  });

  test('base, frequency and sequence type take the spec values (case aside); frequency and sequence type may be empty', () => {
    expect(okFields(one(newRow({ base: 's', frequency: 'Quarterly', sequence_type: 'gp' })))).toMatchObject({
      base: 'S',
      frequency: 'quarterly',
      sequence_type: 'GP',
    });
    expect(okFields(one(newRow({ frequency: '', sequence_type: null })))).toMatchObject({ frequency: '', sequence_type: '' });
    // The message names the value and says what each code means, as the column's in-cell list does (a pasted value
    // bypasses the list in Excel too, so this check is the last line of defence).
    expect(messages(one(newRow({ base: 'X', frequency: 'biweekly', sequence_type: 'XP' })))).toEqual({
      base: 'Base: "X" is not a code here. Enter one of FS (Forecast and scenario), S (Scenario), F (Forecast).',
      frequency:
        'Frequency: "biweekly" is not a code here. Enter one of daily, weekly, monthly, quarterly, yearly, or leave the cell empty (One-time).',
      sequence_type:
        'Sequence type: "XP" is not a code here. Enter one of AP (Arithmetic), GP (Geometric), HP (Harmonic), or leave the cell empty (No sequence).',
    });
    expect(messages(one(newRow({ base: 'X', frequency: 'biweekly' }), { language: 'de' }))).toEqual({
      base: 'Base: „X“ ist hier kein Code. Bitte einen dieser Codes eingeben: FS (Prognose und Szenario), S (Szenario), F (Prognose).',
      frequency:
        'Frequency: „biweekly“ ist hier kein Code. Bitte einen dieser Codes eingeben: daily (Täglich), weekly (Wöchentlich), monthly (Monatlich), quarterly (Vierteljährlich), yearly (Jährlich), oder die Zelle leer lassen (Einmalig).',
    });
  });

  test('account and inter company: a whole number or empty; a known account when the accounts are given', () => {
    expect(okFields(one(newRow({ account_id: '702', inter_company: null })))).toMatchObject({ account: 702, inter_company: null });
    expect(okFields(one(newRow({ account_id: 999 }), { accounts: undefined })).account).toBe(999);
    expect(messages(one(newRow({ account_id: 999 })))).toEqual({
      account: 'Account Id: there is no account 999. Enter the id of one of your accounts, or leave the cell empty.',
    });
    expect(messages(one(newRow({ account_id: 'main', inter_company: 1.5 })))).toEqual({
      account: 'Account Id: enter a whole number (an id), or leave the cell empty.',
      inter_company: 'Inter company: enter a whole number (an id), or leave the cell empty.',
    });
  });

  test('flags are booleans', () => {
    expect(messages(one(newRow({ is_indefinite: 'yes', is_adjusted: 1 })))).toEqual({
      is_indefinite: 'Indefinite: enter TRUE or FALSE.',
      is_adjusted: 'Adjusted: enter TRUE or FALSE.',
    });
  });

  test('external ID with "." or "/": a pulled one is kept and written by internal id; a new one or a rename to one is refused', () => {
    expect(one(changedRow({ external_id: 'sap.4711' }))).toMatchObject({ ok: true, addressable: false });
    expect(one(changedRow({ external_id: '2025/versicherung' }), { pulledExternalIds: new Map([[1, '2025/versicherung']]) })).toMatchObject(
      { ok: true, addressable: false },
    );
    expect(one(newRow({ external_id: null }))).toMatchObject({ ok: true, addressable: false });
    const refused = 'External Id: "a/b" contains "." or "/", which the service does not accept. Use letters, digits, "-" or "_".';
    expect(messages(one(newRow({ external_id: 'a/b' })))).toEqual({ external_id: refused });
    expect(messages(one(changedRow({ external_id: 'a/b' }), { pulledExternalIds: new Map([[1, 'rent-2026']]) }))).toEqual({
      external_id: refused,
    });
  });

  test("external ID unique in the plan: two rows of the sheet, or a new row taking another budget's ID", () => {
    const taken = (v: string) =>
      `External Id: "${v}" is already used by another budget of this plan. Enter an ID that is unique in the plan.`;
    const twice = checkBudgetRows(
      [newRow({ external_id: 'x' }, 0), newRow({ external_id: 'x' }, 1), newRow({ external_id: 'y' }, 2)],
      context(),
    );
    expect(twice.map((r) => r.ok)).toEqual([false, false, true]);
    expect(messages(one(newRow({ external_id: 'tax' }), { existingExternalIds: ['tax'] }))).toEqual({ external_id: taken('tax') });
    // A changed row keeps its own ID (even if the caller listed it); only the new row that copies it is refused.
    const pulled = { pulledExternalIds: new Map([[1, 'rent-2026']]), existingExternalIds: ['rent-2026'] };
    const results = checkBudgetRows([changedRow({}, 0), newRow({}, 1)], context(pulled));
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    // A rename onto another budget's ID is refused.
    expect(messages(one(changedRow({ external_id: 'tax' }), { ...pulled, existingExternalIds: ['tax'] }))).toEqual({
      external_id: taken('tax'),
    });
  });

  test('a bad row sends nothing, the other rows go: one result per row, in order, with its position', () => {
    const results = checkBudgetRows(
      [newRow({ external_id: 'a' }, 4), newRow({ external_id: 'b', amount: 'lots' }, 5), changedRow({}, 6)],
      context(),
    );
    expect(results.map((r) => [r.position, r.ok])).toEqual([
      [4, true],
      [5, false],
      [6, true],
    ]);
  });
});

describe("row problems in the user's language", () => {
  test('a German row error is German and names the column', () => {
    expect(messages(one(newRow({ amount: 1e15, category_id: 10 }), { language: 'de' }))).toEqual({
      amount: 'Amount: höchstens 12 Stellen, davon 2 Nachkommastellen, z. B. -2500.00.',
      category:
        'Category Id: Kategorie 10 hat Unterkategorien oder nimmt keine Budgets auf. Bitte die ID einer Kategorie ohne Unterkategorien eingeben.',
    });
  });

  /** One bad row per rule (the uniqueness one needs the plan's other IDs). */
  const BAD_ROWS: Array<[string, SheetRow, Partial<BudgetCheckContext>]> = [
    ['required', newRow({ name: null }), {}],
    ['cleared', changedRow({ amount: null }), {}],
    ['text', { id: 1, externalId: null, fields: { description: 5 }, position: 0 }, {}],
    ['date', newRow({ settlement_date: 'soon' }), {}],
    ['amount', newRow({ amount: 1.001 }), {}],
    ['rate', newRow({ rate: 1.00001 }), {}],
    ['number', newRow({ d: 'x' }), {}],
    ['positive integer', newRow({ sequence_term_size: 0 }), {}],
    ['id', newRow({ inter_company: 'x' }), {}],
    ['boolean', newRow({ is_adjusted: 'x' }), {}],
    ['tags', { id: 1, externalId: null, fields: { tags: [1] }, position: 0 }, {}],
    ['choice', newRow({ base: 'x' }), {}],
    ['choice or empty', newRow({ frequency: 'x' }), {}],
    ['category id', newRow({ category_id: 'x' }), {}],
    ['unknown category', newRow({ category_id: 5 }), {}],
    ['ambiguous category name', newRow({ category_id: 'Miete' }), { categories: TWO_NAMED_MIETE }],
    ['not a leaf', newRow({ category_id: 10 }), {}],
    ['system category', newRow({ category_id: 90 }), {}],
    ['unknown account', newRow({ account_id: 5 }), {}],
    ['inter category alone', newRow({ inter_category: 5 }), {}],
    ['external ID characters', newRow({ external_id: 'a.b' }), {}],
    ['external ID taken', newRow({ external_id: 'x' }), { existingExternalIds: ['x'] }],
  ];

  test.each(BAD_ROWS)(
    '%s: a message in each language, naming the column, every placeholder filled, not English in de and it',
    (_rule, row, over) => {
      const byLanguage = new Map<Language, BudgetRowCheck>(LANGUAGES.map((language) => [language, one(row, { ...over, language })]));
      const english = byLanguage.get('en');
      if (english === undefined || english.ok) throw new Error('the row should fail');
      expect(english.problems).toHaveLength(1);
      for (const language of LANGUAGES) {
        const result = byLanguage.get(language);
        if (result === undefined || result.ok) throw new Error(`${language}: the row should fail`);
        const [problem] = result.problems;
        expect(problem?.field).toBe(english.problems[0]?.field);
        expect(problem?.message.startsWith(`${problem.column}:`)).toBe(true);
        expect(problem?.message).not.toMatch(/\{\w+\}/);
        if (language !== 'en') expect(problem?.message).not.toBe(english.problems[0]?.message);
      }
    },
  );

  test('the bad rows above reach every message of the row check', () => {
    const reached = BAD_ROWS.flatMap(([, row, over]) => {
      const result = one(row, over);
      return result.ok ? [] : result.problems.map((p) => p.message);
    });
    const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    for (const [key, template] of Object.entries(pushMessages).filter(
      ([k]) => k.startsWith('push.check.') || k.startsWith('push.error.'),
    )) {
      const pattern = new RegExp(
        `^${template
          .split(/\{\w+\}/)
          .map(escape)
          .join('.+')}$`,
      );
      expect([key, reached.some((m) => pattern.test(m))]).toEqual([key, true]);
    }
  });
});
