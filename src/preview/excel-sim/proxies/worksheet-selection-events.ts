/**
 * `Worksheet.onSelectionChanged` (ExcelApi 1.7) as `OfficeExtension.EventHandlers<Excel.WorksheetSelectionChangedEventArgs>`:
 * `add(handler)` registers at the next sync and gives an `EventHandlerResult` whose `remove()` unregisters at the sync
 * after, as `onChanged` does (worksheet-changed-events.ts). The handler is called with `type`, `worksheetId` and the
 * selected `address` (without the sheet name) when the user selects cells (model/selection-events.ts).
 */

import { formatLocalAddress, type CellBox } from '../model/address';
import type { SelectionHandler } from '../model/selection-events';
import type { ActionQueue, ExecEnv } from './types';

export interface SimWorksheetSelectionChangedEventArgs {
  readonly type: 'WorksheetSelectionChanged';
  readonly worksheetId: string;
  readonly address: string;
}

export type WorksheetSelectionHandler = (args: SimWorksheetSelectionChangedEventArgs) => Promise<unknown>;

export class SimSelectionHandlerResult {
  constructor(
    readonly context: ActionQueue,
    private readonly events: SimWorksheetSelectionEvents,
    private readonly handler: WorksheetSelectionHandler,
  ) {}

  remove(): void {
    this.events.remove(this.handler);
  }
}

export class SimWorksheetSelectionEvents {
  private readonly registered = new Map<WorksheetSelectionHandler, SelectionHandler>();

  constructor(
    private readonly context: ActionQueue,
    private readonly objectPath: string,
    private readonly sheetIn: (env: ExecEnv) => string,
  ) {}

  add(handler: WorksheetSelectionHandler): SimSelectionHandlerResult {
    const modelHandler: SelectionHandler = (sheetId: string, box: CellBox) => {
      Promise.resolve()
        .then(() => handler({ type: 'WorksheetSelectionChanged', worksheetId: sheetId, address: formatLocalAddress(box) }))
        .catch((error: unknown) => console.error(error));
    };
    this.registered.set(handler, modelHandler);
    this.context.enqueue({
      wire: { ActionType: 'Method', Name: 'RegisterEventHandler', ObjectPath: this.objectPath, Arguments: ['onSelectionChanged'] },
      location: 'Worksheet.onSelectionChanged',
      run: (env) => env.state.selections.add(this.sheetIn(env), modelHandler),
    });
    return new SimSelectionHandlerResult(this.context, this, handler);
  }

  remove(handler: WorksheetSelectionHandler): void {
    const modelHandler = this.registered.get(handler);
    if (modelHandler === undefined) return;
    this.registered.delete(handler);
    this.context.enqueue({
      wire: { ActionType: 'Method', Name: 'UnregisterEventHandler', ObjectPath: this.objectPath, Arguments: ['onSelectionChanged'] },
      location: 'Worksheet.onSelectionChanged',
      run: (env) => env.state.selections.remove(this.sheetIn(env), modelHandler),
    });
  }
}
