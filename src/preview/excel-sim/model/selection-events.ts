/**
 * The workbook's side of `Worksheet.onSelectionChanged` (ExcelApi 1.7): the handlers registered per sheet. A user
 * selecting cells (the preview's grid, `SimulatedWorkbook.selectCell`) tells them, asynchronously, as Excel sends
 * events; a selection the add-in makes (`range.select()`) does not (assumption: Excel reports it too, but the add-in
 * knows what it selected; the product reacts to the user's selection only).
 */

import type { CellBox } from './address';

export type SelectionHandler = (sheetId: string, box: CellBox) => void;

export class SelectionEvents {
  private readonly handlers = new Map<string, Set<SelectionHandler>>();

  add(sheetId: string, handler: SelectionHandler): void {
    const set = this.handlers.get(sheetId) ?? new Set<SelectionHandler>();
    set.add(handler);
    this.handlers.set(sheetId, set);
  }

  remove(sheetId: string, handler: SelectionHandler): void {
    this.handlers.get(sheetId)?.delete(handler);
  }

  clear(): void {
    this.handlers.clear();
  }

  count(): number {
    let count = 0;
    for (const set of this.handlers.values()) count += set.size;
    return count;
  }

  /** The handlers of the sheet, to be told of a selection. */
  of(sheetId: string): SelectionHandler[] {
    return [...(this.handlers.get(sheetId) ?? [])];
  }
}
