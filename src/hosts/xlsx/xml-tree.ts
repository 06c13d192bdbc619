/**
 * XML parts as documents: a part's text parsed into a tree of elements (names and attributes as written, texts
 * decoded), and a tree serialized back with every text and attribute escaped by fast-xml-parser. The package's
 * parts are read and written only through this, never by editing their text. Well-formedness is checked before a
 * tree is built (`XmlSyntaxError` otherwise). Comments and processing instructions are not kept; CDATA becomes text.
 */

import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlNode = XmlElement | string;

export interface XmlElement {
  /** The qualified name as written (`we:property`, `Relationship`). */
  readonly name: string;
  /** Attributes by qualified name as written (`r:id`, `xmlns:we`), values decoded. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlNode[];
}

export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
}

export const XML_DECLARATION = { version: '1.0', encoding: 'UTF-8', standalone: 'yes' };

/** An element to put in a tree. */
export function xmlElement(name: string, attributes: Record<string, string> = {}, children: XmlNode[] = []): XmlElement {
  return { name, attributes, children };
}

/** A name in the namespace of another by its prefix: `Override` beside `Types`, `pr:Relationship` in `pr:Relationships`. */
export function nameLike(other: string, localName: string): string {
  const colon = other.indexOf(':');
  return colon < 0 ? localName : `${other.slice(0, colon + 1)}${localName}`;
}

/** The document element of a part's text (a byte order mark before it is allowed). */
export function parseXml(text: string): XmlElement {
  const source = text.replace(/^\uFEFF/, '');
  const check = XMLValidator.validate(source);
  if (check !== true) throw new XmlSyntaxError(`${check.err.msg} (line ${check.err.line}, column ${check.err.col})`);
  const roots = parser().parse(source) as OrderedNode[];
  const elements = roots
    .flatMap((node) => (isDeclaration(node) ? [] : toNodes(node)))
    .filter((node): node is XmlElement => typeof node !== 'string');
  const [root] = elements;
  if (root === undefined || elements.length !== 1) throw new XmlSyntaxError('An XML document has exactly one document element.');
  return root;
}

/** The text of a part: the XML declaration, then the tree. Attribute values must not hold tabs or line breaks. */
export function serializeXml(root: XmlElement): string {
  const declaration: OrderedNode = { '?xml': [{ '#text': '' }], ':@': { ...XML_DECLARATION } };
  return new XMLBuilder(BUILDER_OPTIONS).build([declaration, toOrdered(root)]) as string;
}

/** fast-xml-parser's ordered form: one key naming the element (its children) or `#text`, attributes under `:@`. */
type OrderedNode = { [name: string]: OrderedNode[] | string | Record<string, string> | undefined; ':@'?: Record<string, string> };

const PARSER_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  // Character references (&#x41;) are decoded only with this; a well-formed part has no HTML entity to mistake.
  htmlEntities: true,
} as const;

const BUILDER_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  suppressEmptyNode: true,
  processEntities: true,
} as const;

function parser(): XMLParser {
  return new XMLParser(PARSER_OPTIONS);
}

function isDeclaration(node: OrderedNode): boolean {
  return Object.keys(node).some((key) => key.startsWith('?'));
}

function toNodes(node: OrderedNode): XmlNode[] {
  const text = node['#text'];
  if (typeof text === 'string') return [text];
  const name = Object.keys(node).find((key) => key !== ':@');
  if (name === undefined || name.startsWith('?')) return [];
  const children = node[name];
  return [xmlElement(name, { ...(node[':@'] ?? {}) }, Array.isArray(children) ? children.flatMap(toNodes) : [])];
}

function toOrdered(node: XmlNode): OrderedNode {
  if (typeof node === 'string') return { '#text': node };
  for (const [name, value] of Object.entries(node.attributes)) {
    // XML turns a raw tab or line break in an attribute into a space on reading; nothing written here needs one.
    if (/[\t\n\r]/.test(value)) throw new Error(`The attribute ${name} of <${node.name}> holds a tab or line break.`);
  }
  const ordered: OrderedNode = { [node.name]: node.children.map(toOrdered) };
  if (Object.keys(node.attributes).length > 0) ordered[':@'] = { ...node.attributes };
  return ordered;
}
