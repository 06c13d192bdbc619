import { editorKey, selectedCellKey, type KeyPress } from '../../../src/preview/workbook-view/grid-keys';

function press(key: string, modifiers: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress {
  return { key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...modifiers };
}

describe('a key on a selected cell (Excel)', () => {
  test.each(['-', '=', "'", 'ä', 'Ö', '€', ' ', '1', 'a'])('%s starts an entry holding it', (key) => {
    expect(selectedCellKey(press(key))).toEqual({ kind: 'type', text: key });
  });

  test("a character typed with AltGr (Ctrl+Alt on Windows) or Shift starts an entry; shortcuts are the grid's", () => {
    expect(selectedCellKey(press('@', { ctrlKey: true, altKey: true }))).toEqual({ kind: 'type', text: '@' });
    expect(selectedCellKey(press('A', { shiftKey: true }))).toEqual({ kind: 'type', text: 'A' });
    expect(selectedCellKey(press('c', { ctrlKey: true }))).toEqual({ kind: 'grid' });
    expect(selectedCellKey(press('v', { metaKey: true }))).toEqual({ kind: 'grid' });
    expect(selectedCellKey(press(' ', { shiftKey: true }))).toEqual({ kind: 'grid' });
  });

  test('F2 edits, Backspace clears into an entry, Enter moves, Escape stays, a dead key composes', () => {
    expect(selectedCellKey(press('F2'))).toEqual({ kind: 'edit' });
    expect(selectedCellKey(press('Backspace'))).toEqual({ kind: 'clear' });
    expect(selectedCellKey(press('Enter'))).toEqual({ kind: 'move', move: { columns: 0, rows: 1 } });
    expect(selectedCellKey(press('Enter', { shiftKey: true }))).toEqual({ kind: 'move', move: { columns: 0, rows: -1 } });
    expect(selectedCellKey(press('Escape'))).toEqual({ kind: 'stay' });
    expect(selectedCellKey(press('Dead'))).toEqual({ kind: 'compose' });
  });

  test.each(['ArrowDown', 'Tab', 'Delete', 'Home', 'PageDown'])("%s is the grid's", (key) => {
    expect(selectedCellKey(press(key))).toEqual({ kind: 'grid' });
  });
});

describe('a key in the cell editor (Excel)', () => {
  test('Enter, Shift+Enter, Tab and Shift+Tab write and move; Ctrl+Enter writes and stays; Escape drops', () => {
    expect(editorKey(press('Enter'), 'enter')).toEqual({ kind: 'commit', move: { columns: 0, rows: 1 } });
    expect(editorKey(press('Enter', { shiftKey: true }), 'edit')).toEqual({ kind: 'commit', move: { columns: 0, rows: -1 } });
    expect(editorKey(press('Tab'), 'edit')).toEqual({ kind: 'commit', move: { columns: 1, rows: 0 } });
    expect(editorKey(press('Tab', { shiftKey: true }), 'enter')).toEqual({ kind: 'commit', move: { columns: -1, rows: 0 } });
    expect(editorKey(press('Enter', { ctrlKey: true }), 'enter')).toEqual({ kind: 'commit', move: { columns: 0, rows: 0 } });
    expect(editorKey(press('Escape'), 'enter')).toEqual({ kind: 'cancel' });
  });

  test('Alt+Enter is a new line in the cell', () => {
    expect(editorKey(press('Enter', { altKey: true }), 'enter')).toEqual({ kind: 'text' });
  });

  test('arrows write and move in Enter mode, move the caret in Edit mode; F2 switches', () => {
    expect(editorKey(press('ArrowRight'), 'enter')).toEqual({ kind: 'commit', move: { columns: 1, rows: 0 } });
    expect(editorKey(press('ArrowUp'), 'enter')).toEqual({ kind: 'commit', move: { columns: 0, rows: -1 } });
    expect(editorKey(press('ArrowRight'), 'edit')).toEqual({ kind: 'text' });
    expect(editorKey(press('ArrowLeft', { shiftKey: true }), 'enter')).toEqual({ kind: 'text' });
    expect(editorKey(press('F2'), 'enter')).toEqual({ kind: 'toggle-mode' });
  });

  test.each(['a', '-', 'ä', 'Backspace', 'Home'])('%s is text', (key) => {
    expect(editorKey(press(key), 'enter')).toEqual({ kind: 'text' });
  });
});
