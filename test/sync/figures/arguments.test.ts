/** The arguments of the figure functions as users type them: dates, ranges, categories, accounts; errors in en and de. */

import type { Category } from '../../../src/api';
import { CategoryIndex, FigureError, parseAccount, parseCategory, parseDate, parseRange } from '../../../src/sync/figures';
import { resolveCategory } from '../../../src/sync/tables';
import { error, value } from './checked';

const category = (id: number, parent: number | null, name: string): Category => ({
  id,
  parent,
  name,
  slug: name.toLowerCase(),
  description: '',
  order: id,
  is_obsolete: false,
  is_category: true,
  is_aggregating: false,
  is_default: false,
});

const CATEGORIES = [
  category(1, null, 'Ausgaben'),
  category(10, 1, 'Betriebskosten'),
  category(12, 10, 'Miete'),
  category(13, 10, 'Energie'),
  category(2, null, 'Einnahmen'),
  category(20, 2, 'Miete'), // rent received: the same name as an expense
  category(21, 2, '2024'), // a name of digits
];
const index = new CategoryIndex(CATEGORIES);
const ACCOUNTS = [
  { id: 7, name: 'Girokonto', alias: 'GK' },
  { id: 8, name: 'Tagesgeld', alias: '' },
  { id: 9, name: 'Tagesgeld', alias: 'TG2' },
];

