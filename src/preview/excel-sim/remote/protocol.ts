/**
 * What crosses the process boundary between the add-in's remote Excel client (remote-client.ts) and the process that
 * owns the simulated workbook (remote-host.ts): plain data only, one message per `context.sync()` each way, as
 * Office.js posts each batch to Excel as one request and reads one response.
 */

import type { SimDebugInfo } from '../batch/errors';
import type { SyncRecord } from '../batch/payload';
import type { WorkbookSnapshot } from '../model/workbook-snapshot';

/** An object of a request context, by id: 0 is the context itself, ids above 0 the client's, below 0 the host's. */
export type ObjectId = number;

/** A client object passed as an argument (`tables.add(range, true)`). */
export interface ObjectArgument {
  $object: ObjectId;
}

/**
 * One step of product code on the Office.js objects, recorded in order: a navigation property read (`ws.tables`), a
 * method call (`tables.getItemOrNullObject("T")`, its result becomes object `id`), a property write, a `load`.
 * The host replays them on the simulation's own proxies, which queue the actions Office.js would.
 */
export type RecordedAction =
  | { op: 'get'; id: ObjectId; of: ObjectId; name: string }
  | { op: 'call'; id: ObjectId; of: ObjectId; name: string; args: unknown[] }
  | { op: 'set'; of: ObjectId; name: string; value: unknown }
  | { op: 'load'; of: ObjectId; option: unknown };

/** Loaded properties of an object after a sync: scalars, loaded navigation properties, a collection's items. */
export interface LoadedObject {
  props: Record<string, unknown>;
  isNull: boolean;
  nav?: Record<string, LoadedObject>;
  /** A collection's items, each a host object (negative id) the client can use in later batches. */
  items?: LoadedItem[];
}

export interface LoadedItem extends LoadedObject {
  id: ObjectId;
}

/** What a successful sync hands back. */
export interface BatchAnswer {
  /** Objects loaded in the batch, with what they hold now. */
  loaded: Array<[ObjectId, LoadedObject]>;
  /** `isNullObject` of the objects the batch's method calls made (readable after the sync without a load). */
  nulls: Array<[ObjectId, boolean]>;
  /** `ClientResult` values (`getCount()`) of the batch's method calls. */
  results: Array<[ObjectId, unknown]>;
}

/** `OfficeExtension.Error` as plain data. */
export interface WireError {
  code: string;
  message: string;
  debugInfo: SimDebugInfo;
}

/** The simulated workbook's own inspection, for tests (SimulatedWorkbook methods that return plain data). */
export const INSPECTIONS = ['values', 'formulas', 'numberFormats', 'tables', 'settings', 'columnWidths'] as const;
export type Inspection = (typeof INSPECTIONS)[number];

export type HostRequest =
  | { type: 'batch'; context: number; actions: RecordedAction[]; release: number[] }
  | { type: 'stats' }
  | { type: 'snapshot' }
  | { type: 'inspect'; method: Inspection; args: unknown[] };

export interface HostAnswers {
  batch: BatchAnswer;
  stats: SyncRecord[];
  snapshot: WorkbookSnapshot;
  inspect: unknown;
}

export interface HostEnvelope {
  seq: number;
  request: HostRequest;
}

export type HostReply = { seq: number; ok: true; value: unknown } | { seq: number; ok: false; error: WireError };

/** Navigation properties of the simulated Excel (a read gives a client object, not a value). */
export const NAVIGATION_NAMES: ReadonlySet<string> = new Set([
  'workbook',
  'application',
  'worksheets',
  'tables',
  'settings',
  'worksheet',
  'rows',
  'columns',
  'format',
  'font',
  'fill',
  'dataValidation',
  'freezePanes',
]);
