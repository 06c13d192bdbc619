/**
 * The batch machinery (batch/client-object.ts) as the Excel proxies use it: every batch runs on the workbook model.
 */

import type { ActionQueue as BatchActionQueue, ExecEnv as BatchExecEnv, SimClientObject } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';

/** What a proxy's action sees at sync: the workbook model as `state`. */
export type ExecEnv = BatchExecEnv<WorkbookState>;
/** The request context as the proxies queue their actions on it. */
export type ActionQueue = BatchActionQueue<WorkbookState>;
/** Any Excel proxy (the target of a navigation property, an item of a collection). */
export type AnyProxy = SimClientObject<unknown, WorkbookState>;
