/**
 * How the grid's cells look, read from the workbook on demand: a cell's text as formatted in the preview's locale,
 * its alignment and the theme it is drawn in (table part, fill, font, italic); and, per row drawn, the runs a long
 * left-aligned text makes over the empty cells to its right (text-overflow.ts), worked out once per row until the
 * workbook or the columns change.
 */

import type { GridCell, GridColumn } from '@glideapps/glide-data-grid';
import { useCallback, useMemo } from 'react';
import type { SimulatedWorkbook, TableLayout } from '../excel-sim';
import { cellDisplay, type CellDisplay } from './cell-display';
import { cellEditText } from './cell-edit-text';
import { cellPaint } from './cell-paint';
import type { GridPalette } from './grid-theme';
import { tableAt, tablePart } from './table-at';
import { overflowSpans, type RowCell } from './text-overflow';
import { fitNumber } from './number-fit';
import { textWidth } from './text-width';

export interface CellLook {
  display: CellDisplay;
  editText: string;
  themeOverride: GridCell['themeOverride'];
  empty: boolean;
  inTable: boolean;
  /** The text wraps in its cell (drawn on several lines, never over its neighbours). */
  wrap: boolean;
}

/** A row's overflow runs: the first column of each run → [first column, columns spanned]. */
export type RowRuns = Map<number, readonly [number, number]>;

export interface CellLookSource {
  workbook: SimulatedWorkbook;
  sheet: string;
  tables: readonly TableLayout[];
  palette: GridPalette;
  locale: string;
  /** Grows when the workbook changed: the visible cells are read again. */
  version: number;
  columns: readonly GridColumn[];
  /** A column's width when the grid has none for it. */
  defaultWidthPx: number;
}

/** One indent level as the grid draws it: three non-breaking spaces. */
const INDENT = '\u00a0\u00a0\u00a0';

export function useCellLooks(source: CellLookSource): { cellLook(row: number, column: number): CellLook; runsOf(row: number): RowRuns } {
  const { workbook, sheet, tables, palette, locale, version, columns, defaultWidthPx } = source;
  const cellLook = useCallback(
    (row: number, column: number): CellLook => {
      const cell = workbook.cell(sheet, row, column);
      const display = cellDisplay(cell.result, cell.format, locale);
      const table = tableAt(tables, row, column);
      let themeOverride: GridCell['themeOverride'];
      if (table) {
        const part = tablePart(table, row);
        const t = palette.table;
        themeOverride =
          part === 'header' || part === 'totals'
            ? { bgCell: t.headerBg, textDark: t.headerText, baseFontStyle: 'bold 13px' }
            : { bgCell: part === 'band' ? t.bandBg : t.bodyBg };
      }
      const colors = workbook.cellColors(sheet, row, column);
      const paint = cellPaint(colors, display.color, themeOverride?.bgCell ?? palette.grid.bgCell ?? '#FFFFFF', palette.grid.textLight);
      if (paint.bgCell !== undefined || paint.textDark !== undefined) themeOverride = { ...themeOverride, ...paint };
      const base = themeOverride?.baseFontStyle ?? '13px';
      const bold = colors.bold === true && !base.includes('bold') ? 'bold ' : '';
      if (colors.italic === true || bold !== '')
        themeOverride = { ...themeOverride, baseFontStyle: `${colors.italic === true ? 'italic ' : ''}${bold}${base}` };
      const empty = cell.result.kind === 'Empty' && cell.formula === undefined;
      // Excel indents by about three characters a level, from the side the text is aligned to.
      if (colors.indent !== undefined && display.align !== 'right') display.text = `${INDENT.repeat(colors.indent)}${display.text}`;
      if (cell.result.kind === 'Double') {
        const col = columns[column];
        const font = `${themeOverride?.baseFontStyle ?? '13px'} ${palette.grid.fontFamily ?? 'sans-serif'}`;
        display.text = fitNumber(display.text, col !== undefined && 'width' in col ? col.width : defaultWidthPx, (text) =>
          textWidth(text, font),
        );
      }
      return { display, editText: cellEditText(cell), themeOverride, empty, inTable: table !== undefined, wrap: colors.wrap === true };
    },
    // version: the workbook changed, so the visible cells are read again
    [workbook, sheet, tables, palette, locale, version, columns, defaultWidthPx],
  );

  const runs = useMemo(() => new Map<number, RowRuns>(), [cellLook, columns]);
  const runsOf = useCallback(
    (row: number): RowRuns => {
      let found = runs.get(row);
      if (found === undefined) {
        const looks = new Map<number, CellLook>();
        const look = (c: number): CellLook => {
          const known = looks.get(c) ?? cellLook(row, c);
          looks.set(c, known);
          return known;
        };
        const rowCell = (c: number): RowCell => ({
          text: look(c).display.text,
          align: look(c).display.align,
          empty: look(c).empty,
          inTable: look(c).inTable,
          wrap: look(c).wrap,
        });
        const width = (c: number): number => {
          const col = columns[c];
          return col !== undefined && 'width' in col ? col.width : defaultWidthPx;
        };
        const font = (c: number): string => `${look(c).themeOverride?.baseFontStyle ?? '13px'} ${palette.grid.fontFamily ?? 'sans-serif'}`;
        found = overflowSpans(columns.length, rowCell, width, (c, text) => textWidth(text, font(c)));
        runs.set(row, found);
      }
      return found;
    },
    [runs, cellLook, columns, palette, defaultWidthPx],
  );
  return { cellLook, runsOf };
}
