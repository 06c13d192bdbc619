/**
 * Local structural check of the add-in-only XML manifest. The Office validation service is not reachable
 * from every machine (CI has no internet), so this check is what makes a broken manifest fail the suite:
 * well-formed XML, the elements Excel needs for a task pane with custom functions in a shared runtime,
 * every `resid` resolving to a resource, and every URL pointing at a file the build serves.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface ManifestCheckOptions {
  /** Paths (relative to the dev server root) that the build emits, e.g. `taskpane.html`, `assets/icon-32.png`. */
  servedPaths: ReadonlySet<string>;
  /** The origin every URL must use, e.g. `https://localhost:3000`. */
  origin: string;
}

type XmlNode = Record<string, unknown>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^\d+(\.\d+){0,3}$/;
/** Locales the ribbon's strings come in besides English (the pane's languages: de, it). */
const TRANSLATED_LOCALES = ['de-DE', 'it-IT'] as const;

function asNode(value: unknown): XmlNode | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : undefined;
}

function list(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node ? asNode(list(node[name])[0]) : undefined;
}

function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

function text(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[name];
  const first = list(value)[0];
  if (typeof first === 'string' || typeof first === 'number') return String(first);
  const n = asNode(first);
  const t = n?.['#text'];
  return typeof t === 'string' || typeof t === 'number' ? String(t) : undefined;
}

/** Walks the tree and calls `visit` for every element with its tag name. */
function walk(node: unknown, visit: (tag: string, element: XmlNode) => void): void {
  for (const item of list(node)) {
    const element = asNode(item);
    if (!element) continue;
    for (const [key, value] of Object.entries(element)) {
      if (key.startsWith('@_') || key === '#text') continue;
      for (const c of list(value)) {
        const ce = asNode(c);
        if (ce) {
          visit(key, ce);
          walk(ce, visit);
        }
      }
    }
  }
}

