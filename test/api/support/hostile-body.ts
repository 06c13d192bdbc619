/**
 * Hostile answers for the client (issue #30): fast-check arbitraries that turn a well-formed body into the text a
 * broken or malicious service might send with a 200 and a JSON content type: a field of the wrong type, missing or
 * extra, null for an object, huge numbers and NaN-like strings, deeply nested junk, truncated JSON, HTML, an empty
 * body, an array for an object, `next` links to other hosts or without a page, counts that disagree.
 */
import fc from 'fast-check';

/** Literal JSON texts no `JSON.stringify` makes: numbers beyond doubles, nesting deeper than parsers like. */
const RAW_TEXTS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '9007199254740993',
  '-0',
  '1.7976931348623157e309',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
];

/** A value that is wrong (or barely right) wherever it lands. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '', ' 12 ', '12,50', '1e3', '0x10', 'null', 'true', '2024-13-45'),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 53 + 2, -(2 ** 60), 0.1, -0.5, 1e21),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.nat(RAW_TEXTS.length - 1).map((i) => ({ raw: i })),
);

/** A marker for a raw text, replaced in the serialized body. */
const marker = (i: number): string => `\u0000raw:${i}\u0000`;

type Path = readonly (string | number)[];

/** Every place inside `value` (objects and arrays, the root too). */
function placesOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => placesOf(v, [...path, i], into));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) placesOf(v, [...path, k], into);
  return into;
}

type Mutation = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'extra'; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: junk.map((value) => ({ kind: 'set' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extra' as const), key: fc.string({ maxLength: 8 }), value: junk }) },
);

function rawAware(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'raw' in value && Object.keys(value).length === 1)
    return marker((value as { raw: number }).raw);
  return value;
}

/** `body` with `m` applied at `path` (a copy). */
function mutate(body: unknown, path: Path, m: Mutation): unknown {
  const copy: unknown = structuredClone(body);
  if (path.length === 0) return m.kind === 'set' ? rawAware(m.value) : m.kind === 'delete' ? undefined : copy;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (m.kind === 'set') parent[last] = rawAware(m.value);
  else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    const target = parent[last];
    if (typeof target === 'object' && target !== null && !Array.isArray(target))
      (target as Record<string, unknown>)[m.key] = rawAware(m.value);
    else parent[last] = rawAware(m.value);
  }
  return copy;
}

function serialize(body: unknown): string {
  if (body === undefined) return '';
  let text = JSON.stringify(body);
  RAW_TEXTS.forEach((raw, i) => {
    text = text.split(JSON.stringify(marker(i))).join(raw);
  });
  return text;
}

/** A `next` link a hostile service might send. */
export const hostileNext: fc.Arbitrary<string | null> = fc.oneof(
  fc.constant(null),
  fc.constantFrom(
    'http://evil.example/transactions/?page=2',
    'https://other.example:8443/x/y/?page_size=1000&page=2',
    '/relative/?page=2',
    '?page=2',
    'not a url at all',
    '?page=0',
    '?page=-3',
    '?page=1.5',
    '?page=1',
    '?page=99999999999999999999',
    '?page=2&page=1',
    'javascript:alert(1)',
    'http://[::1',
    '',
  ),
  fc.webUrl({ withQueryParameters: true }),
  fc.string({ maxLength: 30 }),
);

/** A page's envelope made hostile: `next`, `count`, `previous`. */
function hostileEnvelope(good: Record<string, unknown>): fc.Arbitrary<string> {
  return fc
    .record({
      next: hostileNext,
      count: fc.oneof(fc.integer({ min: -5, max: 5000 }), junk),
      previous: fc.oneof(fc.constant(null), hostileNext),
    })
    .map((envelope) => serialize({ ...good, ...envelope }));
}

/** The body text of a hostile answer built from the well-formed `good` (an object or array). */
export function hostileBody(good: unknown, options: { paged?: boolean; also?: fc.Arbitrary<string>[] } = {}): fc.Arbitrary<string> {
  const text = JSON.stringify(good);
  const places = placesOf(good);
  const variants: fc.Arbitrary<string>[] = [
    fc.tuple(fc.nat(places.length - 1), mutation).map(([at, m]) => serialize(mutate(good, places[at] ?? [], m))),
    fc.array(fc.tuple(fc.nat(places.length - 1), mutation), { minLength: 2, maxLength: 5 }).map((ms) =>
      // Later places may be gone after an earlier delete: a mutation whose path no longer exists is skipped.
      serialize(ms.reduce<unknown>((body, [at, m]) => safeMutate(body, places[at] ?? [], m), good)),
    ),
    fc.nat(text.length - 1).map((cut) => text.slice(0, cut)),
    fc.constantFrom(
      '',
      ' ',
      'null',
      '[]',
      '{}',
      '"ok"',
      '<!DOCTYPE html><html><body><h1>Bad Gateway</h1></body></html>',
      'OK',
      '\u0000\u0001',
      `${text}garbage`,
    ),
    fc.constant(serialize([good])),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.nat(RAW_TEXTS.length - 1).map((i) => RAW_TEXTS[i] ?? ''),
  ];
  if (options.paged && typeof good === 'object' && good !== null && !Array.isArray(good))
    variants.push(hostileEnvelope(good as Record<string, unknown>));
  variants.push(...(options.also ?? []));
  return fc.oneof(...variants);
}

function safeMutate(body: unknown, path: Path, m: Mutation): unknown {
  let at: unknown = body;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return body;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at === undefined ? body : mutate(body, path, m);
}

/**
 * The text of `record` (JSON holding `"parent":null` once) with its `parent` chain `depth` links deep, every link
 * well-formed: nesting a recursive reader may not survive. Built as text (`JSON.stringify` itself gives up).
 */
export function parentChainText(record: unknown, depth: number): string {
  const text = JSON.stringify(record);
  const at = text.indexOf('"parent":null');
  if (at < 0) throw new Error('parentChainText: no "parent":null');
  const head = text.slice(0, at + '"parent":'.length);
  const tail = text.slice(at + '"parent":null'.length);
  return `${head.repeat(depth)}null${tail.repeat(depth)}`;
}
