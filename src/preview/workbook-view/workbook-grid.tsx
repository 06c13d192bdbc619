/**
 * One sheet of the simulated workbook in a virtualized canvas grid (glide-data-grid): cells are read on demand for
 * the visible window only (getCellContent), never copied, so 100k rows scroll like 10. Column letters and row
 * numbers as in Excel, tables set apart (header row, banded rows), edits written as a user types them
 * (SimulatedWorkbook.typeIntoCell) so the simulation's typing rules apply. Columns are as wide as the sheet says (Excel's
 * standard 48 pt = 64 px at 100 %), and a table's column names take the letters' place when its header row scrolled
 * away (column-titles.ts). A long left-aligned text runs over the empty cells to its right, as in Excel
 * (text-overflow.ts: one span per run, worked out once per row and redraw), so a table's stamp reads whole.
 */

import DataEditor, { CompactSelection, GridCellKind, type EditableGridCell, type GridCell, type GridColumn, type GridSelection, type Item } from '@glideapps/glide-data-grid';
import { useCallback, useMemo, useState } from 'react';
import type { SimulatedWorkbook } from '../excel-sim';
import { cellDisplay, type CellDisplay } from './cell-display';
import { cellEditText } from './cell-edit-text';
import { cellPaint } from './cell-paint';
import { columnName } from './column-name';
import { columnTitles } from './column-titles';
import type { GridPalette } from './grid-theme';
import { tableAt, tablePart } from './table-at';
import { overflowSpans, type RowCell } from './text-overflow';
import { textWidth } from './text-width';

/** Rows and columns shown beyond the last used ones (Excel shows the whole sheet; the scroll bar should stay useful). */
const SPARE_ROWS = 100;
const MIN_ROWS = 200;
const MIN_COLUMNS = 26;
const SPARE_COLUMNS = 4;
const POINTS_TO_PX = 4 / 3;
/** Excel's standard column width, 48 pt: 64 px at 100 %. */
const DEFAULT_WIDTH_PX = 48 * POINTS_TO_PX;

export interface WorkbookGridProps {
  workbook: SimulatedWorkbook;
  sheet: string;
  /** Grows when the workbook changed (see useWorkbookVersion): the grid redraws its visible cells. */
  version: number;
  palette: GridPalette;
  label: string;
  onActiveCell(cell: { row: number; column: number }): void;
  onEdit(row: number, column: number, input: string): void;
}

interface CellLook {
  display: CellDisplay;
  editText: string;
  themeOverride: GridCell['themeOverride'];
  empty: boolean;
  inTable: boolean;
}

const NO_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