export function checkManifest(xml: string, options: ManifestCheckOptions): string[] {
  const problems: string[] = [];
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`];

  const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
  const doc = asNode(parser.parse(xml));
  const app = child(doc, 'OfficeApp');
  if (!app) return ['root element OfficeApp is missing'];
  if (attr(app, 'type') !== 'TaskPaneApp') problems.push('OfficeApp must have xsi:type="TaskPaneApp"');

  const id = text(app, 'Id');
  if (!id || !GUID.test(id)) problems.push('Id must be a GUID');
  const version = text(app, 'Version');
  if (!version || !VERSION.test(version)) problems.push('Version must look like 1.0.0.0');
  for (const required of ['ProviderName', 'DefaultLocale']) {
    if (!text(app, required)) problems.push(`${required} is missing`);
  }
  for (const required of ['DisplayName', 'Description', 'IconUrl', 'HighResolutionIconUrl', 'SupportUrl']) {
    if (!attr(child(app, required), 'DefaultValue')) problems.push(`${required} needs a DefaultValue`);
  }
  const hosts = list(child(app, 'Hosts')?.['Host']).map((h) => attr(asNode(h), 'Name'));
  if (!hosts.includes('Workbook')) problems.push('Hosts must include Workbook (Excel)');
  const sets = list(child(child(app, 'Requirements'), 'Sets')?.['Set']).map((s) => attr(asNode(s), 'Name'));
  if (!sets.includes('SharedRuntime')) problems.push('Requirements must include the SharedRuntime set');
  if (!attr(child(child(app, 'DefaultSettings'), 'SourceLocation'), 'DefaultValue')) {
    problems.push('DefaultSettings/SourceLocation is missing');
  }
  if (text(app, 'Permissions') !== 'ReadWriteDocument') problems.push('Permissions must be ReadWriteDocument');

  const overrides = child(app, 'VersionOverrides');
  const workbookHost = list(child(overrides, 'Hosts')?.['Host'])
    .map(asNode)
    .find((h) => attr(h, 'type') === 'Workbook');
  if (!workbookHost) {
    problems.push('VersionOverrides/Hosts/Host xsi:type="Workbook" is missing');
  } else {
    const runtime = child(child(workbookHost, 'Runtimes'), 'Runtime');
    if (!runtime) problems.push('Runtimes/Runtime is missing (the shared runtime)');
    else if (attr(runtime, 'lifetime') !== 'long') problems.push('the shared Runtime must have lifetime="long"');
    const points = list(child(workbookHost, 'AllFormFactors')?.['ExtensionPoint']).map(asNode);
    const functions = points.find((p) => attr(p, 'type') === 'CustomFunctions');
    if (!functions) {
      problems.push('AllFormFactors needs an ExtensionPoint xsi:type="CustomFunctions"');
    } else {
      for (const part of ['Script', 'Page', 'Metadata']) {
        if (!attr(child(child(functions, part), 'SourceLocation'), 'resid'))
          problems.push(`CustomFunctions/${part}/SourceLocation is missing`);
      }
      if (!attr(child(functions, 'Namespace'), 'resid')) problems.push('CustomFunctions/Namespace is missing');
      const pageResid = attr(child(child(functions, 'Page'), 'SourceLocation'), 'resid');
      if (runtime && pageResid !== attr(runtime, 'resid')) problems.push('the custom functions Page must use the shared runtime resid');
    }
    const desktop = child(workbookHost, 'DesktopFormFactor');
    const functionFile = attr(child(desktop, 'FunctionFile'), 'resid');
    if (runtime && functionFile !== attr(runtime, 'resid')) problems.push('FunctionFile must use the shared runtime resid');
  }

  // Resource ids: every resid must resolve, and every id must be unique.
  const resources = child(overrides, 'Resources');
  const ids = new Map<string, string>();
  walk(resources, (_tag, element) => {
    const rid = attr(element, 'id');
    const value = attr(element, 'DefaultValue');
    if (rid === undefined) return;
    if (ids.has(rid)) problems.push(`resource id ${rid} is defined twice`);
    ids.set(rid, value ?? '');
  });
  walk(overrides, (tag, element) => {
    const resid = attr(element, 'resid');
    if (resid !== undefined && !ids.has(resid)) problems.push(`${tag} refers to resource ${resid}, which is not defined`);
  });
  // Ribbon and callout strings in every language the add-in speaks (the namespace is the formulas' own, never
  // translated), within Office's lengths: short strings 125 characters, long ones 250.
  for (const [group, limit] of [
    ['ShortStrings', 125],
    ['LongStrings', 250],
  ] as const) {
    for (const item of list(child(resources, group)?.String)) {
      const element = asNode(item);
      const rid = attr(element, 'id');
      if (element === undefined || rid === undefined) continue;
      const texts = [attr(element, 'DefaultValue') ?? ''];
      const locales = new Set<string>();
      for (const o of list(element.Override)) {
        const override = asNode(o);
        const locale = attr(override, 'Locale');
        if (locale !== undefined) locales.add(locale);
        texts.push(attr(override, 'Value') ?? '');
      }
      if (rid !== 'Functions.Namespace') {
        for (const locale of TRANSLATED_LOCALES) if (!locales.has(locale)) problems.push(`string ${rid} has no ${locale} override`);
      }
      for (const t of texts) if (t.length > limit) problems.push(`string ${rid} is longer than ${limit} characters: ${t}`);
    }
  }

  const namespace = [...ids.entries()].find(([k]) => k === 'Functions.Namespace')?.[1];
  if (namespace !== 'CASHFLOW') problems.push('the custom functions namespace must be CASHFLOW');

  // Every URL must be on the dev server's origin and point at a file the build serves.
  const urls: string[] = [];
  walk(doc, (_tag, element) => {
    const value = attr(element, 'DefaultValue');
    if (value && /^https?:\/\//.test(value)) urls.push(value);
  });
  for (const u of urls) {
    let parsed: URL;
    try {
      parsed = new URL(u);
    } catch {
      problems.push(`${u} is not a valid URL`);
      continue;
    }
    if (parsed.origin !== options.origin) {
      problems.push(`${u} is not on ${options.origin}`);
      continue;
    }
    const path = parsed.pathname.replace(/^\//, '');
    if (path !== '' && !options.servedPaths.has(path)) problems.push(`${u} points at ${path}, which the build does not serve`);
  }
  for (const d of list(child(app, 'AppDomains')?.['AppDomain'])) {
    if (typeof d !== 'string' || !/^https:\/\//.test(d)) problems.push(`AppDomain ${String(d)} must be an https origin`);
  }
  return problems;
}
