/**
 * The cell editor of a cell with an in-cell list (data validation of type list with a drop-down): what the user types,
 * with the list's items below it, as Excel's drop-down offers them. Keyboard: ↓/↑ move through the items (Alt+↓ too),
 * Enter takes the highlighted item (or what was typed), Tab takes it and moves right, Escape leaves the cell as it
 * was; a click on an item takes it. Typing filters nothing: Excel's list shows every item; the item that starts with
 * what was typed is highlighted. Whether the value is allowed is the workbook's to say (the alert), not the editor's.
 * A combobox with a listbox (ARIA 1.2 pattern), coloured from the grid's theme (it opens in glide's portal, outside
 * the page's Fluent theme). A long list (a company's categories) shows eight items at a time and scrolls, as Excel's
 * drop-down does, keeping the highlighted item in view.
 */

import type { EditableGridCell, GridCell, ProvideEditorComponent, Theme } from '@glideapps/glide-data-grid';
import { GridCellKind } from '@glideapps/glide-data-grid';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** Items in view at once (Excel's drop-down shows eight), and the height of one. */
const VISIBLE_ITEMS = 8;
const ITEM_HEIGHT_PX = 22;

export interface ListEditorOptions {
  items: readonly string[];
  /** The prompt shown under the list (the validation's input message), if any. */
  prompt?: { title: string; message: string };
  /** Accessible name of the list. */
  label: string;
  /** Told when the editor opens and closes (the grid hides its floating prompt meanwhile). */
  onOpenChange(open: boolean): void;
}

function textOf(cell: GridCell): string {
  return cell.kind === GridCellKind.Text ? cell.data : '';
}

function withText(cell: GridCell, text: string): EditableGridCell {
  return {
    kind: GridCellKind.Text,
    data: text,
    displayData: text,
    allowOverlay: true,
    readonly: false,
    ...(cell.kind === GridCellKind.Text && cell.themeOverride ? { themeOverride: cell.themeOverride } : {}),
  };
}

function startingWith(items: readonly string[], text: string): number {
  if (text === '') return -1;
  const lower = text.toLowerCase();
  return items.findIndex((item) => item.toLowerCase().startsWith(lower));
}

export function listEditor(options: ListEditorOptions): ProvideEditorComponent<GridCell> {
  return function ListEditor({ value, initialValue, onChange, onFinishedEditing, theme }) {
    const { items } = options;
    const id = useId();
    const input = useRef<HTMLInputElement>(null);
    const [text, setText] = useState(initialValue ?? textOf(value));
    const [active, setActive] = useState(() => {
      const typed = initialValue ?? textOf(value);
      const exact = items.findIndex((item) => item.toLowerCase() === typed.toLowerCase());
      return exact >= 0 ? exact : startingWith(items, typed);
    });
    const list = useRef<HTMLUListElement>(null);
    useEffect(() => {
      if (active >= 0) list.current?.querySelector(`[id="${CSS.escape(`${id}-option-${active}`)}"]`)?.scrollIntoView({ block: 'nearest' });
    }, [active]);
    useEffect(() => {
      options.onOpenChange(true);
      input.current?.focus();
      return () => options.onOpenChange(false);
    }, []);

    const change = (next: string): void => {
      setText(next);
      setActive(startingWith(items, next));
      onChange(withText(value, next));
    };
    const take = (chosen: string, movement: readonly [-1 | 0 | 1, -1 | 0 | 1]): void =>
      onFinishedEditing(withText(value, chosen), movement);
    const move = (step: number): void => setActive((current) => Math.max(0, Math.min(items.length - 1, current + step)));

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
      const picked = active >= 0 ? items[active] : undefined;
      let handled = true;
      if (event.key === 'ArrowDown') move(1);
      else if (event.key === 'ArrowUp') move(-1);
      else if (event.key === 'Enter') take(picked ?? text, [0, 1]);
      else if (event.key === 'Tab') take(picked ?? text, [event.shiftKey ? -1 : 1, 0]);
      else if (event.key === 'Escape') onFinishedEditing(undefined, [0, 0]);
      else handled = false;
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
      }
    };

    const colors = palette(theme);
    const optionId = (i: number) => `${id}-option-${i}`;
    return (
      <div
        className="preview-list-editor"
        style={{ minWidth: 200, background: colors.bg, color: colors.text, fontFamily: theme.fontFamily }}
      >
        <input
          ref={input}
          className="gdg-input"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-label={options.label}
          value={text}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          spellCheck={false}
          style={{ background: colors.bg, color: colors.text, width: '100%', boxSizing: 'border-box' }}
          data-testid="list-editor-input"
        />
        <ul
          ref={list}
          id={`${id}-list`}
          role="listbox"
          aria-label={options.label}
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
              onClick={() => take(item, [0, 1])}
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
        {options.prompt && (
          <p
            style={{
              margin: '6px 0 0',
              paddingTop: 4,
              borderTop: `1px solid ${colors.border}`,
              fontSize: 12,
              color: colors.muted,
              maxWidth: 320,
            }}
            data-testid="list-editor-prompt"
          >
            {options.prompt.title !== '' && <strong style={{ color: colors.text }}>{options.prompt.title}: </strong>}
            {options.prompt.message}
          </p>
        )}
      </div>
    );
  };
}

/**
 * The editor's colours: its background is the cell's (glide gives the editor the cell's theme, so an input cell's pale
 * fill even in the dark grid), the texts chosen for that background so they meet AA on it; the highlighted item in
 * the accent colour with white text.
 */
function palette(theme: Theme): { bg: string; text: string; muted: string; border: string; activeBg: string; activeText: string } {
  const light = luminance(theme.bgCell) >= 0.5;
  return {
    bg: theme.bgCell,
    text: light ? '#1F1F1F' : '#F0F0F0',
    muted: light ? '#424242' : '#C8C8C8',
    border: light ? 'rgba(0, 0, 0, 0.18)' : 'rgba(255, 255, 255, 0.2)',
    activeBg: light ? '#107C41' : '#1F6FB2',
    activeText: '#FFFFFF',
  };
}

function luminance(color: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex === undefined) return 1;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
