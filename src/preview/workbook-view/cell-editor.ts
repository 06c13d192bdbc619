/**
 * The preview's cell editor: one text area that is always in the page (hidden while no cell is edited), so an entry
 * opens, takes the focus and holds its first character within the key event that started it. glide-data-grid's own
 * editor opened a paint later, and keys typed before it had the focus reached the grid again (`-130` became `130`):
 * here nothing stands between the key and the entry, however busy the page is. While it is open the editor keeps the
 * focus (the grid focuses itself a frame after a click, which would take it away), a click elsewhere in the grid
 * writes the entry, and so does leaving the grid. A click gives the grid the keyboard at once, not a frame later.
 */

import { editorKey, type EditMode, type KeyPress, type Move } from './grid-keys';

export interface EditedCell {
  row: number;
  column: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CellEditorHost {
  /** The cell's box in the viewport, as the grid draws it now. */
  bounds(cell: EditedCell): Box | undefined;
  /** The editor's accessible name for the cell. */
  label(cell: EditedCell): string;
  /** Gives the keyboard back to the grid. */
  focusGrid(): void;
  /** The entry is done: write `text` into the cell, then move the selection by `move`. */
  commit(cell: EditedCell, text: string, move: Move): void;
}

interface Editing {
  cell: EditedCell;
  mode: EditMode;
}

export class CellEditor {
  private editing: Editing | undefined;

  constructor(
    private readonly area: HTMLTextAreaElement,
    private readonly container: HTMLElement,
    private readonly host: () => CellEditorHost,
  ) {}

  get isOpen(): boolean {
    return this.editing !== undefined;
  }

  /** Opens over `cell` holding `text`, caret at the end, and takes the focus (synchronously: the next key is ours). */
  open(cell: EditedCell, text: string, mode: EditMode): void {
    this.editing = { cell, mode };
    const area = this.area;
    area.value = text;
    area.setAttribute('aria-label', this.host().label(cell));
    area.removeAttribute('aria-hidden');
    area.dataset['open'] = 'true';
    this.place();
    area.focus({ preventScroll: true });
    area.setSelectionRange(text.length, text.length);
  }

  /** Puts the editor over its cell again (after a scroll or a redraw). */
  place(): void {
    if (this.editing === undefined) return;
    const box = this.host().bounds(this.editing.cell);
    if (box === undefined) return;
    const origin = this.container.getBoundingClientRect();
    const style = this.area.style;
    style.left = `${box.x - origin.x}px`;
    style.top = `${box.y - origin.y}px`;
    style.minWidth = `${box.width}px`;
    style.height = `${box.height}px`;
  }

  /** Writes the entry and moves the selection by `move`. */
  commit(move: Move): void {
    const editing = this.editing;
    if (editing === undefined) return;
    const text = this.area.value;
    this.close();
    this.host().commit(editing.cell, text, move);
  }

  /** Drops the entry: the cell keeps what it held. */
  cancel(): void {
    if (this.editing !== undefined) this.close();
  }

  /** The editor's keydown: the keys that end an entry, F2, arrows in Enter mode; the rest is text. */
  onKeyDown(event: KeyboardEvent | (KeyPress & { preventDefault(): void })): void {
    const editing = this.editing;
    if (editing === undefined || ('isComposing' in event && event.isComposing)) return;
    const action = editorKey(event, editing.mode);
    if (action.kind === 'text') return;
    event.preventDefault();
    if (action.kind === 'commit') this.commit(action.move);
    else if (action.kind === 'cancel') this.cancel();
    else editing.mode = editing.mode === 'enter' ? 'edit' : 'enter';
  }

  /** Something in the grid took the focus while an entry is open (the grid's own focus a frame after a click): back. */
  onFocusIn(target: EventTarget | null): void {
    if (this.editing !== undefined && target !== this.area) this.area.focus({ preventScroll: true });
  }

  /**
   * A press elsewhere in the grid writes the entry (the grid then selects what was clicked). The grid has the
   * keyboard from the press on: it would focus itself only a frame later, and a key typed before that went to the
   * page (the first key of `-130` typed right after the first click on the grid was lost).
   */
  onPointerDown(target: EventTarget | null): void {
    if (target === this.area) return;
    if (this.editing !== undefined) this.commit({ columns: 0, rows: 0 });
    else if (!this.container.contains(document.activeElement)) this.host().focusGrid();
  }

  /** The focus left the grid (another control, the pane): the entry is written. */
  onBlur(next: EventTarget | null): void {
    if (this.editing === undefined) return;
    if (next instanceof Node && this.container.contains(next)) return;
    this.commit({ columns: 0, rows: 0 });
  }

  private close(): void {
    this.editing = undefined;
    const area = this.area;
    delete area.dataset['open'];
    area.setAttribute('aria-hidden', 'true');
    area.value = '';
    // The grid has the keyboard again before anything else runs: the next key selects or starts the next entry.
    this.host().focusGrid();
  }
}
