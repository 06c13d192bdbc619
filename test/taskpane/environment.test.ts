import { DEFAULT_SANDBOX_URL, isDark, readEnvironment } from '../../src/taskpane/environment';

describe('what the pane reads from Office at start-up', () => {
  afterEach(() => {
    delete (globalThis as { Office?: unknown }).Office;
  });

  test("the theme follows Office's body background; the display language and partition key are Office's", () => {
    (globalThis as { Office?: unknown }).Office = {
      context: { officeTheme: { bodyBackgroundColor: '#262626' }, displayLanguage: 'it-IT', partitionKey: 'p1' },
    };
    expect(readEnvironment({ search: '?sandbox=http%3A%2F%2F127.0.0.1%3A9%2F' })).toEqual({
      theme: 'dark',
      displayLanguage: 'it-IT',
      partitionKey: 'p1',
      sandboxUrl: 'http://127.0.0.1:9/',
    });
    (globalThis as { Office?: unknown }).Office = { context: { officeTheme: { bodyBackgroundColor: '#FFFFFF' } } };
    expect(readEnvironment({ search: '' }).theme).toBe('light');
  });

  test('outside Office (or when its getters throw): light, no partition, no sandbox unless the page names one', () => {
    const env = readEnvironment({ search: '' });
    expect(env).toMatchObject({ theme: 'light', partitionKey: '' });
    // Only a development build (webpack's DefinePlugin) looks for a local sandbox by itself; jest is not one.
    expect(DEFAULT_SANDBOX_URL).toBeUndefined();
    expect(env.sandboxUrl).toBeUndefined();
    (globalThis as { Office?: unknown }).Office = {
      get context(): never {
        throw new Error('not in a host');
      },
    };
    expect(readEnvironment({ search: '' })).toMatchObject({ theme: 'light', partitionKey: '' });
  });

  test('dark means a background darker than mid-grey', () => {
    expect(isDark('#262626')).toBe(true);
    expect(isDark('#1f1f1f')).toBe(true);
    expect(isDark('#ffffff')).toBe(false);
    expect(isDark('#f3f2f1')).toBe(false);
    expect(isDark('not a colour')).toBe(false);
  });
});
