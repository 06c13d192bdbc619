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
 */

import DataEditor, {
  CompactSelection,
  GridCellKind,
  type DataEditorRef,
  type EditableGridCell,
  type GridCell,
  type GridSelection,
  type Item,
} from '@glideapps/glide-data-grid';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SimulatedWorkbook } from '../excel-sim';
import { cellEditText } from './cell-edit-text';
import { CellPrompt } from './cell-prompt';
import { columnName } from './column-name';
import type { Move } from './grid-keys';
import type { GridPalette } from './grid-theme';
import { ListPopup, type ListMove } from './list-popup';
import { useCellEditor } from './use-cell-editor';
import { useCellLooks } from './use-cell-looks';
import { DEFAULT_WIDTH_PX, useGridColumns } from './use-grid-columns';

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

/** Tells tabster (Fluent's focus manager) to leave the Tab key in the cell editor alone. */
const TABSTER_KEEP_TAB = JSON.stringify({ focusable: { ignoreKeydown: { Tab: true } } });

const NO_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

function cellSelection(column: number, row: number): GridSelection {
  return { ...NO_SELECTION, current: { cell: [column, row], range: { x: column, y: row, width: 1, height: 1 }, rangeStack: [] } };
}

function clamp(value: number, last: number): number {
  return Math.min(Math.max(value, 0), last);
}

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
  const [selection, setSelectionState] = useState<GridSelection>(NO_SELECTION);
  // The selection as last set, also before React rendered it: a key typed right after a move finds its cell.
  const selectionRef = useRef(selection);
  const gridRef = useRef<DataEditorRef>(null);
  const [firstRow, setFirstRow] = useState(0);
  const active = selection.current?.cell;
  const activeRow = active?.[1];
  const activeColumn = active?.[0];
  const activeCell = activeRow === undefined || activeColumn === undefined ? undefined : { row: activeRow, column: activeColumn };
  const { tables, columns, columnCount, rowCount } = useGridColumns({ workbook, sheet, version, firstRow, active: activeCell });

  // The cell whose in-cell list is open, if any.
  const [listCell, setListCell] = useState<Item>();
  const onSelection = useCallback(
    (next: GridSelection): void => {
      selectionRef.current = next;
      setSelectionState(next);
      setListCell(undefined);
      const cell = next.current?.cell;
      if (cell) onActiveCell({ row: cell[1], column: cell[0] });
    },
    [onActiveCell],
  );

  const editor = useCellEditor(
    {
      activeCell: () => {
        const cell = selectionRef.current.current?.cell;
        return cell === undefined ? undefined : { column: cell[0], row: cell[1] };
      },
      contents: (cell) => cellEditText(workbook.cell(sheet, cell.row, cell.column)),
      label: (cell) => editorLabel(`${columnName(cell.column)}${cell.row + 1}`),
      write: (cell, text) => onEdit(cell.row, cell.column, text),
      openList: (cell) => {
        const list = workbook.cellList(sheet, cell.row, cell.column);
        if (list === undefined || !list.inCellDropDown || list.items.length === 0) return false;
        setListCell([cell.column, cell.row]);
        return true;
      },
      move: (cell, move: Move) => {
        if (move.columns === 0 && move.rows === 0) return;
        onSelection(cellSelection(clamp(cell.column + move.columns, columnCount - 1), clamp(cell.row + move.rows, rowCount - 1)));
      },
    },
    gridRef,
  );

  const placeEditor = editor.place;
  const [scrolled, setScrolled] = useState(0);
  const onVisibleRegionChanged = useCallback(
    (range: { y: number }): void => {
      setFirstRow(range.y);
      setScrolled((n) => n + 1);
      placeEditor();
    },
    [placeEditor],
  );

  // The active cell's in-cell list (data validation), as the workbook holds it now, and where the cell is on screen.
  const activeList = useMemo(
    () => (activeRow === undefined || activeColumn === undefined ? undefined : workbook.cellList(sheet, activeRow, activeColumn)),
    [workbook, sheet, activeRow, activeColumn, version],
  );
  const bounds = useMemo(
    () => (activeRow === undefined || activeColumn === undefined ? undefined : gridRef.current?.getBounds(activeColumn, activeRow)),
    [activeRow, activeColumn, scrolled, version, columns],
  );

  const { cellLook, runsOf } = useCellLooks({
    workbook,
    sheet,
    tables,
    palette,
    locale,
    version,
    columns,
    defaultWidthPx: DEFAULT_WIDTH_PX,
  });

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

  const onListDone = useCallback(
    (value: string | undefined, move: ListMove): void => {
      const cell = listCell;
      setListCell(undefined);
      gridRef.current?.focus();
      if (cell === undefined || value === undefined) return;
      onEdit(cell[1], cell[0], value);
      if (move[0] !== 0 || move[1] !== 0)
        onSelection(cellSelection(clamp(cell[0] + move[0], columnCount - 1), clamp(cell[1] + move[1], rowCount - 1)));
    },
    [listCell, onEdit, onSelection, columnCount, rowCount],
  );

  const onCellEdited = useCallback(
    ([column, row]: Item, value: EditableGridCell): void => {
      if (value.kind === GridCellKind.Text) onEdit(row, column, value.data);
    },
    [onEdit],
  );

  return (
    <section aria-label={label} className="preview-grid" ref={editor.containerRef}>
      {activeList?.prompt && listCell === undefined && bounds && <CellPrompt prompt={activeList.prompt} at={bounds} />}
      {listCell !== undefined && activeList !== undefined && bounds && (
        <ListPopup
          cell={getCellContent(listCell)}
          list={activeList}
          at={bounds}
          right={editor.containerRef.current?.getBoundingClientRect().right ?? window.innerWidth}
          label={listLabel}
          theme={palette.grid}
          onDone={onListDone}
        />
      )}
      <DataEditor
        ref={gridRef}
        columns={columns}
        rows={rowCount}
        getCellContent={getCellContent}
        onCellEdited={onCellEdited}
        editOnType={false}
        onKeyDown={editor.onGridKeyDown}
        onCellClicked={editor.onCellClicked}
        cellActivationBehavior="double-click"
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
      <textarea
        ref={editor.areaRef}
        className="preview-cell-editor"
        aria-hidden="true"
        tabIndex={-1}
        spellCheck={false}
        data-testid="cell-editor"
        // Fluent's focus manager (tabster) takes Tab on the page to move the focus itself: in the editor Tab is ours.
        data-tabster={TABSTER_KEEP_TAB}
        style={{ backgroundColor: palette.grid.bgCell, color: palette.grid.textDark, borderColor: palette.grid.accentColor }}
      />
    </section>
  );
}
