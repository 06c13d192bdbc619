/**
 * Where a laid-out sheet holds amounts (the template's Overview: balances, open items, the category grids), kept in
 * the document setting `cashflow.amountCells` so the pane, once it knows the company currency, shows those amounts
 * in it. Only cells still in an amount format of the add-in's (`isAmountFormat`) are changed: a format the user
 * chose stays. The setting comes with the file, so whoever sent it chose its text: it is read with zod, a bounded
 * list of sheet names and A1 areas, and anything else is nothing.
 */

import { z } from 'zod';
import type { SheetLayout } from './sheet-layout';
import { columnLetter } from './sheet-layout';

export const AMOUNT_CELLS_SETTING = 'cashflow.amountCells';

export interface AmountArea {
  sheet: string;
  /** A rectangle in A1 form, `B21:N60` (or one cell). */
  address: string;
}

const AreaSchema = z.strictObject({
  sheet: z.string().min(1).max(31),
  address: z.string().regex(/^[A-Z]{1,3}[1-9]\d{0,6}(?::[A-Z]{1,3}[1-9]\d{0,6})?$/),
});
const AreasSchema = z.array(AreaSchema).max(100);

/** The setting's text, or an empty list for anything that is not a list of areas. */
export function readAmountAreas(text: string | null | undefined): AmountArea[] {
  if (text === null || text === undefined) return [];
  try {
    const parsed = AreasSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function writeAmountAreas(areas: readonly AmountArea[]): string {
  return JSON.stringify(AreasSchema.parse(areas));
}

/**
 * The layout's amount cells as few rectangles: each column's runs of consecutive rows, then neighbouring columns
 * with the same runs joined (the Overview: `B5:B9`, `B12:B14`, and each grid as one block).
 */
export function amountAreas(layout: SheetLayout): AmountArea[] {
  const rowsByColumn = new Map<number, number[]>();
  for (const cell of layout.cells)
    if (cell.style === 'amount') rowsByColumn.set(cell.column, [...(rowsByColumn.get(cell.column) ?? []), cell.row]);
  const runs: Array<{ top: number; bottom: number; left: number; right: number }> = [];
  for (const column of [...rowsByColumn.keys()].sort((a, b) => a - b)) {
    for (const [top, bottom] of consecutiveRuns(rowsByColumn.get(column) ?? [])) {
      const joined = runs.find((r) => r.top === top && r.bottom === bottom && r.right === column - 1);
      if (joined) joined.right = column;
      else runs.push({ top, bottom, left: column, right: column });
    }
  }
  return runs.map(({ top, bottom, left, right }) => {
    const from = `${columnLetter(left)}${top}`;
    const to = `${columnLetter(right)}${bottom}`;
    return { sheet: layout.name, address: from === to ? from : `${from}:${to}` };
  });
}

function consecutiveRuns(rows: readonly number[]): Array<[number, number]> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const row of sorted) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[1] === row - 1) last[1] = row;
    else runs.push([row, row]);
  }
  return runs;
}
