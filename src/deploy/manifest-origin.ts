/**
 * The origin a manifest was made for: the one of its `DefaultSettings/SourceLocation` (the task pane page, every
 * other URL of a valid manifest shares it). What `npm run validate` checks a built manifest against and what
 * `npm run serve` compares with its `--origin`.
 */
import { XMLParser } from 'fast-xml-parser';

/** The manifest's origin, or undefined when it has no SourceLocation with an absolute URL. */
export function manifestOrigin(xml: string): string | undefined {
  const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
  const doc = parser.parse(xml) as { OfficeApp?: { DefaultSettings?: { SourceLocation?: { '@_DefaultValue'?: unknown } } } };
  const location = doc.OfficeApp?.DefaultSettings?.SourceLocation?.['@_DefaultValue'];
  if (typeof location !== 'string') return undefined;
  try {
    return new URL(location).origin;
  } catch {
    return undefined;
  }
}
