/**
 * Payload accounting. Excel on the web caps every request and every response at 5 MB
 * (`RequestPayloadSizeLimitExceeded` / `ResponsePayloadSizeLimitExceeded`) and reads at 5,000,000 cells.
 *
 * How Office.js sends a batch: at `sync()` the queued actions go to Excel on the web as one HTTP POST whose body is
 * the JSON of the request (`.../EwaInternalWebService.json/ExecuteRichApiRequest`, office-js #1314); the cap
 * weighs that body. The simulation does the same and measures nothing by formula: it serialises the queued actions
 * with `JSON.stringify` as one document `{"Actions":[...]}`, each action in the shape of Office.js's RichApi actions
 * (`{"Id","ActionType","Name","ObjectPath","Arguments"}`, the object path written as a short expression such as
 * `worksheets.getItem("Data").getRange("A1:C3")`), and the request size is the UTF-8 byte length of that text.
 * The response is `{"Results":[{"Id","Value"}...]}` with the loaded properties, measured the same way.
 * Real Office.js adds object-path records and some framing, so its payload is a little larger than ours for
 * the same batch: the data (values, formulas, formats) dominates either way. Keep a margin below the cap.
 *
 * This measure is the simulation's own (eslint keeps src/preview/excel-sim from importing the product): the Excel
 * host estimates its blocks' sizes without building their text (src/sync/json-bytes.ts), and the simulation judges
 * that estimate, so the two must never share code: one miscount would pass both sides.
 */

/**
 * "5 MB" read as 5,000,000 bytes: Microsoft's documentation does not say which megabyte, and the decimal one is the
 * smaller, so what passes here passes on the web under either reading (real Office.js's framing adds to it too).
 */
export const WEB_PAYLOAD_LIMIT_BYTES = 5_000_000;
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
 * BMP characters 3; a high surrogate followed by a low one: 4; a lone surrogate: 3, as the UTF-8 encoder writes
 * it (U+FFFD). JSON.stringify escapes lone surrogates, so JSON text only has pairs.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  NON_ASCII.lastIndex = 0;
  for (let match = NON_ASCII.exec(text); match !== null; match = NON_ASCII.exec(text)) {
    const at = match.index;
    const code = text.charCodeAt(at);
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      NON_ASCII.lastIndex = at + 2;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * UTF-8 bytes of the value as Office.js sends it: `JSON.stringify`, then its UTF-8 length. The text is built (a
 * sync's request can be megabytes of it: tens of milliseconds), so whatever JSON.stringify writes (escapes,
 * exponents, `null` for NaN, toJSON) is what is counted.
 */
export function jsonBytes(value: unknown): number {
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
  /**
   * When the simulation started executing the batch, as `performance.timeOrigin + performance.now()` (ms since the
   * epoch, comparable across frames): a benchmark subtracts the simulation's work from the page's long tasks.
   */
  startedAt: number;
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
