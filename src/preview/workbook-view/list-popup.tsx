/**
 * The active cell's in-cell list, opened as Excel opens a validation's drop-down (Alt+↓, or a double-click in the
 * preview, which draws no arrow button): the list editor (list-editor.tsx) in a popup at the cell. It is not glide's
 * overlay editor: the grid's editing is ours (use-cell-editor.ts), so that no typed key is lost. What is picked goes
 * to the workbook as typed text (the workbook's rules, the list's alert included, decide).
 */

import type { GridCell, Rectangle, Theme } from '@glideapps/glide-data-grid';
import { getDefaultTheme, GridCellKind } from '@glideapps/glide-data-grid';
import { useMemo } from 'react';
import type { CellListView } from '../excel-sim';
import { listEditor } from './list-editor';

/** The popup's width: room for the prompt's words beside the codes. */
const POPUP_WIDTH_PX = 240;

export type ListMove = readonly [-1 | 0 | 1, -1 | 0 | 1];

export interface ListPopupProps {
  /** The cell as the grid draws it (its text and colours). */
  cell: GridCell;
  list: CellListView;
  /** The cell's rectangle on screen. */
  at: Rectangle;
  /** The right edge of the grid on screen: the list stays left of it (the task pane is beside the grid). */
  right: number;
  label: string;
  /** The grid's theme (the cell's own colours are laid over it, as glide gives its editors). */
  theme: Partial<Theme>;
  /** The pick (undefined: left as it was) and where the selection moves. */
  onDone(value: string | undefined, move: ListMove): void;
}

export function ListPopup({ cell, list, at, right, label, theme, onDone }: ListPopupProps): JSX.Element {
  const Editor = useMemo(
    () => listEditor({ items: list.items, label, onOpenChange: () => undefined, ...(list.prompt ? { prompt: list.prompt } : {}) }),
    [list, label],
  );
  const cellTheme: Theme = { ...getDefaultTheme(), ...theme, ...(cell.kind === GridCellKind.Text ? cell.themeOverride : undefined) };
  return (
    // Below the cell, as Excel's drop-down opens, and inside the grid: a cell near its right edge gets the list
    // aligned to the grid's edge instead of running over the pane.
    <div
      data-testid="list-popup"
      style={{
        position: 'fixed',
        left: Math.max(0, Math.min(at.x, right - POPUP_WIDTH_PX)),
        top: at.y + at.height,
        width: POPUP_WIDTH_PX,
        zIndex: 20,
        boxSizing: 'border-box',
        padding: 4,
        background: cellTheme.bgCell,
        border: `1px solid ${cellTheme.accentColor}`,
        borderRadius: 4,
        boxShadow: '0 4px 12px rgba(0, 0, 0, 0.28)',
      }}
    >
      <Editor
        value={cell}
        onChange={() => undefined}
        onFinishedEditing={(value, move) => onDone(value?.kind === GridCellKind.Text ? value.data : undefined, move ?? [0, 0])}
        isHighlighted={false}
        target={at}
        forceEditMode={false}
        theme={cellTheme}
      />
    </div>
  );
}
