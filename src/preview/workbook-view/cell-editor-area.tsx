/** The grid's cell editor in the page: one text area, always there, hidden while no cell is edited (cell-editor.ts). */

import type { RefObject } from 'react';
import type { GridPalette } from './grid-theme';

/** Tells tabster (Fluent's focus manager) to leave the Tab key in the cell editor alone. */
const TABSTER_KEEP_TAB = JSON.stringify({ focusable: { ignoreKeydown: { Tab: true } } });

export function CellEditorArea({ areaRef, palette }: { areaRef: RefObject<HTMLTextAreaElement>; palette: GridPalette }): JSX.Element {
  return (
    <textarea
      ref={areaRef}
      className="preview-cell-editor"
      aria-hidden="true"
      tabIndex={-1}
      spellCheck={false}
      data-testid="cell-editor"
      // Fluent's focus manager (tabster) takes Tab on the page to move the focus itself: in the editor Tab is ours.
      data-tabster={TABSTER_KEEP_TAB}
      style={{ backgroundColor: palette.grid.bgCell, color: palette.grid.textDark, borderColor: palette.grid.accentColor }}
    />
  );
}
