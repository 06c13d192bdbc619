/**
 * A scan of every part of a workbook file for secrets before it is shared or kept: each part (sheets, very hidden
 * ones too, shared strings, the web-extension part, docProps, relationships, anything else the zip holds) is read
 * as text and searched for each given secret (client secret, client ID, bearer token) as written, as XML escapes it,
 * as JSON escapes it (a setting's value) and URL- or form-encoded (a link). Settings (web-extension properties,
 * custom document properties) are also checked by name, and a setting's JSON value by its keys: a credential-like
 * name (`credentialKey`) is a finding even without a secret's value. A finding names the part and which secret (by its place in the list),
 * never the secret itself. Steps: check the secrets → each part's text → secrets → credential-like names.
 * Parts are read streamed (fflate), a window of text at a time with an overlap longer than any escaped secret, so a
 * sheet of a million rows is never one string; a part small enough to hold settings is also read whole for the names.
 */

import { credentialKey } from '../../sync/pull/pull-state';
import { NamespacedElement } from './namespaced-element';
import { Unzip, UnzipInflate } from 'fflate';
import type { PackageBytes } from './office-package';
import { NS } from './package-vocabulary';
import { decodeSettingValue } from './setting-value';
import { parseXml, type XmlElement } from './xml-tree';

export interface SecretFinding {
  readonly part: string;
  readonly kind: 'secret' | 'credentialName';
  /** `secret 2` (the second of the list given), or the credential-like name and where it was. */
  readonly detail: string;
}

export interface PackageScan {
  readonly clean: boolean;
  readonly findings: SecretFinding[];
  /** Every part read, so that a caller can tell the scan saw the whole file. */
  readonly parts: string[];
}

const CUSTOM_PROPERTIES_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/custom-properties';
/** Shorter secrets would match by accident anywhere in a file. */
const MIN_SECRET_LENGTH = 4;
/** A settings part above this is not read whole for names (its text is searched for the secrets all the same). */
const WHOLE_PART_CHARS = 8_000_000;
/** Text searched at a time (plus the overlap). */
const WINDOW_CHARS = 1_000_000;

export async function scanPackage(bytes: PackageBytes, secrets: readonly string[]): Promise<PackageScan> {
  secrets.forEach(checkSecret);
  // An escaped secret is at most 10 characters a character (`&#x1F600;`), the overlap holds the longest.
  const overlap = Math.max(0, ...secrets.map((s) => s.length * 10 + 16));
  const parts: string[] = [];
  const findings: SecretFinding[] = [];
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    parts.push(file.name);
    const reader = new PartReader(file.name, secrets, overlap);
    file.ondata = (error, chunk, final) => {
      if (error !== null) throw error;
      reader.push(chunk, final);
      if (final) findings.push(...reader.findings());
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  pushInSlices(unzip, bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  return Promise.resolve({ clean: findings.length === 0, findings, parts });
}

/** The package to the unzipper a slice at a time (a whole file at once recurses once per slice of its own). */
function pushInSlices(unzip: Unzip, bytes: Uint8Array): void {
  const SLICE = 1 << 16;
  for (let at = 0; at < bytes.length; at += SLICE) unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  if (bytes.length === 0) unzip.push(bytes, true);
}

/** One part's text as it streams: each window searched for the secrets, the whole kept while it is small. */
class PartReader {
  private readonly decoder = new TextDecoder();
  private tail = '';
  private whole: string | null = '';
  private readonly found = new Map<string, SecretFinding>();

  constructor(
    private readonly part: string,
    private readonly secrets: readonly string[],
    private readonly overlap: number,
  ) {}

  push(chunk: Uint8Array, final: boolean): void {
    const text = this.tail + this.decoder.decode(chunk, { stream: !final });
    if (this.whole !== null)
      this.whole = this.whole.length + text.length > WHOLE_PART_CHARS ? null : this.whole + text.slice(this.tail.length);
    if (text.length < WINDOW_CHARS && !final) {
      this.tail = text;
      return;
    }
    for (const finding of secretsIn(this.part, text, this.secrets)) this.found.set(finding.detail, finding);
    this.tail = text.slice(Math.max(0, text.length - this.overlap));
  }

  findings(): SecretFinding[] {
    return [...this.found.values(), ...(this.whole === null ? [] : credentialNamesIn(this.part, this.whole.replace(/^\uFEFF/, '')))];
  }
}

function checkSecret(secret: string, index: number): void {
  if (secret.trim().length < MIN_SECRET_LENGTH)
    throw new RangeError(`Secret ${index + 1} is shorter than ${MIN_SECRET_LENGTH} characters: it would be found anywhere.`);
}

/**
 * The forms a secret may be written in inside a part: as it is, JSON-escaped (a setting's value), URL- and
 * form-encoded (a link, a query a cell or a relationship holds), percent escapes in either case.
 */
function formsOf(secret: string): string[] {
  const encoded = [encodeURIComponent(secret), encodeURI(secret), new URLSearchParams({ v: secret }).toString().slice(2)];
  const lowerHex = encoded.map((form) => form.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()));
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), ...encoded, ...lowerHex])];
}

function secretsIn(part: string, text: string, secrets: readonly string[]): SecretFinding[] {
  const haystacks = [text, decodeXmlText(text)];
  return secrets.flatMap((secret, index) => {
    const needles = formsOf(secret);
    const found = haystacks.some((haystack) => needles.some((needle) => haystack.includes(needle)));
    return found ? [{ part, kind: 'secret' as const, detail: `secret ${index + 1}` }] : [];
  });
}

/** Entities and character references as XML reads them (a secret holding `&` or `<` is written escaped). */
function decodeXmlText(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return named[ref] ?? whole;
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Settings by name: the add-in's properties (and the keys of their JSON values), custom document properties. */
function credentialNamesIn(part: string, text: string): SecretFinding[] {
  const root = settingsRoot(text);
  if (root === undefined) return [];
  const finding = (detail: string): SecretFinding => ({ part, kind: 'credentialName', detail });
  if (root.is(NS.webExtension, 'webextension')) {
    const properties = root.child(NS.webExtension, 'properties')?.children(NS.webExtension, 'property') ?? [];
    return properties.flatMap((property) => {
      const name = property.attribute('name') ?? '';
      const keys = credentialKeysOf(decodeSettingValue(property.attribute('value') ?? ''));
      return [...(credentialKey(name) ? [finding(`setting ${name}`)] : []), ...keys.map((key) => finding(`key ${key} in setting ${name}`))];
    });
  }
  return root
    .children(CUSTOM_PROPERTIES_NS, 'property')
    .map((property) => property.attribute('name') ?? '')
    .filter(credentialKey)
    .map((name) => finding(`document property ${name}`));
}

function settingsRoot(text: string): NamespacedElement | undefined {
  if (!text.includes(NS.webExtension) && !text.includes(CUSTOM_PROPERTIES_NS)) return undefined;
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch {
    return undefined; // not XML: its text was searched for the secrets all the same
  }
  return NamespacedElement.root(root);
}

/** The credential-like keys anywhere in a JSON value, also inside a string that holds JSON (the stores keep text). */
function credentialKeysOf(value: unknown): string[] {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    const parsed = trimmed.startsWith('{') || trimmed.startsWith('[') ? decodeSettingValue(trimmed) : undefined;
    return typeof parsed === 'object' && parsed !== null ? credentialKeysOf(parsed) : [];
  }
  if (Array.isArray(value)) return value.flatMap(credentialKeysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [...(credentialKey(key) ? [key] : []), ...credentialKeysOf(inner)]);
}
