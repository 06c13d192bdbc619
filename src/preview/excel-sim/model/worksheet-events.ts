/**
 * The workbook's side of `Worksheet.onChanged` and `WorksheetCollection.onChanged`: which handlers are registered
 * (per sheet, or for every sheet) and the cell edits made since they were last told. Plain state: the proxies
 * register handlers and record edits, simulated-workbook.ts hands the edits of a batch to the handlers after it.
 */

import type { CellBox } from './address';

/** `Excel.EventTriggerSource`: an edit made through this add-in's API calls, or by anyone else (the user typing). */
export type TriggerSource = 'ThisLocalAddin' | 'Unknown';

/** One change of cell contents (values or formulas written, contents cleared): `RangeEdited`. */
export interface SheetEdit {
  sheetId: string;
  box: CellBox;
  triggerSource: TriggerSource;
}

export type SheetEditHandler = (edit: SheetEdit) => void;

/** The scope of `WorksheetCollection.onChanged`: edits on any sheet. */
export const EVERY_SHEET = '*';

export interface EditDelivery {
  handler: SheetEditHandler;
  edit: SheetEdit;
}

export class WorksheetEvents {
  /** Scope (a sheet id or EVERY_SHEET) → handlers, in the order they were registered. */
  private readonly handlers = new Map<string, Set<SheetEditHandler>>();
  private pending: SheetEdit[] = [];

  add(scope: string, handler: SheetEditHandler): void {
    const set = this.handlers.get(scope) ?? new Set<SheetEditHandler>();
    set.add(handler);
    this.handlers.set(scope, set);
  }

  remove(scope: string, handler: SheetEditHandler): void {
    this.handlers.get(scope)?.delete(handler);
  }

  /** Every handler registered now, on any sheet (the preview counts them). */
  count(): number {
    let count = 0;
    for (const set of this.handlers.values()) count += set.size;
    return count;
  }

  /** Forgets every handler and the edits not yet told: the add-in's runtime that registered them ended. */
  clear(): void {
    this.handlers.clear();
    this.pending = [];
  }

  /** Keeps an edit for the handlers registered now; none registered: nothing is kept (nobody listens). */
  record(edit: SheetEdit): void {
    if (this.listening(edit.sheetId)) this.pending.push(edit);
  }

  /** The recorded edits paired with the handlers to tell, in order; the record is emptied. */
  drain(): EditDelivery[] {
    const edits = this.pending;
    this.pending = [];
    return edits.flatMap((edit) =>
      [...(this.handlers.get(edit.sheetId) ?? []), ...(this.handlers.get(EVERY_SHEET) ?? [])].map((handler) => ({ handler, edit })),
    );
  }

  private listening(sheetId: string): boolean {
    return (this.handlers.get(sheetId)?.size ?? 0) > 0 || (this.handlers.get(EVERY_SHEET)?.size ?? 0) > 0;
  }
}
