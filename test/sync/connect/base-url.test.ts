/**
 * http base URLs reach only this computer: anywhere else the token request would carry the client secret in
 * clear text. `parseBaseUrl` holds the rule; `baseUrlProblem` and the profile form say which rule was broken.
 */
import { parseBaseUrl } from '../../../src/api';
import { catalogs, LANGUAGES } from '../../../src/i18n/catalog';
import { baseUrlProblem, parseProfile, readWorkbookConnection } from '../../../src/sync/connect';

describe('parseBaseUrl: http only to loopback', () => {
  test.each([
    ['http://localhost:8787/', 'http://localhost:8787/'],
    ['http://LOCALHOST:8788', 'http://localhost:8788/'],
    ['http://127.0.0.1:4000/api/', 'http://127.0.0.1:4000/api/'],
    ['http://127.9.8.7/', 'http://127.9.8.7/'],
    ['http://127.1:5000/', 'http://127.0.0.1:5000/'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
    ['http://[0:0:0:0:0:0:0:1]/', 'http://[::1]/'],
    ['https://api.example.com/v3', 'https://api.example.com/v3'],
    ['https://10.0.0.5/', 'https://10.0.0.5/'],
  ])('%s is accepted as %s', (text, href) => {
    expect(parseBaseUrl(text)?.href).toBe(href);
    expect(baseUrlProblem(text)).toBeUndefined();
  });

  test.each([
    'http://api.example.com/',
    'http://10.0.0.5:8080/',
    'http://192.168.1.20/',
    'http://127.0.0.1.nip.io/',
    'http://localhost.evil.example/',
    'http://localhost./',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0:8787/',
    ' HTTP://api.example.com ',
  ])('%s is refused as insecure', (text) => {
    expect(parseBaseUrl(text)).toBeNull();
    expect(baseUrlProblem(text)).toBe('insecure');
  });

  test.each([
    'api.example.com',
    'ftp://api.example.com',
    'http://user:pw@localhost/',
    'http://api.example.com/?x=1',
    'https://u:p@api.example.com',
    '',
  ])('%p is refused as not a base URL (not for being http)', (text) => {
    expect(parseBaseUrl(text)).toBeNull();
    expect(baseUrlProblem(text)).toBe('invalid');
  });
});

describe('where a base URL is typed or read from a workbook', () => {
  test.each(LANGUAGES)('%s: the profile form says http is for this computer only', (language) => {
    const result = parseProfile(
      { id: 'p1', name: 'ACME', baseUrl: 'http://api.example.com/', clientId: 'c', kind: 'company', remember: true },
      language,
    );
    expect(result).toEqual({ ok: false, problems: [{ field: 'baseUrl', message: catalogs[language]['profile.error.baseUrlInsecure'] }] });
    expect(catalogs[language]['profile.error.baseUrlInsecure']).not.toBe(catalogs[language]['profile.error.baseUrl']);
  });

  test('the profile form keeps the loopback addresses of the sandbox and the proxy', () => {
    for (const baseUrl of ['http://localhost:8787/', 'http://localhost:8788/', 'http://127.0.0.1:39123/']) {
      expect(
        parseProfile({ id: 'p1', name: 'Demo', baseUrl, clientId: 'demo-company', kind: 'company', remember: true }, 'en'),
      ).toMatchObject({ ok: true, profile: { baseUrl } });
    }
  });

  test("a workbook's insecure address is read as refused (never as a connection); other unreadable text as none", () => {
    const text = (baseUrl: string) => JSON.stringify({ profileName: 'Demo GmbH', baseUrl });
    expect(readWorkbookConnection(text('http://api.example.com'))).toEqual({
      status: 'refused',
      profileName: 'Demo GmbH',
      baseUrl: 'http://api.example.com',
    });
    expect(readWorkbookConnection(text('http://127.0.0.1:8787'))).toEqual({
      status: 'found',
      connection: { profileName: 'Demo GmbH', baseUrl: 'http://127.0.0.1:8787/' },
    });
    expect(readWorkbookConnection(text('not a url'))).toEqual({ status: 'none' });
    expect(readWorkbookConnection('{broken')).toEqual({ status: 'none' });
    expect(readWorkbookConnection(JSON.stringify({ profileName: 'A', baseUrl: 'http://api.example.com', clientId: 'x' }))).toEqual({
      status: 'none',
    });
  });
});
