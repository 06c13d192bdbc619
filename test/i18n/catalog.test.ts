import { catalogs, en, LANGUAGES } from '../../src/i18n/catalog';
import { translate } from '../../src/i18n/translate';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  const keys = Object.keys(en).sort();
  test.each(LANGUAGES)('%s has exactly the English key set, each non-empty with the same placeholders', (lang) => {
    const catalog = catalogs[lang] as Record<string, string>;
    expect(Object.keys(catalog).sort()).toEqual(keys);
    for (const key of keys) {
      expect(catalog[key]?.trim()).toBeTruthy();
      expect(placeholders(catalog[key] ?? '')).toEqual(placeholders((en as Record<string, string>)[key] ?? ''));
    }
  });

  test('translate fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'app.title')).toBe('Cash-Flow Planner');
  });
});