export function WorkbookGrid({ workbook, sheet, version, palette, label, onActiveCell, onEdit }: WorkbookGridProps): JSX.Element {
  const [selection, setSelection] = useState<GridSelection>(NO_SELECTION);
  const [firstRow, setFirstRow] = useState(0);
  const extent = useMemo(() => workbook.extent(sheet), [workbook, sheet, version]);
  const tables = useMemo(() => workbook.tableLayouts().filter((t) => t.sheet === sheet), [workbook, sheet, version]);
  const widths = useMemo(() => workbook.state.sheet(sheet).columnWidths, [workbook, sheet]);

  const columnCount = Math.max(MIN_COLUMNS, extent.columns + SPARE_COLUMNS, ...tables.map((t) => t.column + t.columnCount + 1));
  const rowCount = Math.max(MIN_ROWS, extent.rows + SPARE_ROWS, ...tables.map((t) => t.row + t.rowCount + 1));
  const active = selection.current?.cell;
  const activeRow = active?.[1];
  const activeColumn = active?.[0];
  const columns = useMemo<GridColumn[]>(() => {
    const view = {
      firstRow,
      frozenRows: workbook.frozen(sheet).rows,
      active: activeRow === undefined || activeColumn === undefined ? undefined : { row: activeRow, column: activeColumn },
    };
    const titles = columnTitles(columnCount, tables, view);
    return titles.map((title, c) => {
      const points = widths.get(c);
      return { id: columnName(c), title, width: points === undefined ? DEFAULT_WIDTH_PX : Math.max(24, Math.round(points * POINTS_TO_PX)) };
    });
  }, [workbook, sheet, columnCount, widths, tables, firstRow, activeRow, activeColumn, version]);

  const onVisibleRegionChanged = useCallback((range: { y: number }): void => setFirstRow(range.y), []);

  /** How a cell shows: its text as formatted, alignment, and the theme it is drawn in (table, fill, font). */
  const cellLook = useCallback(
    (row: number, column: number): CellLook => {
      const cell = workbook.cell(sheet, row, column);
      const display = cellDisplay(cell.result, cell.format);
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
      if (colors.italic === true) themeOverride = { ...themeOverride, baseFontStyle: `italic ${themeOverride?.baseFontStyle ?? '13px'}` };
      const empty = cell.result.kind === 'Empty' && cell.formula === undefined;
      return { display, editText: cellEditText(cell), themeOverride, empty, inTable: table !== undefined };
    },
    // version: the workbook changed, so the visible cells are read again
    [workbook, sheet, tables, palette, version],
  );

  // The overflow runs of each row drawn, worked out once per row until the workbook or the columns change.
  const runs = useMemo(() => new Map<number, Map<number, readonly [number, number]>>(), [cellLook, columns]);
  const runsOf = useCallback(
    (row: number): Map<number, readonly [number, number]> => {
      let found = runs.get(row);
      if (found === undefined) {
        const looks = new Map<number, CellLook>();
        const look = (c: number): CellLook => {
          const known = looks.get(c) ?? cellLook(row, c);
          looks.set(c, known);
          return known;
        };
        const rowCell = (c: number): RowCell => ({ text: look(c).display.text, align: look(c).display.align, empty: look(c).empty, inTable: look(c).inTable });
        const width = (c: number): number => {
          const col = columns[c];
          return col !== undefined && 'width' in col ? col.width : DEFAULT_WIDTH_PX;
        };
        const font = (c: number): string => `${look(c).themeOverride?.baseFontStyle ?? '13px'} ${palette.grid.fontFamily ?? 'sans-serif'}`;
        found = overflowSpans(columns.length, rowCell, width, (c, text) => textWidth(text, font(c)));
        runs.set(row, found);
      }
      return found;
    },
    [runs, cellLook, columns, palette],
  );

  const getCellContent = useCallback(
    ([column, row]: Item): GridCell => {
      const own = cellLook(row, column);
      const span = runsOf(row).get(column);
      // A cell a text runs over shows that text (the run is drawn once, from whichever of its cells is in view); it
      // keeps its own (empty) content for editing.
      const shown = span === undefined || span[0] === column ? own : cellLook(row, span[0]);
      return {
        kind: GridCellKind.Text,
        data: own.editText,
        displayData: shown.display.text,
        allowOverlay: true,
        readonly: false,
        contentAlign: shown.display.align,
        ...(shown.themeOverride ? { themeOverride: shown.themeOverride } : {}),
        ...(span === undefined ? {} : { span }),
      };
    },
    [cellLook, runsOf],
  );

  const onCellEdited = useCallback(
    ([column, row]: Item, value: EditableGridCell): void => {
      if (value.kind === GridCellKind.Text) onEdit(row, column, value.data);
    },
    [onEdit],
  );

  const onSelection = useCallback(
    (next: GridSelection): void => {
      setSelection(next);
      const cell = next.current?.cell;
      if (cell) onActiveCell({ row: cell[1], column: cell[0] });
    },
    [onActiveCell],
  );

  return (
    <section aria-label={label} className="preview-grid">
      <DataEditor
        columns={columns}
        rows={rowCount}
        getCellContent={getCellContent}
        onCellEdited={onCellEdited}
        gridSelection={selection}
        onGridSelectionChange={onSelection}
        onVisibleRegionChanged={onVisibleRegionChanged}
        getCellsForSelection={true}
        spanRangeBehavior="allowPartial"
        rowMarkers="number"
        smoothScrollX={true}
        smoothScrollY={true}
        rowHeight={24}
        headerHeight={26}
        theme={palette.grid}
        width="100%"
        height="100%"
      />
    </section>
  );
}
