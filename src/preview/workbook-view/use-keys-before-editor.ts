/**
 * No keystroke is lost when a user types into a cell right after selecting it. glide-data-grid opens its editor on
 * the first typed key (with that key as the value) but focuses the editor's text area only after the next paint;
 * a key typed before that reaches the grid again, which opens the editor anew with that key alone (`-130` typed at
 * machine speed became `130`), and an Enter typed before it is not the editor's (the entry stayed unwritten). So
 * while an editor is open but not focused yet, the grid's keys are kept here (the grid does not handle them), and
 * given to the editor as soon as it has the focus: the characters (Backspace too) into its text, caret at the end,
 * then the key that ends the entry (Enter, Tab, Escape), as if typed there.
 */

import type { GridKeyEventArgs } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useRef } from 'react';

/** The class of glide-data-grid's text editor (GrowingEntry's text area). */
const EDITOR = 'textarea.gdg-input';
const ENDING_KEYS = new Set(['Enter', 'Tab', 'Escape']);

interface KeptKeys {
  /** The editor's text so far: the key that opened it, then what was typed before it had the focus. */
  text: string;
  /** The key that ended the entry before the editor had the focus. */
  ending?: { key: string; shiftKey: boolean };
}

/** A key that types a character (as the grid's type-to-edit understands it), no shortcut. */
function typesCharacter(event: GridKeyEventArgs): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** Sets a React-controlled text area's value as typing would (its onChange sees it), caret at the end. */
function typeInto(editor: HTMLTextAreaElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(editor, text);
  editor.dispatchEvent(new Event('input', { bubbles: true }));
  editor.setSelectionRange(text.length, text.length);
}

/** Gives the kept keys to the editor that now has the focus. */
function replay(editor: HTMLTextAreaElement, kept: KeptKeys): void {
  // After the editor's own focus effect (which puts the caret after the first key).
  queueMicrotask(() => {
    if (kept.text !== editor.value) typeInto(editor, kept.text);
    const ending = kept.ending;
    if (ending === undefined) return;
    // A task later: the editor has rendered the text it ends with.
    setTimeout(() => editor.dispatchEvent(new KeyboardEvent('keydown', { key: ending.key, shiftKey: ending.shiftKey, bubbles: true, cancelable: true })));
  });
}

/** The grid's `onKeyDown`: keeps the keys typed between the editor's opening and its focus. */
export function useKeysBeforeEditor(): (event: GridKeyEventArgs) => void {
  const kept = useRef<KeptKeys | undefined>(undefined);

  useEffect(() => {
    const onFocus = (event: FocusEvent): void => {
      const editor = event.target;
      const keys = kept.current;
      kept.current = undefined;
      if (editor instanceof HTMLTextAreaElement && editor.matches(EDITOR) && keys !== undefined) replay(editor, keys);
    };
    document.addEventListener('focusin', onFocus, true);
    return () => document.removeEventListener('focusin', onFocus, true);
  }, []);

  return useCallback((event: GridKeyEventArgs): void => {
    const keys = kept.current;
    // An editor open but not focused yet, and no ending key typed: this key belongs to it, not to the grid.
    if (keys !== undefined && keys.ending === undefined && document.querySelector(EDITOR) !== null) {
      event.cancel();
      event.preventDefault();
      if (typesCharacter(event)) keys.text += event.key;
      else if (event.key === 'Backspace') keys.text = keys.text.slice(0, -1);
      else if (ENDING_KEYS.has(event.key)) keys.ending = { key: event.key, shiftKey: event.shiftKey };
      return;
    }
    kept.current = typesCharacter(event) ? { text: event.key } : undefined;
  }, []);
}
