/** Addresses as Office.js gives them (`range.address`, event args). */

/** Sheet row and column (0-based) of the top-left cell of an address such as `Data!A2:W9` or `'My data'!$C$3:$F$9`. */
export function topLeftOf(address: string): { row: number; column: number } | undefined {
  const cells = address.slice(address.lastIndexOf('!') + 1).split(':')[0] ?? '';
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i.exec(cells);
  if (m === null) return undefined;
  let column = 0;
  for (const ch of (m[1] ?? '').toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, column: column - 1 };
}
