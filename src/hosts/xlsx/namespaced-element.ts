/**
 * Reading a parsed part by namespace, as the file format defines it, not by the prefixes a writer happened to choose
 * (`we:`, `wetp:`, `r:` are Office's habits, not rules): an element of a tree with the namespace declarations in
 * scope at it. Unprefixed attributes have no namespace; unprefixed elements take the default namespace.
 */

import type { XmlElement } from './xml-tree';

type Scope = ReadonlyMap<string, string>;

export class NamespacedElement {
  private constructor(
    readonly element: XmlElement,
    private readonly scope: Scope,
  ) {}

  /** The document element of a part. */
  static root(element: XmlElement): NamespacedElement {
    return new NamespacedElement(element, declared(element, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])));
  }

  get namespace(): string {
    return this.scope.get(prefixOf(this.element.name)) ?? '';
  }

  get localName(): string {
    return localOf(this.element.name);
  }

  is(namespace: string, localName: string): boolean {
    return this.namespace === namespace && this.localName === localName;
  }

  /** Every child element, in document order. */
  elements(): NamespacedElement[] {
    return this.element.children
      .filter((child): child is XmlElement => typeof child !== 'string')
      .map((child) => new NamespacedElement(child, declared(child, this.scope)));
  }

  /** The child elements of that name, in document order. */
  children(namespace: string, localName: string): NamespacedElement[] {
    return this.elements().filter((child) => child.is(namespace, localName));
  }

  /** The attributes' names as `{namespace}local` (`id` without one), namespace declarations left out. */
  attributeNames(): string[] {
    return Object.keys(this.element.attributes)
      .filter((name) => name !== 'xmlns' && !name.startsWith('xmlns:'))
      .map((name) => (prefixOf(name) === '' ? name : `{${this.scope.get(prefixOf(name)) ?? ''}}${localOf(name)}`));
  }

  child(namespace: string, localName: string): NamespacedElement | undefined {
    return this.children(namespace, localName)[0];
  }

  /** An attribute's value: without a namespace (`id`), or in one (`r:id` is `attribute('id', RELATIONSHIPS_NS)`). */
  attribute(localName: string, namespace = ''): string | undefined {
    for (const [name, value] of Object.entries(this.element.attributes)) {
      if (name === 'xmlns' || name.startsWith('xmlns:') || localOf(name) !== localName) continue;
      const prefix = prefixOf(name);
      const attributeNamespace = prefix === '' ? '' : this.scope.get(prefix);
      if (attributeNamespace === namespace) return value;
    }
    return undefined;
  }
}

function declared(element: XmlElement, outer: Scope): Scope {
  const scope = new Map(outer);
  for (const [name, value] of Object.entries(element.attributes)) {
    if (name === 'xmlns') scope.set('', value);
    else if (name.startsWith('xmlns:')) scope.set(name.slice('xmlns:'.length), value);
  }
  return scope;
}

function prefixOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? '' : name.slice(0, colon);
}

function localOf(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}
