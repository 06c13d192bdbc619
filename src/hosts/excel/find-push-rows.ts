/**
 * Finds the table rows of rows the push read earlier (`RowRef`): at their position when the row there is still
 * the same one (same id; for a row without id, the same external ID; for a row with neither, a row that still has
 * neither), else by searching the Id and External Id columns, since users sort, filter and move rows while a
 * push runs. A row with neither id nor external ID cannot be searched for: if it moved, it is not found.
 *
 * Few refs: their positions are checked with one small load each, in one sync, and only refs that moved make the
 * key columns be read. Many refs: the key columns are read at once (in blocks under the response cap).
 */

import { CellValueError, fromCellValue, type CellValue } from '../../sync/cell-values';
import type { RowRef } from '../../sync/push/push-port';
import type { ColumnSpec } from '../../sync/workbook-port';
import type { PushTableLayout } from './push-table-layout';
import { tableCells } from './push-table-layout';
import { DEFAULT_BUDGET_BYTES } from './chunk-plan';
import { firstReadRows, MAX_READ_CELLS, readRowBlocks } from './read-row-blocks';
import type { ExcelSession } from './run-excel';

/** Up to this many refs, positions are checked one by one before anything is searched. */
const CHECK_POSITIONS_UP_TO = 500;

const ID_SPEC: Pick<ColumnSpec, 'key' | 'type'> = { key: 'id', type: 'integer' };
const EXTERNAL_SPEC: Pick<ColumnSpec, 'key' | 'type'> = { key: 'external_id', type: 'text' };

/** The id of an Id cell as the push reads it: a whole number, or null (empty, or not a number). */
export function idOfCell(cell: CellValue): number | null {
  try {
    const id = fromCellValue(ID_SPEC, cell);
    return typeof id === 'number' ? id : null;
  } catch (error) {
    if (error instanceof CellValueError) return null;
    throw error;
  }
}

/** The external ID of a cell: its text (a number typed into it becomes its text), or null when empty. */
export function externalIdOfCell(cell: CellValue): string | null {
  const text = fromCellValue(EXTERNAL_SPEC, cell);
  return text === null || text === '' ? null : String(text);
}

interface KeyCells {
  id: number | null;
  externalId: string | null;
}

function sameRow(ref: RowRef, cells: KeyCells): boolean {
  if (ref.id !== null) return cells.id === ref.id;
  if (ref.externalId !== null) return cells.externalId === ref.externalId;
  return cells.id === null && cells.externalId === null;
}

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
    const loads = refs.map((ref) => (inTable(ref.position) ? tableCells(layout, ref.position, 1, band.first, band.width).load('values') : null));
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
    { startRows: firstReadRows(band.width, 1, DEFAULT_BUDGET_BYTES, MAX_READ_CELLS), budgetBytes: DEFAULT_BUDGET_BYTES, maxRows: MAX_READ_CELLS },
  );
  // Positions first (they are right unless the user moved rows), then a search for the rest.
  const left: number[] = [];
  for (const i of unresolved) {
    const ref = refs[i] as RowRef;
    const at = keys[ref.position];
    if (inTable(ref.position) && at !== undefined && !taken.has(ref.position) && sameRow(ref, at)) {
      found[i] = ref.position;
      taken.add(ref.position);
    } else left.push(i);
  }
  const byId = new Map<number, number[]>();
  const byExternal = new Map<string, number[]>();
  const index = <K>(map: Map<K, number[]>, key: K, row: number): void => {
    const rows = map.get(key);
    if (rows === undefined) map.set(key, [row]);
    else rows.push(row);
  };
  keys.forEach((k, row) => {
    if (k.id !== null) index(byId, k.id, row);
    if (k.externalId !== null) index(byExternal, k.externalId, row);
  });
  for (const i of left) {
    const ref = refs[i] as RowRef;
    const candidates = ref.id !== null ? byId.get(ref.id) : ref.externalId !== null ? byExternal.get(ref.externalId) : undefined;
    const row = candidates?.find((r) => !taken.has(r));
    if (row !== undefined) {
      found[i] = row;
      taken.add(row);
    }
  }
  return found;
}
