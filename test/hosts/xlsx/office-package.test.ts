/** The package over JSZip: a part written as an XML tree reads back the same, whatever characters it holds (#30). */

import JSZip from 'jszip';
import { OfficePackage } from '../../../src/hosts/xlsx/office-package';
import { xmlElement } from '../../../src/hosts/xlsx/xml-tree';

describe('OfficePackage', () => {
  it('keeps an emoji that lands on a 16,384-character boundary of a part', async () => {
    // JSZip encodes a string part 16,384 characters at a time: an emoji across a boundary came back as two U+FFFD.
    for (const value of ['x' + '😀'.repeat(20_000), '😀'.repeat(20_000)]) {
      const pkg = await OfficePackage.load(await new JSZip().generateAsync({ type: 'uint8array' }));
      pkg.setXml('xl/webextensions/webextension1.xml', xmlElement('we:property', { name: 'settings', value }));
      const again = await OfficePackage.load(await pkg.bytes());
      expect((await again.xml('xl/webextensions/webextension1.xml'))?.attributes['value']).toBe(value);
    }
  });
});
