/**
 * Finds the table rows of rows the push read earlier (`RowRef`), in either workbook host: at their position when the
 * row there is still the same one (same id; for a row without id, the same external ID; for a row with neither, a
 * row that still has neither), else by searching the Id and External Id cells, since users sort, filter and move
 * rows while a push runs. A row with neither id nor external ID cannot be searched for: if it moved, it is not found.
 * No table row is given to two refs.
 */

import { CellValueError, fromCellValue, type CellValue } from '../cell-values';
import type { ColumnSpec } from '../workbook-port';
import type { RowRef } from './push-port';

const ID_SPEC: Pick<ColumnSpec, 'key' | 'type'> = { key: 'id', type: 'integer' };
const EXTERNAL_SPEC: Pick<ColumnSpec, 'key' | 'type'> = { key: 'external_id', type: 'text' };

/** A table row's Id and External Id as the push reads them. */
export interface KeyCells {
  id: number | null;
  externalId: string | null;
}

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

/** Whether the row with these key cells is the ref's row. */
export function sameRow(ref: RowRef, cells: KeyCells): boolean {
  if (ref.id !== null) return cells.id === ref.id;
  if (ref.externalId !== null) return cells.externalId === ref.externalId;
  return cells.id === null && cells.externalId === null;
}

/**
 * Places the refs `pending` (indices into `refs`) on the table's rows given every row's key cells: positions first
 * (they are right unless the user moved rows), then a search for the rest. Fills `found` and `taken` (rows already
 * given to a ref).
 */
export function locateRefs(
  refs: readonly RowRef[],
  pending: readonly number[],
  keys: readonly KeyCells[],
  found: (number | null)[],
  taken: Set<number>,
): void {
  const left: number[] = [];
  for (const i of pending) {
    const ref = refs[i] as RowRef;
    const at = keys[ref.position];
    if (Number.isSafeInteger(ref.position) && at !== undefined && !taken.has(ref.position) && sameRow(ref, at)) {
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
}

/** The refs whose rows were not found (as refs, without an update's other fields). */
export function missingRefs(refs: readonly RowRef[], rows: readonly (number | null)[]): RowRef[] {
  return refs
    .filter((_, i) => rows[i] === null || rows[i] === undefined)
    .map(({ position, id, externalId }) => ({ position, id, externalId }));
}
