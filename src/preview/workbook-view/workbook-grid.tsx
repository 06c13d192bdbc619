/**
 * One sheet of the simulated workbook in a virtualized canvas grid (glide-data-grid): cells are read on demand for
 * the visible window only (getCellContent), never copied, so 100k rows scroll like 10. Column letters and row
 * numbers as in Excel, tables set apart (header row, banded rows), edits written as a user types them
 * (SimulatedWorkbook.typeIntoCell) so the simulation's typing rules apply; typing, F2, Enter and the rest as in Excel,
 * through our own cell editor (use-cell-editor.ts), so no key typed right after selecting a cell is lost. Columns are as wide as the sheet says (Excel's
 * standard 48 pt = 64 px at 100 %), and a table's column names take the letters' place when its header row scrolled
 * away (use-grid-columns.ts, column-titles.ts). A long left-aligned text runs over the empty cells to its right, as in Excel
 * (use-cell-looks.ts, text-overflow.ts: one span per run, worked out once per row and redraw), so a table's stamp reads whole. A cell
 * with an in-cell list (data validation) shows its prompt beside it when selected (cell-prompt.tsx), as Excel shows a
 * validation's input message, and opens its list on Alt+↓ or a double-click (list-popup.tsx).
 * Its parts: the selection and the open list (use-grid-selection.ts, grid-selection.ts), what the cell editor asks of
 * the grid (grid-editor-bindings.ts), the active cell's list and place (use-active-list.ts, active-cell-popup.tsx), a
 * list's pick (use-list-pick.ts), the cells as drawn (use-grid-cell-content.ts) and the editor's text area
 * (cell-editor-area.tsx).
 */

import DataEditor, {
  GridCellKind,
  type DataEditorProps,
  type DataEditorRef,
  type EditableGridCell,
  type Item,
} from '@glideapps/glide-data-grid';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SimulatedWorkbook } from '../excel-sim';
import { ActiveCellPopup } from './active-cell-popup';
import { CellEditorArea } from './cell-editor-area';
import { gridEditorBindings } from './grid-editor-bindings';
import { selectionAfter } from './grid-selection';
import type { GridPalette } from './grid-theme';
import { useActiveList } from './use-active-list';
import { useCellEditor } from './use-cell-editor';
import { useGridCellContent } from './use-grid-cell-content';
import { useGridColumns } from './use-grid-columns';
import { useApiSelection } from './use-api-selection';
import { useGridSelection } from './use-grid-selection';
import { useListPick } from './use-list-pick';
import { gridRowHeights } from './row-heights';

export interface WorkbookGridProps {
  workbook: SimulatedWorkbook;
  sheet: string;
  /** Grows when the workbook changed (see useWorkbookVersion): the grid redraws its visible cells. */
  version: number;
  palette: GridPalette;
  label: string;
  /** The cell editor's accessible name for a cell (`B7`). */
  editorLabel(address: string): string;
  /** The locale numbers are shown in (Excel follows the user's: `excelLocale`). */
  locale: string;
  /** Accessible name of a cell's in-cell list. */
  listLabel: string;
  onActiveCell(cell: { row: number; column: number }): void;
  onEdit(row: number, column: number, input: string): void;
}

/**
 * The grid's fixed behaviour and geometry, as in Excel: no type-to-edit of glide's own (the cell editor is ours), a
 * double-click activates a cell, row numbers, rows 24 px and the header 26 px.
 */
const GRID_BEHAVIOUR = {
  editOnType: false,
  cellActivationBehavior: 'double-click',
  getCellsForSelection: true,
  spanRangeBehavior: 'allowPartial',
  rowMarkers: 'number',
  smoothScrollX: true,
  smoothScrollY: true,
  rowHeight: 24,
  headerHeight: 26,
  width: '100%',
  height: '100%',
} as const satisfies Partial<DataEditorProps>;

export function WorkbookGrid({
  workbook,
  sheet,
  version,
  palette,
  label,
  editorLabel,
  locale,
  listLabel,
  onActiveCell,
  onEdit,
}: WorkbookGridProps): JSX.Element {
  const gridRef = useRef<DataEditorRef>(null);
  const [firstRow, setFirstRow] = useState(0);
  const [scrolled, setScrolled] = useState(0);
  const { selection, activeCell, currentCell, select, listCell, setListCell } = useGridSelection(onActiveCell);
  useApiSelection({ workbook, sheet, version, select, grid: gridRef });
  const { tables, columns, columnCount, rowCount } = useGridColumns({ workbook, sheet, version, firstRow, active: activeCell });
  const extent = { columnCount, rowCount };
  const editor = useCellEditor(
    gridEditorBindings({
      ...{ workbook, sheet, currentCell, editorLabel, onEdit },
      showList: setListCell,
      moveFrom: (cell, move) => select(selectionAfter(cell, move, extent)),
    }),
    gridRef,
  );

  const placeEditor = editor.place;
  const onVisibleRegionChanged = useCallback(
    (range: { y: number }): void => {
      setFirstRow(range.y);
      setScrolled((n) => n + 1);
      placeEditor();
    },
    [placeEditor],
  );
  const { activeList, bounds } = useActiveList({ workbook, sheet, version, active: activeCell, grid: gridRef, scrolled, columns });
  const getCellContent = useGridCellContent({ workbook, sheet, tables, palette, locale, version, columns });
  const rowHeight = useRowHeights(workbook, sheet, version);
  const onListDone = useListPick({ listCell, setListCell, grid: gridRef, onEdit, select, extent });
  const onCellEdited = useCallback(
    ([column, row]: Item, value: EditableGridCell): void => {
      if (value.kind === GridCellKind.Text) onEdit(row, column, value.data);
    },
    [onEdit],
  );

  return (
    <section aria-label={label} className="preview-grid" ref={editor.containerRef}>
      <ActiveCellPopup
        {...{ activeList, listCell, bounds, getCellContent, listLabel, onListDone }}
        container={editor.containerRef}
        theme={palette.grid}
      />
      <DataEditor
        ref={gridRef}
        {...GRID_BEHAVIOUR}
        columns={columns}
        rows={rowCount}
        rowHeight={rowHeight}
        getCellContent={getCellContent}
        onCellEdited={onCellEdited}
        onKeyDown={editor.onGridKeyDown}
        onCellClicked={editor.onCellClicked}
        gridSelection={selection}
        onGridSelectionChange={select}
        onVisibleRegionChanged={onVisibleRegionChanged}
        theme={palette.grid}
      />
      <CellEditorArea areaRef={editor.areaRef} palette={palette} />
    </section>
  );
}

/**
 * Rows as tall as the sheet sets them (a template page's wrapped paragraphs), scaled so that Excel's standard row (15
 * points) is the grid's 24 px; the others 24 px. A sheet that sets none keeps the grid's fixed height.
 */
function useRowHeights(workbook: SimulatedWorkbook, sheet: string, version: number): number | ((row: number) => number) {
  return useMemo(() => {
    void version; // the workbook changed: the heights are read again
    return gridRowHeights(workbook.rowHeights(sheet), GRID_BEHAVIOUR.rowHeight);
  }, [workbook, sheet, version]);
}
