/**
 * The list editor's items (an ARIA listbox): eight in view at once, as Excel's drop-down shows them, scrolling to keep
 * the highlighted one in view; a click takes an item (the input keeps the focus).
 */

import { useEffect, useRef } from 'react';
import type { ListEditorColors } from './list-editor-palette';

/** Items in view at once (Excel's drop-down shows eight), and the height of one. */
const VISIBLE_ITEMS = 8;
const ITEM_HEIGHT_PX = 22;

export interface ListOptionsProps {
  /** The listbox's id; an option's is `optionId(i)`. */
  id: string;
  optionId(index: number): string;
  items: readonly string[];
  /** The highlighted item's index; -1 for none. */
  active: number;
  label: string;
  colors: ListEditorColors;
  onTake(item: string): void;
}

export function ListOptions({ id, optionId, items, active, label, colors, onTake }: ListOptionsProps): JSX.Element {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (active >= 0) list.current?.querySelector(`[id="${CSS.escape(optionId(active))}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <ul
      ref={list}
      id={id}
      role="listbox"
      aria-label={label}
      style={{
        listStyle: 'none',
        margin: '4px 0 0',
        padding: 0,
        borderTop: `1px solid ${colors.border}`,
        maxHeight: VISIBLE_ITEMS * ITEM_HEIGHT_PX,
        overflowY: 'auto',
      }}
    >
      {items.map((item, i) => (
        <li
          key={item}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onTake(item)}
          style={{
            minHeight: ITEM_HEIGHT_PX,
            boxSizing: 'border-box',
            padding: '3px 6px',
            cursor: 'pointer',
            background: i === active ? colors.activeBg : 'transparent',
            color: i === active ? colors.activeText : colors.text,
          }}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}
