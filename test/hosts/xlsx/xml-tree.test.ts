/** XML parts as trees: parsed only when well formed, texts decoded, written back escaped; names read by namespace. */

import { NamespacedElement } from '../../../src/hosts/xlsx/namespaced-element';
import { parseXml, serializeXml, xmlElement, XmlSyntaxError } from '../../../src/hosts/xlsx/xml-tree';

describe('xml-tree', () => {
  it('decodes entities and character references, and writes them back escaped so the text reads the same', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0"?><a v="&quot;&#x41;&#246;&lt;&amp;lt;&apos;">x &amp; &#60;y&gt;<b/><![CDATA[<z>]]></a>',
    );
    expect(root.attributes.v).toBe(`"Aö<&lt;'`);
    expect(root.children).toEqual(['x & <y>', xmlElement('b'), '<z>']);
    const text = serializeXml(root);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')).toBe(true);
    expect(parseXml(text)).toEqual(parseXml(serializeXml(parseXml(text))));
    expect(parseXml(text).attributes.v).toBe(`"Aö<&lt;'`);
    expect(parseXml(text).children.join('')).toContain('x & <y>');
  });

  it('refuses what is not well formed: unclosed, mismatched, two document elements, none', () => {
    for (const text of ['<a><b></a>', '<a>', '<a/><b/>', '', 'text', '<a x="1" x="2"/>'])
      expect(() => parseXml(text)).toThrow(XmlSyntaxError);
  });

  it('refuses to write an attribute whose tab or line break XML would read back as a space', () => {
    expect(() => serializeXml(xmlElement('a', { v: 'one\ntwo' }))).toThrow(/line break/);
  });

  it('reads names by namespace, whatever the prefixes, declarations inherited and redeclared', () => {
    const root = NamespacedElement.root(
      parseXml(
        '<p:a xmlns:p="urn:one" xmlns="urn:default" xmlns:r="urn:rel"><b r:id="1" id="2"/><q:b xmlns:q="urn:one" xmlns:r="urn:other" r:id="3"/><p:b/></p:a>',
      ),
    );
    expect(root.is('urn:one', 'a')).toBe(true);
    expect(root.children('urn:default', 'b').map((b) => [b.attribute('id', 'urn:rel'), b.attribute('id')])).toEqual([['1', '2']]);
    const inOne = root.children('urn:one', 'b');
    expect(inOne.map((b) => b.attribute('id', 'urn:other'))).toEqual(['3', undefined]);
    expect(inOne[0]?.attributeNames()).toEqual(['{urn:other}id']);
  });
});
