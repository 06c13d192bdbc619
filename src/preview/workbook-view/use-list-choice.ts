/**
 * What the list editor holds: the text typed and the highlighted item. Typing filters nothing (Excel's list shows
 * every item): the item that starts with what was typed is highlighted; ↓/↑ move the highlight within the list. At
 * first, the item equal to the cell's text (any case), else the first that starts with it.
 */

import { useState } from 'react';

export interface ListChoice {
  text: string;
  /** The highlighted item's index; -1 for none. */
  active: number;
  type(text: string): void;
  /** Moves the highlight by `step` items, held to the list. */
  step(step: number): void;
}

export function useListChoice(items: readonly string[], initialText: string): ListChoice {
  const [text, setText] = useState(initialText);
  const [active, setActive] = useState(() => {
    const exact = items.findIndex((item) => item.toLowerCase() === initialText.toLowerCase());
    return exact >= 0 ? exact : startingWith(items, initialText);
  });
  const type = (next: string): void => {
    setText(next);
    setActive(startingWith(items, next));
  };
  const step = (by: number): void => setActive((current) => Math.max(0, Math.min(items.length - 1, current + by)));
  return { text, active, type, step };
}

function startingWith(items: readonly string[], text: string): number {
  if (text === '') return -1;
  const lower = text.toLowerCase();
  return items.findIndex((item) => item.toLowerCase().startsWith(lower));
}
