/**
 * How a document setting is kept in the file: Office stores each value of `settings.set(name, value)` JSON-encoded in
 * the `value` attribute of its `we:property` (a string `"abc"` with its quotes, `true` bare; Microsoft's
 * autoopen article and files Excel writes). The XML escaping is the tree's; here only JSON. JSON leaves U+FFFE and
 * U+FFFF as they are, which XML does not allow: they are written as JSON escapes, which read back the same.
 */

export function encodeSettingValue(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new Error(`A document setting must be a JSON value (got ${typeof value}).`);
  return json.replace(/[\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** The setting's value; a value that is not JSON (another writer's plain text) is kept as that text. */
export function decodeSettingValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
