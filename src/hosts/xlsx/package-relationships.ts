/**
 * A part's relationships (OPC: `<folder>/_rels/<name>.rels`), their targets resolved to part names, and one added
 * with an id the part does not use yet. A target is relative to the source part's folder unless it starts with `/`
 * (Microsoft's sample writes `/xl/...`, exceljs and Excel write relative targets); external targets are not parts.
 */

import { NamespacedElement } from './namespaced-element';
import type { OfficePackage } from './office-package';
import { NS } from './package-vocabulary';
import { nameLike, xmlElement } from './xml-tree';

export interface PackageRelationship {
  readonly id: string;
  readonly type: string;
  /** The part it points at, as the zip names it; undefined for an external target (a URL). */
  readonly part: string | undefined;
}

/** The relationships part of a part (`''` is the package itself: `_rels/.rels`). */
export function relationshipsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** A relationship's target as a part name, from the part that holds the relationship. */
export function resolveTarget(sourcePart: string, target: string): string {
  const base = target.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  const segments = [...base, ...target.split('/')].reduce<string[]>((path, segment) => {
    if (segment === '..') return path.slice(0, -1);
    return segment === '' || segment === '.' ? path : [...path, segment];
  }, []);
  return segments.map(decodeSegment).join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray % is a character of the name
  }
}

export async function readRelationships(pkg: OfficePackage, sourcePart: string): Promise<PackageRelationship[]> {
  const root = await pkg.xml(relationshipsPartOf(sourcePart));
  if (root === undefined) return [];
  return NamespacedElement.root(root)
    .children(NS.packageRelationships, 'Relationship')
    .map((relationship) => ({
      id: relationship.attribute('Id') ?? '',
      type: relationship.attribute('Type') ?? '',
      part:
        relationship.attribute('TargetMode') === 'External' ? undefined : resolveTarget(sourcePart, relationship.attribute('Target') ?? ''),
    }));
}

/** Adds a relationship from `sourcePart` to `target` (written relative to the source's folder); answers its id. */
export async function addRelationship(pkg: OfficePackage, sourcePart: string, type: string, target: string): Promise<string> {
  const part = relationshipsPartOf(sourcePart);
  const root = (await pkg.xml(part)) ?? xmlElement('Relationships', { xmlns: NS.packageRelationships });
  const taken = new Set(
    NamespacedElement.root(root)
      .children(NS.packageRelationships, 'Relationship')
      .map((r) => r.attribute('Id')),
  );
  let n = taken.size + 1;
  while (taken.has(`rId${n}`)) n += 1;
  const id = `rId${n}`;
  root.children.push(xmlElement(nameLike(root.name, 'Relationship'), { Id: id, Type: type, Target: target }));
  pkg.setXml(part, root);
  return id;
}
