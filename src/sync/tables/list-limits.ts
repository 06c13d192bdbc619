/**
 * Excel's limits on the texts of a data validation (its Data Validation dialog; the API refuses longer texts): titles
 * 32 characters, the prompt's message 255, the error's message 225, a comma-separated source 255. The in-cell lists'
 * texts are cut to them (`code-list.ts`, `lists-sheet.ts`).
 */

export const LIST_LIMITS = { title: 32, prompt: 255, error: 225, source: 255 } as const;

/** The text cut to one of the limits, an ellipsis last. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
