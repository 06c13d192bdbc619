/**
 * `Worksheet.onChanged` (ExcelApi 1.7) and `WorksheetCollection.onChanged` (ExcelApi 1.9) as
 * `OfficeExtension.EventHandlers<Excel.WorksheetChangedEventArgs>`: `add(handler)` registers at the next sync (an
 * action like any other: a failing sync before it registers nothing) and gives an `EventHandlerResult` whose
 * `remove()` unregisters at the sync after. Handlers are called asynchronously after the batch (or the user's edit)
 * that changed cells, one call per change, as Excel sends events: see model/worksheet-events.ts and
 * SimulatedWorkbook.dispatchEdits.
 */

import { formatLocalAddress } from '../model/address';
import type { SheetEdit, SheetEditHandler } from '../model/worksheet-events';
import type { ActionQueue, ExecEnv } from './types';

/** What `getRange(ctx)` needs of the request context (`Excel.RequestContext`). */
interface RangeSource<R> {
  workbook: { worksheets: { getItem(key: string): { getRange(address?: string): R; getRangeOrNullObject?(address?: string): R } } };
}

/** `Excel.WorksheetChangedEventArgs` as the simulation gives it (`details` and `changeDirectionState` are not modelled). */
export interface SimWorksheetChangedEventArgs {
  readonly type: 'WorksheetChanged';
  readonly worksheetId: string;
  /** The changed cells, without the sheet name (`B2`, `A1:C3`). */
  readonly address: string;
  readonly changeType: 'RangeEdited';
  readonly source: 'Local';
  readonly triggerSource: SheetEdit['triggerSource'];
  getRange<R>(ctx: RangeSource<R>): R;
  getRangeOrNullObject<R>(ctx: RangeSource<R>): R;
}

export type WorksheetChangedHandler = (args: SimWorksheetChangedEventArgs) => Promise<unknown>;

export function changedEventArgs(edit: SheetEdit): SimWorksheetChangedEventArgs {
  const address = formatLocalAddress(edit.box);
  return {
    type: 'WorksheetChanged',
    worksheetId: edit.sheetId,
    address,
    changeType: 'RangeEdited',
    source: 'Local',
    triggerSource: edit.triggerSource,
    getRange: (ctx) => ctx.workbook.worksheets.getItem(edit.sheetId).getRange(address),
    getRangeOrNullObject: (ctx) => {
      const sheet = ctx.workbook.worksheets.getItem(edit.sheetId);
      return sheet.getRangeOrNullObject ? sheet.getRangeOrNullObject(address) : sheet.getRange(address);
    },
  };
}

/** `OfficeExtension.EventHandlerResult`. */
export class SimEventHandlerResult {
  constructor(
    readonly context: ActionQueue,
    private readonly handlers: SimWorksheetChangedEvents,
    private readonly handler: WorksheetChangedHandler,
  ) {}

  remove(): void {
    this.handlers.remove(this.handler);
  }
}

/** `OfficeExtension.EventHandlers<Excel.WorksheetChangedEventArgs>` of one worksheet or of the collection. */
export class SimWorksheetChangedEvents {
  /** The model's handler standing for each handler added (so `remove(handler)` finds it). */
  private readonly registered = new Map<WorksheetChangedHandler, SheetEditHandler>();

  /** `scopeIn` names what the events cover at sync: the worksheet's id, or EVERY_SHEET for the collection. */
  constructor(
    private readonly context: ActionQueue,
    private readonly objectPath: string,
    private readonly owner: string,
    private readonly scopeIn: (env: ExecEnv) => string,
  ) {}

  add(handler: WorksheetChangedHandler): SimEventHandlerResult {
    const modelHandler: SheetEditHandler = (edit) => {
      // A handler's failure is the add-in's: Excel carries on (and so does the simulation).
      Promise.resolve()
        .then(() => handler(changedEventArgs(edit)))
        .catch((error: unknown) => console.error(error));
    };
    this.registered.set(handler, modelHandler);
    this.context.enqueue({
      wire: { ActionType: 'Method', Name: 'RegisterEventHandler', ObjectPath: this.objectPath, Arguments: ['onChanged'] },
      location: `${this.owner}.onChanged`,
      run: (env) => env.state.events.add(this.scopeIn(env), modelHandler),
    });
    return new SimEventHandlerResult(this.context, this, handler);
  }

  remove(handler: WorksheetChangedHandler): void {
    const modelHandler = this.registered.get(handler);
    if (modelHandler === undefined) return;
    this.registered.delete(handler);
    this.context.enqueue({
      wire: { ActionType: 'Method', Name: 'UnregisterEventHandler', ObjectPath: this.objectPath, Arguments: ['onChanged'] },
      location: `${this.owner}.onChanged`,
      run: (env) => env.state.events.remove(this.scopeIn(env), modelHandler),
    });
  }
}
