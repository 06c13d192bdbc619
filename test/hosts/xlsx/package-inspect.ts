/**
 * Reading a saved package for the tests without the host's own reader (so a misreading cannot pass both sides):
 * JSZip for the parts, fast-xml-parser's validator and its plain object form, relationship targets resolved here.
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import JSZip from 'jszip';

export interface Inspected {
  readonly zip: JSZip;
  readonly parts: string[];
  text(part: string): Promise<string>;
  /** The part as fast-xml-parser's plain objects (attributes prefixed `@_`, repeated elements always arrays). */
  json(part: string): Promise<Record<string, unknown>>;
}

export async function inspect(bytes: ArrayBuffer | Uint8Array): Promise<Inspected> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = Object.values(zip.files)
    .filter((entry) => !entry.dir)
    .map((entry) => entry.name);
  const text = async (part: string): Promise<string> => {
    const entry = zip.file(part);
    if (entry === null) throw new Error(`No part ${part}`);
    return entry.async('string');
  };
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['Relationship', 'Override', 'we:property', 'we:reference', 'wetp:taskpane'].includes(name),
  });
  return { zip, parts, text, json: async (part) => parser.parse(await text(part)) as Record<string, unknown> };
}

export function wellFormed(text: string): true | string {
  const result = XMLValidator.validate(text);
  return result === true ? true : result.err.msg;
}

/** The relationships of a part: type and the part name each target resolves to. */
export async function relationshipsOf(file: Inspected, source: string): Promise<Array<{ id: string; type: string; part: string }>> {
  const slash = source.lastIndexOf('/');
  const relsPart = `${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`;
  if (!file.parts.includes(relsPart)) return [];
  const root = (await file.json(relsPart)).Relationships as { Relationship?: Array<Record<string, string>> };
  return (root.Relationship ?? []).map((r) => {
    const target = r['@_Target'] ?? '';
    const base = target.startsWith('/') ? [] : source.split('/').slice(0, -1);
    const segments: string[] = [];
    for (const segment of [...base, ...target.split('/')]) {
      if (segment === '..') segments.pop();
      else if (segment !== '' && segment !== '.') segments.push(segment);
    }
    return { id: r['@_Id'] ?? '', type: r['@_Type'] ?? '', part: segments.join('/') };
  });
}

export async function contentTypeOverrides(file: Inspected): Promise<Map<string, string>> {
  const types = (await file.json('[Content_Types].xml')).Types as { Override?: Array<Record<string, string>> };
  return new Map((types.Override ?? []).map((o) => [(o['@_PartName'] ?? '').replace(/^\//, ''), o['@_ContentType'] ?? '']));
}
