import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkManifest } from '../../scripts/manifest/check-manifest';
import { servedPaths } from '../../scripts/manifest/served-paths';

const root = resolve(__dirname, '../..');
const manifest = readFileSync(resolve(root, 'manifest.xml'), 'utf8');
const options = { origin: 'https://localhost:3000', servedPaths: servedPaths(root) };

describe('manifest.xml', () => {
  test('passes the local structural check', () => {
    expect(checkManifest(manifest, options)).toEqual([]);
  });

  test('declares the shared runtime, the CASHFLOW namespace and auto-open', () => {
    expect(manifest).toMatch(/<Set Name="SharedRuntime" MinVersion="1.1"/);
    expect(manifest).toMatch(/<Runtime resid="Taskpane.Url" lifetime="long"/);
    expect(manifest).toMatch(/<TaskpaneId>Office.AutoShowTaskpaneWithDocument<\/TaskpaneId>/);
  });

  const broken: Array<[string, (xml: string) => string, RegExp]> = [
    ['malformed XML', (x) => x.replace('</Hosts>', ''), /well-formed/],
    ['no SharedRuntime requirement', (x) => x.replace('<Set Name="SharedRuntime" MinVersion="1.1" />', ''), /SharedRuntime/],
    [
      'a resid that resolves to nothing',
      (x) => x.replace('<Namespace resid="Functions.Namespace" />', '<Namespace resid="Nope" />'),
      /Nope/,
    ],
    ['a URL the build does not serve', (x) => x.replace('assets/icon-80.png', 'assets/missing.png'), /missing\.png/],
    ['a URL on another origin', (x) => x.replace('https://localhost:3000/functions.json', 'http://example.test/functions.json'), /not on/],
    ['a short-lived runtime', (x) => x.replace('lifetime="long"', 'lifetime="short"'), /lifetime/],
    ['a wrong namespace', (x) => x.replace('DefaultValue="CASHFLOW"', 'DefaultValue="CONTOSO"'), /CASHFLOW/],
    ['an id that is not a GUID', (x) => x.replace(/<Id>[^<]+<\/Id>/, '<Id>abc</Id>'), /GUID/],
    [
      'a ribbon string without its Italian override',
      (x) => x.replace('<bt:Override Locale="it-IT" Value="Aggiorna funzioni" />', ''),
      /RefreshFunctionsButton\.Label has no it-IT override/,
    ],
    [
      'a short string over 125 characters',
      (x) => x.replace('Value="Funktionen aktualisieren"', `Value="${'x'.repeat(126)}"`),
      /RefreshFunctionsButton\.Label is longer than 125/,
    ],
    ['no custom functions extension point', (x) => x.replace('xsi:type="CustomFunctions"', 'xsi:type="Other"'), /CustomFunctions/],
  ];
  test.each(broken)('fails with %s', (_name, breakIt, expected) => {
    const problems = checkManifest(breakIt(manifest), options);
    expect(problems.join('\n')).toMatch(expected);
  });
});
