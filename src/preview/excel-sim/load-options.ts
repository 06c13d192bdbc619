/**
 * The forms `load()` accepts, as office.js parses them (`ClientRequestContextBase._parseQueryOption`):
 * nothing (all scalar properties), `'a, b'`, `['a','b']`, `{ select: 'a,b', expand, top, skip }`, and the
 * strict object form `{ a: true, b: true }` (`$all: true` for everything). `items/x` and `items.x` on a
 * collection select `x` of its items; `items` alone selects all of them.
 */

import { invalidArgument, SimError } from './errors';

export type LoadOption = string | string[] | OfficeExtension.LoadOption | object | undefined | null;

/** undefined: everything (no select); otherwise the selected names, trimmed, `items/` prefixes kept. */
export function parseLoadOption(option: LoadOption): string[] | undefined {
  if (option === undefined || option === null) return undefined;
  if (typeof option === 'string') return splitNames(option);
  if (Array.isArray(option)) return option.flatMap((name) => (typeof name === 'string' ? splitNames(name) : []));
  if (typeof option !== 'object') throw invalidArgument("The argument 'option' doesn't work for this situation, is missing, or isn't in the right format.");
  const o = option as Record<string, unknown>;
  if ('select' in o || 'expand' in o || 'top' in o || 'skip' in o) {
    if (typeof o.select === 'string') return splitNames(o.select);
    if (Array.isArray(o.select)) return o.select.filter((n): n is string => typeof n === 'string').map((n) => n.trim());
    return undefined;
  }
  if (o.$all === true) return undefined;
  const names: string[] = [];
  for (const [name, value] of Object.entries(o)) {
    if (value === true) names.push(name);
    else if (value && typeof value === 'object') names.push(...(parseLoadOption(value as Record<string, unknown>) ?? ['*']).map((n) => `${name}/${n}`));
  }
  return names;
}

function splitNames(text: string): string[] {
  return text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
}

/** For a collection: the names selected on its items (undefined: all), and the collection's own names. */
export function splitCollectionSelect(
  select: string[] | undefined,
  ownNames: readonly string[],
): { items: string[] | undefined; own: string[]; loadItems: boolean } {
  if (select === undefined) return { items: undefined, own: [...ownNames], loadItems: true };
  const own: string[] = [];
  const items: string[] = [];
  let allItems = false;
  for (const raw of select) {
    const lower = raw.toLowerCase();
    if (ownNames.includes(raw)) own.push(raw);
    else if (lower === 'items' || lower === 'items/' || lower === 'items/*') allItems = true;
    else if (lower.startsWith('items/') || lower.startsWith('items.')) items.push(raw.slice(6));
    else items.push(raw);
  }
  const loadItems = allItems || items.length > 0;
  return { items: allItems ? undefined : items, own, loadItems };
}

/** Picks the selected properties of each item; ids are always kept so that item proxies can bind. */
export function selectItems(
  select: string[] | undefined,
  supported: readonly string[],
  all: Array<Record<string, unknown>>,
  entity: string,
): Array<Record<string, unknown>> {
  const names = select ?? [...supported];
  for (const name of names) {
    if (!supported.includes(name)) {
      throw new SimError('InvalidArgument', `The property '${name}' is not supported by the Excel simulation (${entity}).`);
    }
  }
  return all.map((item) => Object.fromEntries(names.map((n) => [n, item[n]])));
}
