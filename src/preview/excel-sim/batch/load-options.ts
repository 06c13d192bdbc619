/**
 * The forms `load()` accepts, as office.js parses them (`ClientRequestContextBase._parseQueryOption`):
 * nothing (all scalar properties), `'a, b'`, `['a','b']`, `{ select: 'a,b', expand, top, skip }`, and the
 * strict object form `{ a: true, b: true, nav: { c: true } }` (`$all: true` for everything). `items/x` and
 * `items.x` on a collection select `x` of its items; `items` alone selects all of them. A path through a
 * navigation property (`worksheet/name`, `tables/items/name`, `items/worksheet/name`; `expand: 'tables'`) loads
 * that property's proxy, as office.js passes such paths on to Excel (`_parseSelectExpand`).
 */

import { invalidArgument } from './errors';

export type LoadOption = string | string[] | OfficeExtension.LoadOption | object | undefined | null;

/**
 * undefined: everything (no select); otherwise the selected paths, trimmed: `name`, `nav/name`, `items/name`,
 * `*` (all scalar properties of the object the path leads to). `expand` paths are added to the select list, with
 * `*` first when there is no `select` (an expand alone loads the object's scalars and the expanded ones).
 */
export function parseLoadOption(option: LoadOption): string[] | undefined {
  if (option === undefined || option === null) return undefined;
  if (typeof option === 'string') return splitNames(option);
  if (Array.isArray(option)) return option.flatMap((name) => (typeof name === 'string' ? splitNames(name) : []));
  if (typeof option !== 'object')
    throw invalidArgument("The argument 'option' doesn't work for this situation, is missing, or isn't in the right format.");
  const o = option as Record<string, unknown>;
  if ('select' in o || 'expand' in o || 'top' in o || 'skip' in o) {
    const select = namesOf(o.select);
    const expand = namesOf(o.expand);
    if (expand === undefined || expand.length === 0) return select;
    return [...(select ?? ['*']), ...expand];
  }
  const names: string[] = [];
  for (const [name, value] of Object.entries(o)) {
    if (name === '$all') {
      if (value === true) names.push('*');
    } else if (value === true) names.push(name);
    else if (value && typeof value === 'object')
      names.push(...(parseLoadOption(value as Record<string, unknown>) ?? ['*']).map((n) => `${name}/${n}`));
  }
  return names.length === 1 && names[0] === '*' ? undefined : names;
}

function namesOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return splitNames(value);
  if (Array.isArray(value)) return value.filter((n): n is string => typeof n === 'string').map((n) => n.trim());
  return undefined;
}

/**
 * Splits load paths at their first `/`: names of this object's own properties (undefined: all of them, for no
 * paths or a `*`) and, per navigation property named (`worksheet/name`, `tables`), the paths to load on it
 * (undefined: all its scalar properties). A path whose head is not a navigation property stays a name (and
 * fails as unknown).
 */
export function splitNavigation(
  paths: readonly string[] | undefined,
  isNavigation: (name: string) => boolean,
): { own: string[] | undefined; nav: Map<string, string[] | undefined> } {
  const nav = new Map<string, string[] | undefined>();
  if (paths === undefined) return { own: undefined, nav };
  let own: string[] | undefined = [];
  for (const path of paths) {
    const slash = path.indexOf('/');
    const head = slash < 0 ? path : path.slice(0, slash);
    const rest = slash < 0 ? '' : path.slice(slash + 1);
    if (isNavigation(head)) {
      if (rest === '' || rest === '*') nav.set(head, undefined);
      else if (!nav.has(head)) nav.set(head, [rest]);
      else nav.get(head)?.push(rest);
    } else if (path === '*') own = undefined;
    else own?.push(path);
  }
  return { own, nav };
}

function splitNames(text: string): string[] {
  return text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
}

/** For a collection: the names selected on its items (undefined: all), and the collection's own names. */
export function splitCollectionSelect(
  select: readonly string[] | undefined,
  ownNames: readonly string[],
): { items: string[] | undefined; own: string[]; loadItems: boolean } {
  if (select === undefined) return { items: undefined, own: [...ownNames], loadItems: true };
  const own: string[] = [];
  const items: string[] = [];
  let allItems = false;
  for (const raw of select) {
    const lower = raw.toLowerCase();
    if (ownNames.includes(raw)) own.push(raw);
    else if (lower === 'items' || lower === 'items/' || lower === 'items/*' || lower === '*') allItems = true;
    else if (lower.startsWith('items/') || lower.startsWith('items.')) items.push(raw.slice(6));
    else items.push(raw);
  }
  const loadItems = allItems || items.length > 0;
  return { items: allItems ? (items.length > 0 ? ['*', ...items] : undefined) : items, own, loadItems };
}
