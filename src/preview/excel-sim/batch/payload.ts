/**
 * Payload accounting. Excel on the web caps every request and every response at 5 MB
 * (`RequestPayloadSizeLimitExceeded` / `ResponsePayloadSizeLimitExceeded`) and reads at 5,000,000 cells.
 *
 * How the sim measures: at `sync()` the queued actions are serialised as one JSON document
 * `{"Actions":[...]}`, each action in the shape of Office.js's RichApi actions
 * (`{"Id","ActionType","Name","ObjectPath","Arguments"}`, the object path written as a short expression such as
 * `worksheets.getItem("Data").getRange("A1:C3")`); the request size is the UTF-8 byte length of that JSON.
 * The response is `{"Results":[{"Id","Value"}...]}` with the loaded properties, measured the same way.
 * Real Office.js adds object-path records and some framing, so its payload is a little larger than ours for
 * the same batch: the data (values, formulas, formats) dominates either way. Keep a margin below the cap.
 */

import { numberJsonBytes, stringJsonBytes } from '../../../sync/json-bytes';

export const WEB_PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
export const MAX_READ_CELLS = 5_000_000;

export interface WireAction {
  Id: number;
  ActionType: 'SetProperty' | 'Method' | 'Query' | 'Instantiate';
  Name: string;
  ObjectPath: string;
  Arguments?: unknown[];
}

const NON_ASCII = /[\u0080-\uffff]/g;

/**
 * UTF-8 length of a string: its length (one byte per UTF-16 unit) plus the extra bytes of the non-ASCII units,
 * found with a regular expression so ASCII text is not walked in JavaScript. U+0080-U+07FF: 2 bytes, other
 * BMP characters 3; a high surrogate and the unit after it: 4 (JSON.stringify escapes lone surrogates, so
 * JSON text only has pairs).
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  NON_ASCII.lastIndex = 0;
  for (let match = NON_ASCII.exec(text); match !== null; match = NON_ASCII.exec(text)) {
    const at = match.index;
    const code = text.charCodeAt(at);
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff) {
      if (at + 1 < text.length) {
        bytes += 2;
        NON_ASCII.lastIndex = at + 2;
      } else bytes += 3;
    } else bytes += 2;
  }
  return bytes;
}

/** Marks a value the walker leaves to JSON.stringify (toJSON, wrapper objects, class instances, BigInt, cycles). */
const UNSUPPORTED = -1;

/**
 * UTF-8 bytes JSON.stringify would give the value, or UNSUPPORTED. `undefined` for values JSON.stringify leaves
 * out (undefined, functions, symbols). Walks plain objects and arrays only.
 */
function walk(value: unknown, ancestors: object[]): number | undefined {
  switch (typeof value) {
    case 'string':
      return stringJsonBytes(value);
    case 'number':
      return numberJsonBytes(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'bigint':
      return UNSUPPORTED;
    default:
      break;
  }
  if (value === null) return 4;
  const object = value as object;
  if (ancestors.includes(object)) return UNSUPPORTED;
  if (Array.isArray(object)) {
    ancestors.push(object);
    const items = object as unknown[];
    let bytes = 2 + Math.max(0, items.length - 1);
    for (let i = 0; i < items.length; i += 1) {
      const item = walk(items[i], ancestors);
      if (item === UNSUPPORTED) return UNSUPPORTED;
      bytes += item ?? 4; // left out in an array: null
    }
    ancestors.pop();
    return bytes;
  }
  const prototype: unknown = Object.getPrototypeOf(object);
  if ((prototype !== Object.prototype && prototype !== null) || typeof (object as { toJSON?: unknown }).toJSON === 'function') return UNSUPPORTED;
  ancestors.push(object);
  const record = object as Record<string, unknown>;
  let bytes = 2;
  let members = 0;
  for (const key of Object.keys(record)) {
    const member = walk(record[key], ancestors);
    if (member === UNSUPPORTED) return UNSUPPORTED;
    if (member === undefined) continue;
    bytes += stringJsonBytes(key) + 1 + member;
    members += 1;
  }
  ancestors.pop();
  return bytes + Math.max(0, members - 1);
}

/**
 * UTF-8 length of `JSON.stringify(value)`, without building the text for plain data (a sync's request is
 * megabytes of it); anything else is measured on the text itself. Always the same figure as the text's.
 */
export function jsonBytes(value: unknown): number {
  const walked = walk(value, []);
  if (walked !== undefined && walked !== UNSUPPORTED) return walked;
  return utf8Length(JSON.stringify(value) ?? '');
}

/** One `context.sync()` as the simulation saw it. */
export interface SyncRecord {
  /** 1-based, in the order the workbook received them. */
  index: number;
  actionCount: number;
  requestBytes: number;
  /** 0 when the request was refused before execution. */
  responseBytes: number;
  /** Error code when the sync failed. */
  errorCode?: string;
  /** `application.suspendApiCalculationUntilNextSync()` was queued in this batch. */
  calculationSuspended: boolean;
  /** `application.suspendScreenUpdatingUntilNextSync()` was queued in this batch. */
  screenUpdatingSuspended: boolean;
  /** `application.calculationMode` while the batch ran. */
  calculationMode: string;
  /**
   * Milliseconds the simulation spent on the batch (measuring, running the actions, answering). Real Excel does
   * this work in its own process; here it runs on the caller's thread, so benchmarks report it apart.
   */
  executeMs: number;
}

export class SyncStats {
  readonly syncs: SyncRecord[] = [];

  get syncCount(): number {
    return this.syncs.length;
  }

  get largestRequestBytes(): number {
    return this.syncs.reduce((max, s) => Math.max(max, s.requestBytes), 0);
  }

  get totalRequestBytes(): number {
    return this.syncs.reduce((sum, s) => sum + s.requestBytes, 0);
  }

  /** Milliseconds the simulation spent executing batches (see SyncRecord.executeMs). */
  get totalExecuteMs(): number {
    return this.syncs.reduce((sum, s) => sum + s.executeMs, 0);
  }

  get failedSyncs(): SyncRecord[] {
    return this.syncs.filter((s) => s.errorCode !== undefined);
  }

  reset(): void {
    this.syncs.length = 0;
  }
}
