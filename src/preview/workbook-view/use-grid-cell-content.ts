/**
 * The grid's getCellContent: a cell as glide-data-grid draws it, from its look (use-cell-looks.ts). A cell a text
 * runs over shows that text (the run is drawn once, from whichever of its cells is in view); it keeps its own (empty)
 * content for editing. A wrapped cell's text wraps inside it (its row as tall as the sheet says: workbook-grid.tsx).
 */

import { GridCellKind, type GridCell, type Item } from '@glideapps/glide-data-grid';
import { useCallback } from 'react';
import { useCellLooks, type CellLookSource } from './use-cell-looks';
import { DEFAULT_WIDTH_PX } from './use-grid-columns';

/** `source`: the sheet, its tables and columns, the palette and locale; columns without a width are Excel's standard. */
export function useGridCellContent(source: Omit<CellLookSource, 'defaultWidthPx'>): (item: Item) => GridCell {
  const { cellLook, runsOf } = useCellLooks({ ...source, defaultWidthPx: DEFAULT_WIDTH_PX });
  return useCallback(
    ([column, row]: Item): GridCell => {
      const own = cellLook(row, column);
      const span = runsOf(row).get(column);
      const shown = span === undefined || span[0] === column ? own : cellLook(row, span[0]);
      return {
        kind: GridCellKind.Text,
        data: own.editText,
        displayData: shown.display.text,
        allowOverlay: true,
        readonly: false,
        contentAlign: shown.display.align,
        ...(shown.wrap ? { allowWrapping: true } : {}),
        ...(shown.themeOverride ? { themeOverride: shown.themeOverride } : {}),
        ...(span === undefined ? {} : { span }),
      };
    },
    [cellLook, runsOf],
  );
}
