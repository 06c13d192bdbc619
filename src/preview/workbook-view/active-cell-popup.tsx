/**
 * What opens at the active cell: its in-cell list when open (list-popup.tsx), else its validation's prompt beside it
 * (cell-prompt.tsx), as Excel shows a validation's input message.
 */

import type { GridCell, Item, Rectangle, Theme } from '@glideapps/glide-data-grid';
import type { RefObject } from 'react';
import type { CellListView } from '../excel-sim';
import { CellPrompt } from './cell-prompt';
import { ListPopup, type ListMove } from './list-popup';

export interface ActiveCellPopupProps {
  activeList: CellListView | undefined;
  /** The cell whose in-cell list is open, if any. */
  listCell: Item | undefined;
  /** The active cell's rectangle on screen. */
  bounds: Rectangle | undefined;
  getCellContent(item: Item): GridCell;
  /** The grid's element: the list stays left of its right edge. */
  container: RefObject<HTMLElement>;
  listLabel: string;
  theme: Partial<Theme>;
  onListDone(value: string | undefined, move: ListMove): void;
}

export function ActiveCellPopup(props: ActiveCellPopupProps): JSX.Element | null {
  const { activeList, listCell, bounds } = props;
  if (activeList === undefined || bounds === undefined) return null;
  if (listCell === undefined) return activeList.prompt ? <CellPrompt prompt={activeList.prompt} at={bounds} /> : null;
  return (
    <ListPopup
      cell={props.getCellContent(listCell)}
      list={activeList}
      at={bounds}
      right={props.container.current?.getBoundingClientRect().right ?? window.innerWidth}
      label={props.listLabel}
      theme={props.theme}
      onDone={props.onListDone}
    />
  );
}
