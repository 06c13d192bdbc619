/**
 * The worksheet proxy as a range or a table hands it out (`range.worksheet`, `table.worksheet`). A worksheet makes
 * ranges and, through its table collection, tables, so range.ts and table.ts sit below worksheet.ts: they name the
 * worksheet by this interface and make it through the factory worksheet.ts provides here when it loads.
 */

import type { SimClientObject } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { ActionQueue, ExecEnv } from './types';
import type { Visibility } from '../model/sheet-state';
import type { SheetBinding } from './bindings';

/** The members of SimWorksheet a range's or table's `worksheet` offers (SimWorksheet implements it). */
export interface WorksheetProxy extends SimClientObject<SheetBinding, WorkbookState> {
  readonly id: string;
  name: string;
  position: number;
  get visibility(): Visibility;
  set visibility(value: Excel.SheetVisibility | Visibility);
}

/** Makes a worksheet proxy: `origin` is the navigation property that made it (it queues the Instantiate action). */
export type WorksheetProxyFactory = (
  context: ActionQueue,
  objectPath: string,
  resolver: (env: ExecEnv) => SheetBinding | null,
  origin: string,
) => WorksheetProxy;

let factory: WorksheetProxyFactory | undefined;

/** Called once by worksheet.ts. */
export function provideWorksheetProxies(make: WorksheetProxyFactory): void {
  factory = make;
}

export function makeWorksheetProxy(
  context: ActionQueue,
  objectPath: string,
  resolver: (env: ExecEnv) => SheetBinding | null,
  origin: string,
): WorksheetProxy {
  if (factory === undefined) throw new Error('Excel simulation: proxies/worksheet.ts was not loaded, so no worksheet proxy can be made.');
  return factory(context, objectPath, resolver, origin);
}
