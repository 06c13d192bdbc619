/**
 * The package's content types (`[Content_Types].xml`): what a part is, by an `Override` for its name or a `Default`
 * for its extension. A part this host adds gets its own `Override` (the web-extension parts are XML of types of
 * their own, not the `application/xml` default).
 */

import { NamespacedElement } from './namespaced-element';
import type { OfficePackage } from './office-package';
import { CONTENT_TYPES_PART, NS } from './package-vocabulary';
import { nameLike, xmlElement } from './xml-tree';

/** The content type of a part (`xl/webextensions/taskpanes.xml`), or undefined when the package names none. */
export async function contentTypeOf(pkg: OfficePackage, part: string): Promise<string | undefined> {
  const root = await pkg.xml(CONTENT_TYPES_PART);
  if (root === undefined) return undefined;
  const types = NamespacedElement.root(root);
  const override = types.children(NS.contentTypes, 'Override').find((o) => samePartName(o.attribute('PartName'), part));
  if (override !== undefined) return override.attribute('ContentType');
  const extension = part.slice(part.lastIndexOf('.') + 1).toLowerCase();
  return types
    .children(NS.contentTypes, 'Default')
    .find((d) => d.attribute('Extension')?.toLowerCase() === extension)
    ?.attribute('ContentType');
}

/** Sets the `Override` of a part: replaces one the package has for it, else adds one. */
export async function setContentType(pkg: OfficePackage, part: string, contentType: string): Promise<void> {
  const root = await pkg.xml(CONTENT_TYPES_PART);
  if (root === undefined) throw new Error('The package has no [Content_Types].xml: it is not an Office file.');
  const types = NamespacedElement.root(root);
  const stale = new Set(
    types
      .children(NS.contentTypes, 'Override')
      .filter((o) => samePartName(o.attribute('PartName'), part))
      .map((o) => o.element),
  );
  const kept = root.children.filter((child) => typeof child === 'string' || !stale.has(child));
  root.children.splice(
    0,
    root.children.length,
    ...kept,
    xmlElement(nameLike(root.name, 'Override'), { PartName: `/${part}`, ContentType: contentType }),
  );
  pkg.setXml(CONTENT_TYPES_PART, root);
}

/** Part names compare without case (OPC), written with a leading slash in content types. */
function samePartName(written: string | undefined, part: string): boolean {
  return written !== undefined && written.replace(/^\//, '').toLowerCase() === part.toLowerCase();
}
