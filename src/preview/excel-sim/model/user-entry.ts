/**
 * What data validation does to a user's entry (the docs: validation "is triggered only if the user directly enters a
 * value into a cell"; values an add-in writes are never checked): a typed value that fails a cell's list is refused
 * when the error alert is shown with style Stop, with the alert's title and message (Excel's own words when the alert
 * has none), and the cell keeps its value. `Warning` and `Information` let the value in (the user's "Yes"/"OK" to
 * the question Excel asks: assumption, the simulation asks nothing). Clearing a cell is never checked (Excel checks
 * entries, not deletions). A formula is checked by its typed text (assumption: Excel checks its result).
 *
 * Also what the preview shows of a cell's list: its items for the in-cell drop-down and its prompt.
 */

import type { SheetState } from './sheet-state';
import { listItems, passes, type AlertStyle, type CellValidation, type ListSourceRef } from './validation-state';
import type { WorkbookState } from './workbook-state';

/** Excel's alert when the validation has no message of its own. */
export const DEFAULT_ALERT = {
  title: 'Microsoft Excel',
  message: "This value doesn't match the data validation restrictions defined for this cell.",
} as const;

/** A user's entry refused by a cell's validation (style Stop): the alert's title and message. */
export class ValidationRefusal extends Error {
  override readonly name = 'ValidationRefusal';
  constructor(
    readonly title: string,
    message: string,
    readonly style: AlertStyle,
  ) {
    super(message);
  }
}

/** A cell's value as the text a list compares (`5`, `TRUE`, `FS`; '' for a blank). */
export function resultText(sheet: SheetState, row: number, column: number): string {
  const result = sheet.result(row, column);
  if (result.kind === 'Empty') return '';
  if (result.kind === 'Boolean') return result.value ? 'TRUE' : 'FALSE';
  return String(result.value);
}

/**
 * The texts of the cells a list refers to. A reference into a sheet deleted since holds none: Excel turns it into
 * `=#REF!`, its drop-down is empty and every typed value fails the list.
 */
export function referencedTexts(state: WorkbookState, ref: ListSourceRef): string[] {
  if (!state.sheets.some((s) => s.id === ref.sheetId)) return [];
  const sheet = state.sheetById(ref.sheetId);
  const out: string[] = [];
  for (let r = ref.box.row; r < ref.box.row + ref.box.rowCount; r += 1) {
    for (let c = ref.box.column; c < ref.box.column + ref.box.columnCount; c += 1) out.push(resultText(sheet, r, c));
  }
  return out;
}

/** The items of the cell's list rule, now. */
export function itemsOf(state: WorkbookState, record: CellValidation): string[] {
  return record.list === null ? [] : listItems(record.list, (ref) => referencedTexts(state, ref));
}

/** Throws ValidationRefusal when the cell's validation refuses `input` typed by a user. */
export function checkUserEntry(state: WorkbookState, sheet: SheetState, row: number, column: number, input: string): void {
  const record = sheet.validations.get(row, column);
  if (record === undefined || record.list === null || input === '') return;
  if (passes(record, input, () => itemsOf(state, record))) return;
  const alert = record.errorAlert;
  if (!alert.showAlert || alert.style !== 'Stop') return;
  throw new ValidationRefusal(
    alert.title === '' ? DEFAULT_ALERT.title : alert.title,
    alert.message === '' ? DEFAULT_ALERT.message : alert.message,
    alert.style,
  );
}

/** What a cell offers a user: the list's items (for its drop-down, when it has one) and the prompt (when shown). */
export interface CellListView {
  items: string[];
  inCellDropDown: boolean;
  prompt?: { title: string; message: string };
}

export function cellList(state: WorkbookState, sheet: SheetState, row: number, column: number): CellListView | undefined {
  const record = sheet.validations.get(row, column);
  if (record === undefined) return undefined;
  const { prompt } = record;
  const shown =
    prompt.showPrompt && (prompt.title !== '' || prompt.message !== '') ? { prompt: { title: prompt.title, message: prompt.message } } : {};
  return { items: itemsOf(state, record), inCellDropDown: record.list?.inCellDropDown ?? false, ...shown };
}
