/** The scan of every part of a workbook file for secrets and credential-like settings. */

import { type CellValue, Workbook } from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { scanPackage } from '../../../src/hosts/xlsx/package-secret-scan';
import { saveXlsxDocument } from '../../../src/hosts/xlsx/save-xlsx-document';
import { AUTO_SHOW_SETTING, webExtensionFor } from '../../../src/hosts/xlsx/web-extension-info';
import { newXlsxDocument, type XlsxDocument } from '../../../src/hosts/xlsx/xlsx-document';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import { rows, SPEC } from './xlsx-setup';

const CLIENT_SECRET = 'cs_9f8E7d6C5b4A&<"quoted">';
const CLIENT_ID = 'client-4711-acme';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhY21lIn0.c2lnbmF0dXJl';
const SECRETS = [CLIENT_SECRET, CLIENT_ID, TOKEN];
const addIn = webExtensionFor({ id: '6b1d3e0a-4c7f-4f1e-9a51-2d8c0f6e7a10', version: '1.0.0.0' }, [{ kind: 'sideloaded' }]);

/** A working file as the add-in leaves it: a pulled table, a very hidden sheet, the connection without secrets. */
async function workingFile(): Promise<XlsxDocument> {
  const port = new XlsxWorkbookPort(new Workbook());
  await port.writeTable(SPEC, rows([1, 2, 3]));
  const baseline = port.workbook.addWorksheet('_cashflow_baseline', { state: 'veryHidden' });
  baseline.getCell('A1').value = '{"key":"1","external_id":"budget-1"}';
  const document = newXlsxDocument(port.workbook);
  document.settings.set(AUTO_SHOW_SETTING, true);
  document.settings.set('cashflow.connection', { profileName: 'ACME GmbH', baseUrl: 'https://api.example.com/v1' });
  return document;
}

function setCell(document: XlsxDocument, sheet: string, address: string, value: CellValue): void {
  const worksheet = document.workbook.getWorksheet(sheet);
  if (worksheet === undefined) throw new Error(`no sheet ${sheet}`);
  worksheet.getCell(address).value = value;
}

async function scan(change: (document: XlsxDocument) => void) {
  const document = await workingFile();
  change(document);
  return scanPackage(await saveXlsxDocument(document, addIn), SECRETS);
}

describe('scanPackage', () => {
  it('passes a working file that holds no secret, having read every part', async () => {
    const result = await scan(() => undefined);
    expect(result.findings).toEqual([]);
    expect(result.clean).toBe(true);
    expect(result.parts).toEqual(
      expect.arrayContaining([
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
        'xl/sharedStrings.xml',
        'xl/webextensions/webextension1.xml',
        'xl/webextensions/taskpanes.xml',
        '_rels/.rels',
        'docProps/core.xml',
        'docProps/app.xml',
      ]),
    );
  });

  it("finds a secret in a very hidden sheet's cell", async () => {
    const result = await scan((document) => {
      setCell(document, '_cashflow_baseline', 'B7', `Bearer ${TOKEN}`);
    });
    expect(result.clean).toBe(false);
    expect(result.findings).toEqual([{ part: 'xl/sharedStrings.xml', kind: 'secret', detail: 'secret 3' }]);
  });

  it("finds a secret in the sheet's own part (a formula of the very hidden sheet)", async () => {
    const result = await scan((document) => {
      setCell(document, '_cashflow_baseline', 'C1', { formula: `"${CLIENT_ID}"`, result: 'x' });
    });
    expect(result.findings).toEqual([{ part: 'xl/worksheets/sheet2.xml', kind: 'secret', detail: 'secret 2' }]);
  });

  it('finds a secret URL- or form-encoded in a cell (a link or a query someone pasted), percent escapes in either case', async () => {
    const secret = 'p@ss w/rd&key=1+2';
    for (const form of [encodeURIComponent(secret), encodeURIComponent(secret).toLowerCase(), 'p%40ss+w%2Frd%26key%3D1%2B2']) {
      const document = await workingFile();
      setCell(document, 'Transactions', 'Z1', `https://example.invalid/?q=${form}`);
      const result = await scanPackage(await saveXlsxDocument(document, addIn), [secret]);
      expect([form, result.findings]).toEqual([form, [{ part: 'xl/sharedStrings.xml', kind: 'secret', detail: 'secret 1' }]]);
    }
  });

  it("finds a secret in a setting's value, however XML and JSON escape it", async () => {
    const result = await scan((document) => document.settings.set('cashflow.connection', { profileName: 'ACME', note: CLIENT_SECRET }));
    expect(result.findings).toEqual([{ part: 'xl/webextensions/webextension1.xml', kind: 'secret', detail: 'secret 1' }]);
  });

  it('finds a credential-like setting name, and a credential-like key in a setting, also in JSON kept as text', async () => {
    const result = await scan((document) => {
      document.settings.set('cashflow.clientSecret', 'nothing to see');
      document.settings.set('cashflow.pull.Transactions', JSON.stringify({ tableName: 'Transactions', target: { access_token: null } }));
    });
    expect(result.findings).toEqual([
      { part: 'xl/webextensions/webextension1.xml', kind: 'credentialName', detail: 'setting cashflow.clientSecret' },
      {
        part: 'xl/webextensions/webextension1.xml',
        kind: 'credentialName',
        detail: 'key access_token in setting cashflow.pull.Transactions',
      },
    ]);
  });

  it('finds a secret in a shared string of a visible sheet', async () => {
    const result = await scan((document) => {
      setCell(document, 'Transactions', 'L5', `id ${CLIENT_ID}`);
    });
    expect(result.findings).toEqual([{ part: 'xl/sharedStrings.xml', kind: 'secret', detail: 'secret 2' }]);
  });

  it("finds a secret in the document's properties (docProps)", async () => {
    const result = await scan((document) => {
      document.workbook.company = `ACME ${CLIENT_SECRET}`;
      document.workbook.title = CLIENT_ID;
    });
    expect(result.findings).toEqual([
      { part: 'docProps/app.xml', kind: 'secret', detail: 'secret 1' },
      { part: 'docProps/core.xml', kind: 'secret', detail: 'secret 2' },
    ]);
  });

  it('refuses a secret so short it would be found anywhere, and never names a secret in a finding', async () => {
    const bytes = await saveXlsxDocument(await workingFile(), addIn);
    await expect(scanPackage(bytes, ['ab'])).rejects.toThrow(RangeError);
    await expect(scanPackage(bytes, [''])).rejects.toThrow(RangeError);
    const result = await scan((document) => document.settings.set('x', TOKEN));
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it('reads a part of millions of characters streamed: a secret, XML-escaped, across the boundary of two windows is found', async () => {
    const filler = 'x'.repeat(999_990);
    const escaped = CLIENT_SECRET.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const big = `<sheetData>${filler}<t>${escaped}</t>${'y'.repeat(2_000_000)}</sheetData>`;
    const bytes = zipSync({ 'xl/worksheets/sheet1.xml': strToU8(big), 'xl/other.xml': strToU8('<a/>') });
    const result = await scanPackage(bytes, SECRETS);
    expect(result.parts).toEqual(['xl/worksheets/sheet1.xml', 'xl/other.xml']);
    expect(result.findings).toEqual([{ part: 'xl/worksheets/sheet1.xml', kind: 'secret', detail: 'secret 1' }]);
  });
});
