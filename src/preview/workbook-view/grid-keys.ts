/**
 * What a key does in the preview's grid, as in Excel. On a selected cell: a character starts an entry that replaces
 * the cell with that character (Enter mode), F2 edits what the cell holds (Edit mode), Backspace starts an empty entry,
 * Enter and Shift+Enter move down and up, Escape does nothing; the rest (arrows, Tab, Delete, Home, shortcuts) is the
 * grid's. In the cell's editor: Enter, Shift+Enter, Tab and Shift+Tab write the entry and move, Ctrl+Enter writes it
 * and stays, Escape drops it, F2 switches between Enter and Edit mode, and in Enter mode an arrow writes it and moves
 * (in Edit mode arrows move the caret); every other key is text.
 */

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

export interface Move {
  columns: number;
  rows: number;
}

/** Enter mode: the entry replaced the cell (typed into it). Edit mode: the cell's contents edited (F2, double-click). */
export type EditMode = 'enter' | 'edit';

export type SelectedCellKey =
  | { kind: 'type'; text: string }
  /** A dead key or an input method's key: an empty entry opens and the browser composes the character into it. */
  | { kind: 'compose' }
  | { kind: 'edit' }
  | { kind: 'clear' }
  | { kind: 'move'; move: Move }
  | { kind: 'stay' }
  | { kind: 'grid' };

export type EditorKey = { kind: 'commit'; move: Move } | { kind: 'cancel' } | { kind: 'toggle-mode' } | { kind: 'text' };

const STAY: Move = { columns: 0, rows: 0 };
const ARROWS: Readonly<Record<string, Move>> = {
  ArrowDown: { columns: 0, rows: 1 },
  ArrowUp: { columns: 0, rows: -1 },
  ArrowRight: { columns: 1, rows: 0 },
  ArrowLeft: { columns: -1, rows: 0 },
};
const COMPOSING_KEYS = new Set(['Dead', 'Process']);

/** A key that types one character: no shortcut (AltGr, which reports Ctrl+Alt on Windows, types one). */
function typedCharacter(press: KeyPress): string | undefined {
  if ([...press.key].length !== 1) return undefined;
  if (press.metaKey) return undefined;
  if (press.ctrlKey !== press.altKey) return undefined;
  // Shift+Space selects the row (the grid's, as Excel's).
  if (press.key === ' ' && press.shiftKey) return undefined;
  return press.key;
}

function plain(press: KeyPress): boolean {
  return !press.ctrlKey && !press.altKey && !press.metaKey;
}

export function selectedCellKey(press: KeyPress): SelectedCellKey {
  const text = typedCharacter(press);
  if (text !== undefined) return { kind: 'type', text };
  if (COMPOSING_KEYS.has(press.key)) return { kind: 'compose' };
  if (!plain(press)) return { kind: 'grid' };
  switch (press.key) {
    case 'F2':
      return press.shiftKey ? { kind: 'grid' } : { kind: 'edit' };
    case 'Backspace':
      return { kind: 'clear' };
    case 'Enter':
      return { kind: 'move', move: { columns: 0, rows: press.shiftKey ? -1 : 1 } };
    case 'Escape':
      return { kind: 'stay' };
    default:
      return { kind: 'grid' };
  }
}

export function editorKey(press: KeyPress, mode: EditMode): EditorKey {
  const { key, shiftKey, ctrlKey, altKey, metaKey } = press;
  if (key === 'Escape') return { kind: 'cancel' };
  if (key === 'Enter') {
    // Alt+Enter: a new line in the cell.
    if (altKey) return { kind: 'text' };
    if (ctrlKey || metaKey) return { kind: 'commit', move: STAY };
    return { kind: 'commit', move: { columns: 0, rows: shiftKey ? -1 : 1 } };
  }
  if (key === 'Tab' && !ctrlKey && !altKey && !metaKey) return { kind: 'commit', move: { columns: shiftKey ? -1 : 1, rows: 0 } };
  if (key === 'F2' && plain(press) && !shiftKey) return { kind: 'toggle-mode' };
  const arrow = ARROWS[key];
  if (arrow !== undefined && mode === 'enter' && plain(press) && !shiftKey) return { kind: 'commit', move: arrow };
  return { kind: 'text' };
}
