/**
 * The web-extension part (`xl/webextensions/webextension1.xml`, [MS-OWEXML] CT_OsfWebExtension): the add-in's
 * reference, its alternates and its properties (the document settings). Written in the schema's order, with the
 * empty `bindings` and `snapshot` Office writes; read by namespace. Bindings are not modelled (the add-in makes none).
 */

import { NamespacedElement } from './namespaced-element';
import { NS } from './package-vocabulary';
import { UnreadablePartError } from './unreadable-part-error';
import { decodeSettingValue, encodeSettingValue } from './setting-value';
import type { AddInReference, WebExtensionInfo } from './web-extension-info';
import { type XmlElement, xmlElement } from './xml-tree';

export interface WebExtensionPart {
  readonly instanceId: string;
  readonly reference: AddInReference | undefined;
  readonly alternateReferences: AddInReference[];
  readonly settings: Map<string, unknown>;
}

export function webExtensionXml(
  addIn: Pick<WebExtensionInfo, 'instanceId' | 'reference' | 'alternateReferences'>,
  settings: ReadonlyMap<string, unknown>,
): XmlElement {
  const properties = [...settings].map(([name, value]) => xmlElement('we:property', { name, value: encodeSettingValue(value) }));
  return xmlElement('we:webextension', { 'xmlns:we': NS.webExtension, id: addIn.instanceId }, [
    referenceXml(addIn.reference),
    xmlElement('we:alternateReferences', {}, addIn.alternateReferences.map(referenceXml)),
    xmlElement('we:properties', {}, properties),
    xmlElement('we:bindings'),
    xmlElement('we:snapshot', { 'xmlns:r': NS.relationships }),
  ]);
}

export function readWebExtension(root: XmlElement): WebExtensionPart {
  const extension = NamespacedElement.root(root);
  if (!extension.is(NS.webExtension, 'webextension')) throw new UnreadablePartError(`Not a web-extension part: <${root.name}>.`);
  const reference = extension.child(NS.webExtension, 'reference');
  const alternates = extension.child(NS.webExtension, 'alternateReferences')?.children(NS.webExtension, 'reference') ?? [];
  const properties = extension.child(NS.webExtension, 'properties')?.children(NS.webExtension, 'property') ?? [];
  return {
    instanceId: extension.attribute('id') ?? '',
    reference: reference === undefined ? undefined : readReference(reference),
    alternateReferences: alternates.map(readReference),
    settings: new Map(
      properties.map((property) => [property.attribute('name') ?? '', decodeSettingValue(property.attribute('value') ?? '')]),
    ),
  };
}

function referenceXml(reference: AddInReference): XmlElement {
  const { id, version, store, storeType } = reference;
  return xmlElement('we:reference', { id, version, store, storeType });
}

function readReference(reference: NamespacedElement): AddInReference {
  return {
    id: reference.attribute('id') ?? '',
    version: reference.attribute('version') ?? '',
    store: reference.attribute('store') ?? '',
    // The schema's default when the attribute is left out.
    storeType: reference.attribute('storeType') ?? 'SPCatalog',
  };
}
