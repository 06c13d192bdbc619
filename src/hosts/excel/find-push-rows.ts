/**
 * Finds the table rows of rows the push read earlier (`RowRef`), by position checked by identity, else by search
 * (the rule: `src/sync/push/row-locator.ts`, shared with the xlsx host).
 *
 * Few refs: their positions are checked with one small load each, in one sync, and only refs that moved make the
 * key columns be read. Many refs: the key columns are read at once (in blocks under the response cap).
 */

import type { CellValue } from '../../sync/cell-values';
import type { RowRef } from '../../sync/push/push-port';
import { externalIdOfCell, idOfCell, locateRefs, sameRow, type KeyCells } from '../../sync/push/row-locator';
import type { PushTableLayout } from './push-table-layout';
import { tableCells } from './push-table-layout';
import { DEFAULT_BUDGET_BYTES } from './chunk-plan';
import { firstReadRows, MAX_READ_CELLS, readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';

/** Up to this many refs, positions are checked one by one before anything is searched. */
const CHECK_POSITIONS_UP_TO = 500;

/** The key cells' band: from the first to the last of the Id and External Id columns. */
function keyBand(layout: PushTableLayout): { first: number; width: number; keys: (line: readonly CellValue[]) => KeyCells } {
  const external = layout.externalColumn;
  const first = external === null ? layout.keyColumn : Math.min(layout.keyColumn, external);
  const last = external === null ? layout.keyColumn : Math.max(layout.keyColumn, external);
  return {
    first,
    width: last - first + 1,
    keys: (line) => ({
      id: idOfCell(line[layout.keyColumn - first] ?? ''),
      externalId: external === null ? null : externalIdOfCell(line[external - first] ?? ''),
    }),
  };
}

/** The table row of each ref, or null when it is not found; no table row is given to two refs. */
export async function findPushRows(session: ExcelSession, layout: PushTableLayout, refs: readonly RowRef[]): Promise<(number | null)[]> {
  const band = keyBand(layout);
  const found: (number | null)[] = refs.map(() => null);
  const taken = new Set<number>();
  const inTable = (position: number): boolean => Number.isSafeInteger(position) && position >= 0 && position < layout.rows;

  let unresolved = refs.map((_, i) => i);
  if (refs.length <= CHECK_POSITIONS_UP_TO) {
    const loads = refs.map((ref) =>
      inTable(ref.position) ? tableCells(layout, ref.position, 1, band.first, band.width).load('values') : null,
    );
    if (loads.some((l) => l !== null)) await session.sync();
    unresolved = [];
    refs.forEach((ref, i) => {
      const line = (loads[i]?.values[0] ?? null) as CellValue[] | null;
      if (line !== null && !taken.has(ref.position) && sameRow(ref, band.keys(line))) {
        found[i] = ref.position;
        taken.add(ref.position);
      } else unresolved.push(i);
    });
    if (unresolved.length === 0) return found;
  }

  const keys: KeyCells[] = [];
  await readRowBlocks(
    session,
    (start, count) => tableCells(layout, start, count, band.first, band.width),
    ['values'],
    layout.rows,
    (_start, cells) => {
      for (const line of cells.values ?? []) keys.push(band.keys(line));
    },
    // Two narrow columns: far more rows than a wide block fit a response, so no cap on rows but the cells'.
    {
      startRows: firstReadRows(band.width, 1, DEFAULT_BUDGET_BYTES, MAX_READ_CELLS),
      budgetBytes: DEFAULT_BUDGET_BYTES,
      maxRows: MAX_READ_CELLS,
    },
  );
  locateRefs(refs, unresolved, keys, found, taken);
  return found;
}