describe('figure arguments', () => {
  test('a date is an Excel serial (a time of day dropped), the serial as text, or YYYY-MM-DD text', () => {
    expect(value(parseDate(45292, 'from', 'en'))).toBe('2024-01-01');
    expect(value(parseDate(45292.75, 'from', 'en'))).toBe('2024-01-01'); // NOW() at 18:00
    expect(value(parseDate('45322', 'from', 'en'))).toBe('2024-01-31');
    expect(value(parseDate(' 2024-02-29 ', 'from', 'en'))).toBe('2024-02-29');
    expect(value(parseDate(61, 'from', 'en'))).toBe('1900-03-01');
  });

  test("anything else is a bad argument naming the parameter, in the user's language", () => {
    const bad = error(parseDate('2023-02-29', 'from', 'en'));
    expect(bad).toBeInstanceOf(FigureError);
    expect(bad.kind).toBe('badArgument');
    expect(bad.argument).toBe('from');
    expect(bad.message).toBe('from: "2023-02-29" is not a date. Enter a date, or text as YYYY-MM-DD, e.g. 2026-12-31.');
    expect(error(parseDate('31.12.2024', 'to', 'de')).message).toBe(
      'to: "31.12.2024" ist kein Datum. Bitte ein Datum eingeben oder Text als JJJJ-MM-TT, z. B. 2026-12-31.',
    );
    expect(error(parseDate(true, 'to', 'en')).message).toContain('"true" is not a date');
    expect(error(parseDate(-3, 'to', 'en')).message).toContain('"-3" is not a date');
    expect(error(parseDate(3e6, 'to', 'en')).message).toContain('is not a date'); // after 9999-12-31
    // A year alone is no date (as a serial it would be a day of 1905): said as such, with what to type.
    expect(error(parseDate(2025, 'from', 'en')).message).toBe(
      'from: 2025 is a year, not a date. Enter a date, e.g. DATE(2025,1,1), or text such as 2025-01-01.',
    );
    expect(error(parseDate('2026', 'to', 'de')).message).toContain('2026 ist ein Jahr, kein Datum');
    expect(value(parseDate(46_000, 'to', 'en'))).toBe('2025-12-09');
    expect(error(parseDate('', 'from', 'en')).message).toBe('from: required. Enter a value.');
    expect(error(parseDate(null, 'from', 'de')).message).toBe('from: Pflichtangabe. Bitte einen Wert eingeben.');
  });

  test('a range: from ≤ to, the end named when it is before the start', () => {
    expect(value(parseRange('2024-01-01', 45322, 'en'))).toEqual({ from: '2024-01-01', to: '2024-01-31' });
    expect(value(parseRange(45292, 45292, 'en'))).toEqual({ from: '2024-01-01', to: '2024-01-01' });
    const bad = error(parseRange('2024-02-01', '2024-01-31', 'en'));
    expect(bad.argument).toBe('to');
    expect(bad.message).toBe('to: 2024-01-31 is before 2024-02-01. The end of the range must not be before its start.');
    expect(error(parseRange('2024-02-01', '2024-01-31', 'de')).message).toBe(
      'to: 2024-01-31 liegt vor 2024-02-01. Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
    );
    expect(error(parseRange('x', '2024-01-31', 'en')).argument).toBe('from');
  });

  test('a category by id, by a name only one has, or by its path; case and separators do not matter', () => {
    expect(value(parseCategory(12, index, 'en'))).toBe(12);
    expect(value(parseCategory(' 12 ', index, 'en'))).toBe(12);
    expect(value(parseCategory('energie', index, 'en'))).toBe(13);
    expect(value(parseCategory('Ausgaben › Betriebskosten › Miete', index, 'en'))).toBe(12);
    expect(value(parseCategory('einnahmen > miete', index, 'en'))).toBe(20);
    expect(value(parseCategory('Ausgaben', index, 'en'))).toBe(1); // a parent: its subcategories are included
    expect(value(parseCategory('2024', index, 'en'))).toBe(21); // no category 2024: the name
  });

  test("a shared name is refused listing the candidates' paths and ids; an unknown one says what to enter", () => {
    expect(error(parseCategory('Miete', index, 'en')).message).toBe(
      'category: "Miete" is the name of several categories: Ausgaben › Betriebskosten › Miete (12); Einnahmen › Miete (20). Enter the id or the whole path.',
    );
    expect(error(parseCategory('miete', index, 'de')).message).toBe(
      'category: "miete" ist der Name mehrerer Kategorien: Ausgaben › Betriebskosten › Miete (12); Einnahmen › Miete (20). Bitte die ID oder den ganzen Pfad eingeben.',
    );
    expect(error(parseCategory(99, index, 'en')).message).toBe(
      'category: there is no category "99". Enter the id, the name or the path of a category as the sheet "Categories" shows it, e.g. Ausgaben › Personal.',
    );
    expect(error(parseCategory('Betriebskosten › Miete', index, 'en')).message).toContain('there is no category "Betriebskosten › Miete"'); // a path starts at the root
    expect(error(parseCategory(12.5, index, 'en')).kind).toBe('badArgument');
    expect(error(parseCategory(undefined, index, 'en')).message).toBe('category: required. Enter a value.');
  });

  test('resolveCategory (shared with the budget check) tells the candidates apart from unknown names', () => {
    expect(resolveCategory('Miete', CATEGORIES)).toEqual({
      ok: false,
      problem: 'ambiguous',
      candidates: [
        { id: 12, path: 'Ausgaben › Betriebskosten › Miete' },
        { id: 20, path: 'Einnahmen › Miete' },
      ],
    });
    expect(resolveCategory(' > ', CATEGORIES)).toEqual({ ok: false, problem: 'unknown' });
    expect(resolveCategory('AUSGABEN›BETRIEBSKOSTEN›MIETE', CATEGORIES)).toEqual({ ok: true, id: 12 });
  });

  test('an account is optional, by id, by a name or alias only one has; a shared name lists the candidates', () => {
    expect(value(parseAccount(undefined, ACCOUNTS, 'en'))).toBeUndefined();
    expect(value(parseAccount('', ACCOUNTS, 'en'))).toBeUndefined();
    expect(value(parseAccount(7, ACCOUNTS, 'en'))).toBe(7);
    expect(value(parseAccount('8', ACCOUNTS, 'en'))).toBe(8);
    expect(value(parseAccount('girokonto', ACCOUNTS, 'en'))).toBe(7);
    expect(value(parseAccount('TG2', ACCOUNTS, 'en'))).toBe(9);
    expect(error(parseAccount('Tagesgeld', ACCOUNTS, 'en')).message).toBe(
      'account: "Tagesgeld" is the name of several accounts: Tagesgeld (8); Tagesgeld (9). Enter the id.',
    );
    expect(error(parseAccount(70, ACCOUNTS, 'de')).message).toBe(
      'account: Es gibt kein Konto "70". Bitte die ID oder den Namen eines Ihrer Konten eingeben oder das Argument weglassen.',
    );
  });
});
