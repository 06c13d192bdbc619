/**
 * The Excel host's look of a pushable table's cells in the file (colours from `src/sync/push/input-style-colours.ts`):
 * the editable columns' cells as input cells (pale blue-grey fill, blue font), cells changed but not landed in amber
 * with a black font. Only fill and font colour, as in Excel: a file pushed headless looks like one pushed in Excel.
 * Each cell gets a style object of its own (exceljs shares them between cells loaded with the same style).
 */

import type { Cell, Fill } from 'exceljs';
import { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT } from '../../sync/push/input-style-colours';

/** `#EEF4FB` → exceljs's opaque `FFEEF4FB`. */
function argb(colour: string): string {
  return `FF${colour.slice(1).toUpperCase()}`;
}

function paint(cell: Cell, fill: string, font: string): void {
  const solid: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(fill) } };
  cell.style = { ...cell.style, fill: solid, font: { ...cell.style.font, color: { argb: argb(font) } } };
}

export function styleInputCell(cell: Cell): void {
  paint(cell, INPUT_FILL, INPUT_FONT);
}

export function styleChangedCell(cell: Cell): void {
  paint(cell, CHANGED_FILL, CHANGED_FONT);
}
