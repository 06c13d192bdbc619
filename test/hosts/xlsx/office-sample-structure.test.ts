/**
 * The add-in parts we write equal in structure those of Microsoft's own sideload template (Office-Addin-Scripts,
 * office-addin-dev-settings): element and attribute names by namespace, relationship types, content types and the
 * sideload store. The sample's structure is the fixture `test/fixtures/office-webextension-sample.json` (see the
 * fixtures' README for where it came from).
 */

import { Workbook } from 'exceljs';
import { NamespacedElement } from '../../../src/hosts/xlsx/namespaced-element';
import { saveXlsxDocument } from '../../../src/hosts/xlsx/save-xlsx-document';
import { AUTO_SHOW_SETTING, webExtensionFor } from '../../../src/hosts/xlsx/web-extension-info';
import { newXlsxDocument } from '../../../src/hosts/xlsx/xlsx-document';
import { parseXml } from '../../../src/hosts/xlsx/xml-tree';
import sample from '../../fixtures/office-webextension-sample.json';
import { contentTypeOverrides, inspect, relationshipsOf } from './package-inspect';

interface Outline {
  element: string;
  attributes: string[];
  children: Outline[];
}

function outline(element: NamespacedElement): Outline {
  return {
    element: `{${element.namespace}}${element.localName}`,
    attributes: element.attributeNames().sort(),
    children: element.elements().map(outline),
  };
}

async function savedParts(settings: Map<string, unknown>) {
  const workbook = new Workbook();
  workbook.addWorksheet('Start here').getCell('A1').value = 'Cash-Flow Planner';
  const document = newXlsxDocument(workbook);
  settings.forEach((value, name) => document.settings.set(name, value));
  const addIn = webExtensionFor({ id: '6b1d3e0a-4c7f-4f1e-9a51-2d8c0f6e7a10', version: '1.0.0.0' }, [{ kind: 'sideloaded' }]);
  const file = await inspect(await saveXlsxDocument(document, addIn));
  const toPanes = (await relationshipsOf(file, sample.packageRelationship.from)).find((r) => r.type === sample.packageRelationship.type);
  if (toPanes === undefined) throw new Error('no task panes relationship');
  const toExtension = (await relationshipsOf(file, toPanes.part)).find((r) => r.type === sample.taskPanesRelationship.type);
  if (toExtension === undefined) throw new Error('no web extension relationship');
  return {
    file,
    toPanes,
    toExtension,
    taskPanes: NamespacedElement.root(parseXml(await file.text(toPanes.part))),
    webExtension: NamespacedElement.root(parseXml(await file.text(toExtension.part))),
  };
}

describe("the add-in parts match Microsoft's sample in structure", () => {
  it('the same relationships, content types, elements and attributes, and the sideload store', async () => {
    const { file, toPanes, toExtension, taskPanes, webExtension } = await savedParts(new Map());
    const types = await contentTypeOverrides(file);
    expect(types.get(toPanes.part)).toBe(sample.contentTypes.taskPanes);
    expect(types.get(toExtension.part)).toBe(sample.contentTypes.webExtension);
    expect(outline(taskPanes)).toEqual(sample.taskPanes);
    expect(outline(webExtension)).toEqual(sample.webExtension);
    const reference = webExtension.elements()[0];
    expect({ store: reference?.attribute('store'), storeType: reference?.attribute('storeType') }).toEqual(sample.sideloadReference);
  });

  it("settings become properties shaped as Microsoft's autoopen article writes them, the rest unchanged", async () => {
    const { webExtension } = await savedParts(
      new Map<string, unknown>([
        [AUTO_SHOW_SETTING, true],
        ['cashflow.connection', { profileName: 'ACME' }],
      ]),
    );
    const [reference, alternates, properties, ...rest] = webExtension.elements().map(outline);
    const { source: _source, ...property } = sample.property;
    expect(properties?.children).toEqual([property, property]);
    expect([reference, alternates, { ...properties, children: [] }, ...rest]).toEqual(sample.webExtension.children);
  });
});
