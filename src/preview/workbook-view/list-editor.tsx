/**
 * The cell editor of a cell with an in-cell list (data validation of type list with a drop-down): what the user types,
 * with the list's items below it, as Excel's drop-down offers them. Keyboard: ↓/↑ move through the items (Alt+↓ too),
 * Enter takes the highlighted item (or what was typed), Tab takes it and moves right, Escape leaves the cell as it
 * was; a click on an item takes it. Typing filters nothing: Excel's list shows every item; the item that starts with
 * what was typed is highlighted. Whether the value is allowed is the workbook's to say (the alert), not the editor's.
 * A combobox with a listbox (ARIA 1.2 pattern), coloured from the grid's theme (it opens in glide's portal, outside
 * the page's Fluent theme). A long list (a company's categories) shows eight items at a time and scrolls, as Excel's
 * drop-down does, keeping the highlighted item in view.
 * Its parts: the text and the highlighted item (use-list-choice.ts), the items (list-options.tsx), the prompt
 * (list-prompt.tsx) and the colours (list-editor-palette.ts).
 */

import type { EditableGridCell, GridCell, ProvideEditorComponent } from '@glideapps/glide-data-grid';
import { GridCellKind } from '@glideapps/glide-data-grid';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { listEditorPalette } from './list-editor-palette';
import { ListOptions } from './list-options';
import { ListPrompt } from './list-prompt';
import { useListChoice } from './use-list-choice';

type Movement = readonly [-1 | 0 | 1, -1 | 0 | 1];

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

/** What a key does in the editor: move the highlight, take the highlighted item (or the text) and move, or leave. */
function keyAction(key: string, shiftKey: boolean): { step: number } | { take: Movement } | 'leave' | undefined {
  if (key === 'ArrowDown') return { step: 1 };
  if (key === 'ArrowUp') return { step: -1 };
  if (key === 'Enter') return { take: [0, 1] };
  if (key === 'Tab') return { take: [shiftKey ? -1 : 1, 0] };
  if (key === 'Escape') return 'leave';
  return undefined;
}

export function listEditor(options: ListEditorOptions): ProvideEditorComponent<GridCell> {
  return function ListEditor({ value, initialValue, onChange, onFinishedEditing, theme }) {
    const { items } = options;
    const id = useId();
    const input = useRef<HTMLInputElement>(null);
    const { text, active, type, step } = useListChoice(items, initialValue ?? textOf(value));
    useEffect(() => {
      options.onOpenChange(true);
      input.current?.focus();
      return () => options.onOpenChange(false);
    }, []);

    const change = (next: string): void => {
      type(next);
      onChange(withText(value, next));
    };
    const take = (chosen: string, movement: Movement): void => onFinishedEditing(withText(value, chosen), movement);
    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
      const action = keyAction(event.key, event.shiftKey);
      if (action === undefined) return;
      if (action === 'leave') onFinishedEditing(undefined, [0, 0]);
      else if ('step' in action) step(action.step);
      else take((active >= 0 ? items[active] : undefined) ?? text, action.take);
      event.preventDefault();
      event.stopPropagation();
    };

    const colors = listEditorPalette(theme);
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
        <ListOptions
          id={`${id}-list`}
          optionId={optionId}
          items={items}
          active={active}
          label={options.label}
          colors={colors}
          onTake={(item) => take(item, [0, 1])}
        />
        {options.prompt && <ListPrompt prompt={options.prompt} colors={colors} />}
      </div>
    );
  };
}
