/** A workbook file opened from bytes and saved to bytes: the workbook, the add-in's part and its settings. */

import { Workbook } from 'exceljs';
import JSZip from 'jszip';
import { openXlsxDocument } from '../../../src/hosts/xlsx/open-xlsx-document';
import { saveXlsxDocument, SettingsWithoutAddInError } from '../../../src/hosts/xlsx/save-xlsx-document';
import { AUTO_SHOW_SETTING, webExtensionFor } from '../../../src/hosts/xlsx/web-extension-info';
import { newXlsxDocument, type XlsxDocument } from '../../../src/hosts/xlsx/xlsx-document';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import { contentTypeOverrides, inspect, relationshipsOf, wellFormed } from './package-inspect';
import { rows, SPEC } from './xlsx-setup';

const MANIFEST = { id: '6b1d3e0a-4c7f-4f1e-9a51-2d8c0f6e7a10', version: '1.2.0.0' };
const INSTANCE = '{0F3A9C2E-5B71-4D8A-8E6F-1C2B3D4E5F60}';
const TASK_PANES = 'http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes';
const WEB_EXTENSION = 'http://schemas.microsoft.com/office/2011/relationships/webextension';

async function documentWithTable(): Promise<XlsxDocument> {
  const port = new XlsxWorkbookPort(new Workbook());
  await port.writeTable(SPEC, rows([1, 2, 3]));
  return newXlsxDocument(port.workbook);
}

const addIn = webExtensionFor(MANIFEST, [{ kind: 'central' }, { kind: 'sideloaded' }], { instanceId: INSTANCE });

