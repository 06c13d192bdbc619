/**
 * The grid's typing, Excel's way (grid-keys.ts), over the always-present cell editor (cell-editor.ts): the grid's own
 * type-to-edit is off, and this hook answers the grid's keys on a selected cell (a character opens the entry with
 * that character, F2 and double-click edit the contents, Enter moves) and the editor's keys and focus. Everything it
 * reads comes from refs, so a key handled before React rendered the last selection still finds the right cell.
 */

import type { CellClickedEventArgs, DataEditorRef, GridKeyEventArgs, Item } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { CellEditor, type CellEditorHost, type EditedCell } from './cell-editor';
import { selectedCellKey, type Move } from './grid-keys';

export interface CellEditorBindings {
  /** The grid's active cell now (also before React rendered it). */
  activeCell(): EditedCell | undefined;
  /** What the cell holds as edited (its formula, a number in full). */
  contents(cell: EditedCell): string;
  label(cell: EditedCell): string;
  write(cell: EditedCell, text: string): void;
  /** Selects the cell `move` away from `cell`. */
  move(cell: EditedCell, move: Move): void;
  /** Opens the cell's in-cell list (Alt+↓, a double-click); false when it has none. */
  openList?(cell: EditedCell): boolean;
}

export interface CellEditorHandlers {
  areaRef: RefObject<HTMLTextAreaElement>;
  containerRef: RefObject<HTMLElement>;
  onGridKeyDown(event: GridKeyEventArgs): void;
  onCellClicked(item: Item, event: CellClickedEventArgs): void;
  /** The grid scrolled or redrew: the editor follows its cell. */
  place(): void;
}

function useEditor(
  areaRef: RefObject<HTMLTextAreaElement>,
  containerRef: RefObject<HTMLElement>,
  host: () => CellEditorHost,
): () => CellEditor | undefined {
  const editor = useRef<CellEditor>();
  useEffect(() => {
    const area = areaRef.current;
    const container = containerRef.current;
    if (area === null || container === null) return undefined;
    const made = new CellEditor(area, container, host);
    editor.current = made;
    const onKeyDown = (event: KeyboardEvent): void => made.onKeyDown(event);
    const onBlur = (event: FocusEvent): void => made.onBlur(event.relatedTarget);
    const onFocusIn = (event: FocusEvent): void => made.onFocusIn(event.target);
    const onPointerDown = (event: PointerEvent): void => made.onPointerDown(event.target);
    area.addEventListener('keydown', onKeyDown);
    area.addEventListener('blur', onBlur);
    container.addEventListener('focusin', onFocusIn, true);
    container.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      area.removeEventListener('keydown', onKeyDown);
      area.removeEventListener('blur', onBlur);
      container.removeEventListener('focusin', onFocusIn, true);
      container.removeEventListener('pointerdown', onPointerDown, true);
      editor.current = undefined;
    };
  }, [areaRef, containerRef, host]);
  return useCallback(() => editor.current, []);
}

export function useCellEditor(bindings: CellEditorBindings, grid: RefObject<DataEditorRef>): CellEditorHandlers {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const containerRef = useRef<HTMLElement>(null);
  const latest = useRef(bindings);
  latest.current = bindings;

  const host = useCallback(
    (): CellEditorHost => ({
      bounds: (cell) => grid.current?.getBounds(cell.column, cell.row),
      label: (cell) => latest.current.label(cell),
      focusGrid: () => grid.current?.focus(),
      commit: (cell, text, move) => {
        latest.current.write(cell, text);
        latest.current.move(cell, move);
      },
    }),
    [grid],
  );
  const editor = useEditor(areaRef, containerRef, host);

  const onGridKeyDown = useCallback(
    (event: GridKeyEventArgs): void => {
      const open = editor();
      const cell = latest.current.activeCell();
      // rawEvent is absent when the accessibility tree clicks a cell: the grid's own activation then.
      if (open === undefined || cell === undefined || event.rawEvent === undefined) return;
      // Alt+↓ opens a validation's drop-down list, as in Excel.
      if (event.altKey && event.key === 'ArrowDown' && latest.current.openList?.(cell) === true) {
        event.cancel();
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      const action = selectedCellKey(event);
      if (action.kind === 'grid') return;
      event.cancel();
      if (action.kind === 'compose') {
        // The browser composes the character into the editor, which has the focus before the key's default runs.
        open.open(cell, '', 'enter');
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      if (action.kind === 'type') open.open(cell, action.text, 'enter');
      else if (action.kind === 'clear') open.open(cell, '', 'enter');
      else if (action.kind === 'edit') open.open(cell, latest.current.contents(cell), 'edit');
      else if (action.kind === 'move') latest.current.move(cell, action.move);
    },
    [editor],
  );

  // The grid calls two clicks within 500 ms a double-click wherever they land, and would open its own editor on
  // one that lands on the selected cell (after Enter moved there): never its editor; ours on two clicks on one cell.
  const lastClicked = useRef<EditedCell>();
  const onCellClicked = useCallback(
    (item: Item, event: CellClickedEventArgs): void => {
      const cell = { column: item[0], row: item[1] };
      const previous = lastClicked.current;
      lastClicked.current = cell;
      if (event.isDoubleClick !== true) return;
      event.preventDefault();
      const open = editor();
      if (previous?.column !== cell.column || previous.row !== cell.row) return;
      // A cell with an in-cell list opens its list (the preview draws no drop-down arrow to click); others, the editor.
      if (latest.current.openList?.(cell) === true) return;
      open?.open(cell, latest.current.contents(cell), 'edit');
    },
    [editor],
  );

  const place = useCallback((): void => editor()?.place(), [editor]);

  return { areaRef, containerRef, onGridKeyDown, onCellClicked, place };
}
