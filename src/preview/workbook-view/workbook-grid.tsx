/**
 * One sheet of the simulated workbook in a virtualized canvas grid (glide-data-grid): cells are read on demand for
 * the visible window only (getCellContent), never copied, so 100k rows scroll like 10. Column letters and row
 * numbers as in Excel, tables set apart (header row, banded rows), edits written as a user types them
 * (SimulatedWorkbook.typeIntoCell) so the simulation's typing rules apply. Columns are as wide as the sheet says (Excel's
 * standard 48 pt = 64 px at 100 %), and a table's column names take the letters' place when its header row scrolled
 * away (column-titles.ts). A cell with an in-cell list (data validation) opens the list editor (list-editor.tsx) and,
 * selected, shows its prompt beside it (cell-prompt.tsx), as Excel shows a validation's input message.
 */

import DataEditor, { CompactSelection, GridCellKind, type DataEditorRef, type EditableGridCell, type GridCell, type GridColumn, type GridSelection, type Item } from '@glideapps/glide-data-grid';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SimulatedWorkbook } from '../excel-sim';
import { cellDisplay } from './cell-display';
import { cellEditText } from './cell-edit-text';
import { cellPaint } from './cell-paint';
import { columnName } from './column-name';
import { CellPrompt } from './cell-prompt';
import { columnTitles } from './column-titles';
import type { GridPalette } from './grid-theme';
import { listEditor } from './list-editor';
import { tableAt, tablePart } from './table-at';

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
  /** Accessible name of a cell's in-cell list. */
  listLabel: string;
  onActiveCell(cell: { row: number; column: number }): void;
  onEdit(row: number, column: number, input: string): void;
}

const NO_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

export function WorkbookGrid({ workbook, sheet, version, palette, label, listLabel, onActiveCell, onEdit }: WorkbookGridProps): JSX.Element {
  const [selection, setSelection] = useState<GridSelection>(NO_SELECTION);
  const grid = useRef<DataEditorRef>(null);
  const [editing, setEditing] = useState(false);
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

  const [scrolled, setScrolled] = useState(0);
  const onVisibleRegionChanged = useCallback((range: { y: number }): void => {
    setFirstRow(range.y);
    setScrolled((n) => n + 1);
  }, []);

  // The active cell's in-cell list (data validation), as the workbook holds it now.
  const activeList = useMemo(
    () => (activeRow === undefined || activeColumn === undefined ? undefined : workbook.cellList(sheet, activeRow, activeColumn)),
    [workbook, sheet, activeRow, activeColumn, version],
  );
  const provideEditor = useCallback(
    (_cell: GridCell) => {
      if (activeList === undefined || !activeList.inCellDropDown || activeList.items.length === 0) return undefined;
      return listEditor({ items: activeList.items, label: listLabel, onOpenChange: setEditing, ...(activeList.prompt ? { prompt: activeList.prompt } : {}) });
    },
    [activeList, listLabel],
  );
  // Where the active cell is on screen (for its prompt), again after scrolling and changes.
  const bounds = useMemo(
    () => (activeRow === undefined || activeColumn === undefined ? undefined : grid.current?.getBounds(activeColumn, activeRow)),
    [activeRow, activeColumn, scrolled, version, columns],
  );

  const getCellContent = useCallback(
    ([column, row]: Item): GridCell => {
      const cell = workbook.cell(sheet, row, column);
      const display = cellDisplay(cell.result, cell.format);
      const editText = cellEditText(cell);
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
      const paint = cellPaint(workbook.cellColors(sheet, row, column), display.color, themeOverride?.bgCell ?? palette.grid.bgCell ?? '#FFFFFF');
      if (paint.bgCell !== undefined || paint.textDark !== undefined) themeOverride = { ...themeOverride, ...paint };
      return {
        kind: GridCellKind.Text,
        data: editText,
        displayData: display.text,
        allowOverlay: true,
        readonly: false,
        contentAlign: display.align,
        ...(themeOverride ? { themeOverride } : {}),
      };
    },
    // version: the workbook changed, so the visible cells are read again
    [workbook, sheet, tables, palette, version],
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
      {activeList?.prompt && !editing && bounds && <CellPrompt prompt={activeList.prompt} at={bounds} />}
      <DataEditor
        ref={grid}
        provideEditor={provideEditor}
        columns={columns}
        rows={rowCount}
        getCellContent={getCellContent}
        onCellEdited={onCellEdited}
        gridSelection={selection}
        onGridSelectionChange={onSelection}
        onVisibleRegionChanged={onVisibleRegionChanged}
        getCellsForSelection={true}
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