describe('saveXlsxDocument and openXlsxDocument', () => {
  it('open → save → open keeps the settings, the reference with its alternates and the pane', async () => {
    const document = await documentWithTable();
    document.settings.set(AUTO_SHOW_SETTING, true);
    document.settings.set('cashflow.connection', { profileName: 'ACME GmbH', baseUrl: 'https://api.example.com/v1' });
    document.settings.set('cashflow.pull.Transactions', JSON.stringify({ version: 2, tableName: 'Transactions' }));

    const first = await openXlsxDocument(await saveXlsxDocument(document, addIn));
    expect(first.addIn).toEqual(addIn);
    expect(first.addIn?.reference).toEqual({ id: MANIFEST.id, version: '1.2.0.0', store: 'EXCatalog', storeType: 'EXCatalog' });
    expect(first.addIn?.alternateReferences).toEqual([{ id: MANIFEST.id, version: '1.2.0.0', store: 'developer', storeType: 'Registry' }]);
    expect([...first.document.settings]).toEqual([...document.settings]);

    const second = await openXlsxDocument(await saveXlsxDocument(first.document, first.addIn));
    expect(second.addIn).toEqual(addIn);
    expect([...second.document.settings]).toEqual([...document.settings]);
  });

  it('keeps what exceljs alone loses: its own load and save of the same file drops the add-in', async () => {
    const document = await documentWithTable();
    document.settings.set(AUTO_SHOW_SETTING, true);
    const saved = await saveXlsxDocument(document, addIn);
    const byExceljs = new Workbook();
    await byExceljs.xlsx.load(saved.buffer.slice(saved.byteOffset, saved.byteOffset + saved.byteLength) as ArrayBuffer);
    expect((await openXlsxDocument(await byExceljs.xlsx.writeBuffer())).addIn).toBeNull();
    expect((await openXlsxDocument(saved)).addIn).not.toBeNull();
  });

  it('writes well-formed parts, relationships that resolve to parts, and both content types', async () => {
    const document = await documentWithTable();
    document.settings.set(AUTO_SHOW_SETTING, true);
    const file = await inspect(await saveXlsxDocument(document, addIn));
    for (const part of file.parts.filter((name) => /\.(xml|rels)$/.test(name)))
      expect([part, wellFormed(await file.text(part))]).toEqual([part, true]);

    const toPanes = (await relationshipsOf(file, '')).filter((r) => r.type === TASK_PANES);
    expect(toPanes.map((r) => r.part)).toEqual(['xl/webextensions/taskpanes.xml']);
    const toExtension = await relationshipsOf(file, 'xl/webextensions/taskpanes.xml');
    expect(toExtension).toEqual([{ id: expect.any(String), type: WEB_EXTENSION, part: 'xl/webextensions/webextension1.xml' }]);
    for (const source of ['', ...file.parts]) {
      for (const relationship of await relationshipsOf(file, source)) expect(file.parts).toContain(relationship.part);
    }
    const ids = (await relationshipsOf(file, '')).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);

    const panes = (await file.json('xl/webextensions/taskpanes.xml'))['wetp:taskpanes'] as Record<string, Array<Record<string, unknown>>>;
    const ref = panes['wetp:taskpane']?.[0]?.['wetp:webextensionref'] as Record<string, string>;
    expect(ref['@_r:id']).toBe(toExtension[0]?.id);

    const types = await contentTypeOverrides(file);
    expect(types.get('xl/webextensions/taskpanes.xml')).toBe('application/vnd.ms-office.webextensiontaskpanes+xml');
    expect(types.get('xl/webextensions/webextension1.xml')).toBe('application/vnd.ms-office.webextension+xml');
    expect(types.get('xl/workbook.xml')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml');
  });

  it('writes each setting JSON-encoded as Office does, and values with quotes, <, &, unicode round-trip', async () => {
    const awkward = `He said "hi" <b>&amp; 'x' äöü € 😀 \u2028 line\nbreak\ttab \\ \uFFFE`;
    const document = await documentWithTable();
    document.settings.set(AUTO_SHOW_SETTING, true);
    document.settings.set('plain', 'abc');
    document.settings.set('awkward', awkward);
    document.settings.set('name "<&>" ü', { 'a"b': ['<&>', 1.5, null, false], nested: { text: awkward } });
    const saved = await saveXlsxDocument(document, addIn);

    const file = await inspect(saved);
    const extension = (await file.json('xl/webextensions/webextension1.xml'))['we:webextension'] as Record<string, Record<string, unknown>>;
    const properties = extension['we:properties']?.['we:property'] as Array<Record<string, string>>;
    const byName = new Map(properties.map((p) => [p['@_name'], p['@_value']]));
    expect(byName.get(AUTO_SHOW_SETTING)).toBe('true');
    expect(byName.get('plain')).toBe('"abc"');
    expect(JSON.parse(byName.get('awkward') ?? '')).toBe(awkward);
    expect(await file.text('xl/webextensions/webextension1.xml')).toContain('name="plain" value="&quot;abc&quot;"');

    const opened = await openXlsxDocument(saved);
    expect(opened.document.settings.get('awkward')).toBe(awkward);
    expect(opened.document.settings.get('name "<&>" ü')).toEqual({ 'a"b': ['<&>', 1.5, null, false], nested: { text: awkward } });
    expect(opened.document.settings.get('plain')).toBe('abc');
  });

  it('opens a file without the parts with addIn null, and saves it without them unless asked', async () => {
    const plain = await documentWithTable();
    const written = await plain.workbook.xlsx.writeBuffer();
    const opened = await openXlsxDocument(written);
    expect(opened.addIn).toBeNull();
    expect(opened.document.settings.size).toBe(0);

    const without = await inspect(await saveXlsxDocument(opened.document, null));
    expect(without.parts.filter((part) => part.includes('webextension'))).toEqual([]);
    expect((await relationshipsOf(without, '')).filter((r) => r.type === TASK_PANES)).toEqual([]);
    expect([...(await contentTypeOverrides(without)).values()].filter((type) => type.includes('webextension'))).toEqual([]);

    const asked = await inspect(await saveXlsxDocument(opened.document, addIn));
    expect(asked.parts).toEqual(expect.arrayContaining(['xl/webextensions/taskpanes.xml', 'xl/webextensions/webextension1.xml']));
  });

  it('gives each new add-in part its own instance id, a braced version-4 GUID, also where randomUUID is missing (plain HTTP)', () => {
    const missing = jest.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(() => {
      throw new TypeError('crypto.randomUUID is not a function');
    });
    const ids = [1, 2, 3].map(() => webExtensionFor(MANIFEST, [{ kind: 'sideloaded' }]).instanceId);
    missing.mockRestore();
    for (const id of ids) expect(id).toMatch(/^\{[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses to save settings without the add-in part that keeps them', async () => {
    const document = await documentWithTable();
    document.settings.set('cashflow.connection', { profileName: 'ACME' });
    await expect(saveXlsxDocument(document, null)).rejects.toThrow(SettingsWithoutAddInError);
  });

  it('the pane opens with the file exactly when Office.AutoShowTaskpaneWithDocument is true; without it, as the pane says', async () => {
    const visibility = async (setting: boolean | undefined, visible: boolean): Promise<string> => {
      const document = await documentWithTable();
      if (setting !== undefined) document.settings.set(AUTO_SHOW_SETTING, setting);
      const file = await inspect(await saveXlsxDocument(document, { ...addIn, pane: { ...addIn.pane, visible } }));
      const panes = (await file.json('xl/webextensions/taskpanes.xml'))['wetp:taskpanes'] as Record<string, Array<Record<string, string>>>;
      return panes['wetp:taskpane']?.[0]?.['@_visibility'] ?? '';
    };
    expect(await visibility(true, false)).toBe('1');
    expect(await visibility(false, true)).toBe('0');
    expect(await visibility(undefined, true)).toBe('1');
    expect(await visibility(undefined, false)).toBe('0');
  });

  it('the saved file is still a workbook: exceljs loads it and the xlsx host reads the table as written', async () => {
    const document = await documentWithTable();
    const before = await new XlsxWorkbookPort(document.workbook).readTable('Transactions', SPEC.columns);
    document.settings.set(AUTO_SHOW_SETTING, true);
    const saved = await saveXlsxDocument(document, addIn);
    const byExceljs = new Workbook();
    await byExceljs.xlsx.load(saved.buffer.slice(saved.byteOffset, saved.byteOffset + saved.byteLength) as ArrayBuffer);
    expect(await new XlsxWorkbookPort(byExceljs).readTable('Transactions', SPEC.columns)).toEqual(before);
    const opened = await openXlsxDocument(saved);
    expect(await new XlsxWorkbookPort(opened.document.workbook).readTable('Transactions', SPEC.columns)).toEqual(before);
    expect(before.rows).toHaveLength(3);
  });
});

describe('openXlsxDocument reads the parts as the format defines them, not as one writer spells them', () => {
  /** A file whose add-in parts are written as Microsoft's sample and Office write them: absolute targets, a BOM,
   * other prefixes, another add-in's pane before ours. */
  async function officeStyleFile(): Promise<ArrayBuffer> {
    const zip = await JSZip.loadAsync(await (await documentWithTable()).workbook.xlsx.writeBuffer());
    const bom = '\uFEFF';
    const rels = (await zip.file('_rels/.rels')?.async('string')) ?? '';
    zip.file(
      '_rels/.rels',
      rels.replace(
        '</Relationships>',
        `<Relationship Id="R58e3" Type="${TASK_PANES}" Target="/xl/webextensions/taskpanes.xml"/></Relationships>`,
      ),
    );
    zip.file(
      'xl/webextensions/taskpanes.xml',
      `${bom}<?xml version="1.0" encoding="utf-8"?><tp:taskpanes xmlns:tp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11">` +
        `<tp:taskpane dockstate="left" visibility="0" width="420" row="2"><tp:webextensionref xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships" rel:id="Rother"/></tp:taskpane>` +
        `<tp:taskpane dockstate="right" visibility="1" width="350.5" row="1" locked="true"><tp:webextensionref xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="Rours"/></tp:taskpane></tp:taskpanes>`,
    );
    zip.file(
      'xl/webextensions/_rels/taskpanes.xml.rels',
      `<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Type="${WEB_EXTENSION}" Target="/xl/webextensions/webextension.xml" Id="Rours"/>` +
        `<Relationship Type="${WEB_EXTENSION}" Target="other/../webextension2.xml" Id="Rother"/></Relationships>`,
    );
    const extension = (id: string, props: string): string =>
      `${bom}<?xml version="1.0" encoding="utf-8"?><x:webextension xmlns:x="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{${id}}">` +
      `<x:reference id="${id}" version="1.0.0.0" store="developer" storeType="Registry"/><x:alternateReferences/><x:properties>${props}</x:properties><x:bindings/></x:webextension>`;
    zip.file(
      'xl/webextensions/webextension2.xml',
      extension('11111111-2222-3333-4444-555555555555', '<x:property name="theirs" value="1"/>'),
    );
    zip.file(
      'xl/webextensions/webextension.xml',
      extension(
        MANIFEST.id.toUpperCase(),
        `<x:property name="${AUTO_SHOW_SETTING}" value="true"/><x:property name="note" value="&quot;&#x41;&#246;&lt;&quot;"/>`,
      ),
    );
    return zip.generateAsync({ type: 'arraybuffer' });
  }

  it('follows the relationships, resolves prefixes by namespace and picks the add-in by its manifest id', async () => {
    const bytes = await officeStyleFile();
    const ours = await openXlsxDocument(bytes, { addInId: `{${MANIFEST.id}}` });
    expect(ours.addIn).toEqual({
      instanceId: `{${MANIFEST.id.toUpperCase()}}`,
      reference: { id: MANIFEST.id.toUpperCase(), version: '1.0.0.0', store: 'developer', storeType: 'Registry' },
      alternateReferences: [],
      pane: { visible: true, dockState: 'right', width: 350.5, row: 1, locked: true },
    });
    expect([...ours.document.settings]).toEqual([
      [AUTO_SHOW_SETTING, true],
      ['note', 'Aö<'],
    ]);

    const first = await openXlsxDocument(bytes);
    expect(first.addIn?.reference.id).toBe('11111111-2222-3333-4444-555555555555');
    expect(first.addIn?.pane).toEqual({ visible: false, dockState: 'left', width: 420, row: 2, locked: false });
    expect([...first.document.settings]).toEqual([['theirs', 1]]);

    expect((await openXlsxDocument(bytes, { addInId: 'not-installed' })).addIn).toBeNull();
  });

  it('opens the workbook of a file whose add-in part is broken, without the add-in, and says which part and why', async () => {
    const document = await documentWithTable();
    document.settings.set(AUTO_SHOW_SETTING, true);
    const zip = await JSZip.loadAsync(await saveXlsxDocument(document, addIn));
    zip.file(
      'xl/webextensions/webextension1.xml',
      '<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11"><we:properties>',
    );
    const broken = await openXlsxDocument(await zip.generateAsync({ type: 'uint8array' }));
    expect(broken.addIn).toBeNull();
    expect(broken.problems).toEqual([{ part: 'xl/webextensions/webextension1.xml', reason: 'notWellFormed', detail: expect.any(String) }]);
    expect((await new XlsxWorkbookPort(broken.document.workbook).readTable('Transactions', SPEC.columns)).rows).toHaveLength(3);

    zip.file(
      'xl/webextensions/webextension1.xml',
      '<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11"/>',
    );
    zip.file('xl/webextensions/taskpanes.xml', '<taskpanes/>');
    expect((await openXlsxDocument(await zip.generateAsync({ type: 'uint8array' }))).problems).toEqual([
      { part: 'xl/webextensions/taskpanes.xml', reason: 'unexpectedContent', detail: expect.any(String) },
    ]);
    zip.remove('xl/webextensions/taskpanes.xml');
    expect((await openXlsxDocument(await zip.generateAsync({ type: 'uint8array' }))).problems).toEqual([]);
  });
});
