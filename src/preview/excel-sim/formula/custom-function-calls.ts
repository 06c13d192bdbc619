/**
 * The custom function calls of one workbook: Excel's side of `=NAMESPACE.NAME(...)`.
 *
 * - **Calls**: evaluating a formula that calls a custom function calls it (its arguments: custom-function-arguments.ts,
 *   then the invocation: custom-function-invocation.ts) and keeps what it gives per cell and call (function and
 *   argument values): later evaluations of the cell reuse it, so reading a cell does not call again; a call with other
 *   argument values (the inputs changed) is a new call, and the calls the cell's last evaluation did not make are
 *   dropped. A dropped call of a cancelable or streaming function is canceled (its `onCanceled` runs), as Excel
 *   cancels calls whose cell or arguments changed, or that a recalculation replaces.
 * - **Streaming** functions (functions.json `options.stream`) give their results through `invocation.setResult`,
 *   as often as they like (the return value is ignored); the cell is `#BUSY!` until the first one.
 * - **Async**: a function returning a promise (any thenable) leaves the cell `#BUSY!` until it settles; then the
 *   result is kept and the workbook tells its change listeners (`notify`), once for the results that land together.
 *   A function that returns a value is done at once (Excel shows `#BUSY!` briefly even then: not modelled).
 * - **Calculation**: Excel calculates every formula when it is entered, and again when its inputs change; the
 *   simulation evaluates on read, so after every change (a batch that wrote, a result landing, a function associated,
 *   a restore) `afterChange` evaluates each formula that names a function of the namespace: their calls start (or
 *   start again with new arguments) without waiting for something to read them, and their arrays spill.
 *   `recalculate('Full' | 'FullRebuild')` drops every kept result (the functions are called again), `'Recalculate'`
 *   only those of volatile functions (functions.json `options.volatile`).
 * - A function associated again (new code: the preview's pane reloaded) is called again.
 * - `settled()` resolves once no call is pending and the last results have been taken in.
 *
 * Results are not part of the workbook's content: a snapshot does not keep them, a restored workbook calls again.
 * Calls are kept per cell position: cells moved by row/column inserts and deletes call their functions again.
 */

import { formatAddress } from '../model/address';
import type { Evaluation } from '../model/cell';
import type { SheetState } from '../model/sheet-state';
import type { CalculationTypeValue, WorkbookState } from '../model/workbook-state';
import { arrayOperand } from './array-sheet';
import { customFunctionArguments } from './custom-function-arguments';
import { createInvocation } from './custom-function-invocation';
import type { CustomFunctionRegistry, Resolution } from './custom-function-registry';
import { returnedOutcome, thrownOutcome, type Outcome } from './custom-function-results';
import { FormulaError } from './lexer';
import type { Call, Operand } from './types';

interface Entry {
  id: string;
  /** Undefined while the call is pending. */
  outcome?: Outcome;
  /** While pending: settles (never rejects) once the first outcome is taken in or the call is dropped. */
  settled?: Promise<void>;
  /** Resolves `settled` (a streaming call's first result). */
  taken?: () => void;
  /** Set when the call was dropped: what it gives later is ignored. */
  dropped?: boolean;
  /** The invocation of a cancelable or streaming call: its `onCanceled` runs when the call is dropped. */
  cancelable?: CustomFunctions.CancelableInvocation;
}

/** A cell whose formula names a function of the namespace, and its calls by key (id and argument values). */
interface CellCalls {
  sheet: SheetState;
  row: number;
  column: number;
  entries: Map<string, Entry>;
}

/** One evaluation of a cell's formula: the calls it made (the others are dropped when it ends). */
interface Frame {
  sheet: SheetState;
  row: number;
  column: number;
  used: Set<string> | undefined;
}

function cellKey(sheet: SheetState, row: number, column: number): string {
  return `${sheet.id}\u0000${row}\u0000${column}`;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

export class CustomFunctionCalls {
  private readonly cells = new Map<string, CellCalls>();
  private readonly pending = new Set<Entry>();
  private readonly frames: Frame[] = [];
  private workbook: WorkbookState | undefined;
  /** Every sheet's formulas are to be searched for calls before the next pass (restore, recalculation, moved cells). */
  private rescan = false;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private notified: { promise: Promise<void>; resolve: () => void } | undefined;

  constructor(
    readonly registry: CustomFunctionRegistry,
    /** Tells the workbook's change listeners (the first of which is `afterChange`). */
    private readonly notify: () => void,
  ) {
    registry.onChange((replaced) => {
      if (replaced !== undefined) this.dropCalls((id) => id === replaced); // new code: called again
      this.scheduleNotify();
    });
  }

  /** The workbook whose formulas call (set once it exists: it is made with the engine that uses these calls). */
  attach(workbook: WorkbookState): void {
    this.workbook = workbook;
  }

  /** Runs the evaluation of a cell's formula, keeping the calls it makes and dropping those it no longer makes. */
  evaluating(sheet: SheetState, row: number, column: number, evaluate: () => Evaluation): Evaluation {
    if (this.registry.empty && this.cells.size === 0) return evaluate();
    const frame: Frame = { sheet, row, column, used: undefined };
    this.frames.push(frame);
    try {
      return evaluate();
    } finally {
      this.frames.pop();
      const cell = this.cells.size === 0 ? undefined : this.cells.get(cellKey(sheet, row, column));
      if (cell !== undefined) {
        for (const [key, entry] of cell.entries) {
          if (frame.used?.has(key) === true) continue;
          cell.entries.delete(key);
          this.discard(entry);
        }
      }
    }
  }

  /** A call of `name` in the formula being evaluated; undefined when the namespace has no such function. */
  invoke(name: string, call: Call): Operand | undefined {
    const resolution = this.registry.resolve(name);
    const frame = this.frames[this.frames.length - 1];
    if (resolution.kind === 'unknown' || frame === undefined) return undefined;
    const cell = this.known(frame.sheet, frame.row, frame.column);
    if (resolution.kind === 'waiting') throw new FormulaError('#BUSY!');
    const values = customFunctionArguments(call, resolution.metadata, resolution.implementation.length);
    const key = `${resolution.id}\u0000${JSON.stringify(values)}`;
    (frame.used ??= new Set()).add(key);
    const entry = cell.entries.get(key) ?? this.start(cell, key, resolution, values);
    const outcome = entry.outcome;
    if (outcome === undefined) throw new FormulaError('#BUSY!');
    if (outcome.kind === 'error') throw new FormulaError(outcome.code);
    return arrayOperand(outcome.rows);
  }

  private known(sheet: SheetState, row: number, column: number): CellCalls {
    const key = cellKey(sheet, row, column);
    let cell = this.cells.get(key);
    if (cell === undefined) {
      cell = { sheet, row, column, entries: new Map() };
      this.cells.set(key, cell);
    }
    return cell;
  }

  private start(cell: CellCalls, key: string, resolution: Extract<Resolution, { kind: 'ready' }>, values: unknown[]): Entry {
    const entry: Entry = { id: resolution.id };
    cell.entries.set(key, entry);
    const options = resolution.metadata?.options;
    const streaming = options?.stream === true;
    const address = formatAddress(cell.sheet.name, { row: cell.row, column: cell.column, rowCount: 1, columnCount: 1 });
    const invocation = createInvocation(resolution.id, options, address, (value) => this.streamed(entry, value));
    if (streaming || options?.cancelable === true) entry.cancelable = invocation;
    if (streaming) this.wait(entry);
    let returned: unknown;
    try {
      returned = (resolution.implementation as (...args: unknown[]) => unknown)(...values, invocation);
    } catch (thrown) {
      this.take(entry, thrownOutcome(thrown));
      return entry;
    }
    if (streaming) return entry;
    if (!isThenable(returned)) {
      entry.outcome = returnedOutcome(returned);
      return entry;
    }
    this.wait(entry);
    Promise.resolve(returned)
      .then(returnedOutcome, thrownOutcome)
      .then(
        (outcome) => this.take(entry, outcome),
        () => undefined,
      );
    return entry;
  }

  /** The call is pending (`#BUSY!`) until its first outcome is taken in. */
  private wait(entry: Entry): void {
    this.pending.add(entry);
    entry.settled = new Promise<void>((resolve) => {
      entry.taken = resolve;
    });
  }

  /** An outcome arrives (a promise settled, a stream's result): kept unless the call was dropped; listeners told. */
  private take(entry: Entry, outcome: Outcome): void {
    if (entry.dropped === true) return; // recalculated, other arguments, restored meanwhile
    entry.outcome = outcome;
    this.pending.delete(entry);
    entry.taken?.();
    this.scheduleNotify();
  }

  private streamed(entry: Entry, value: unknown): void {
    this.take(entry, returnedOutcome(value));
  }

  /** Drops a call: it is no longer pending, what it gives later is ignored, a cancelable call is canceled. */
  private discard(entry: Entry): void {
    if (entry.dropped === true) return;
    entry.dropped = true;
    this.pending.delete(entry);
    entry.taken?.();
    try {
      entry.cancelable?.onCanceled?.();
    } catch (error) {
      console.error(error); // the function's handler: never the calculation's failure
    }
  }

  /** Tells the change listeners soon, once for everything that happens before (results landing together). */
  private scheduleNotify(): void {
    if (this.notifyTimer !== undefined) return;
    let resolve = (): void => undefined;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    this.notified = { promise, resolve };
    this.notifyTimer = setTimeout(() => {
      const done = this.notified;
      this.notifyTimer = undefined;
      this.notified = undefined;
      try {
        this.notify();
      } finally {
        done?.resolve();
      }
    }, 0);
  }

  /** A formula was written into a cell: one naming a function of the namespace is calculated after the batch. */
  noteFormula(sheet: SheetState, row: number, column: number, formula: string): void {
    if (this.registry.mentions(formula)) this.known(sheet, row, column);
  }

  /** Cells moved: the calling cells are found again before the next pass. */
  cellsMoved(): void {
    if (this.cells.size > 0) this.rescan = true;
  }

  /**
   * Evaluates every formula that names a function of the namespace (a change listener of the workbook, run before the
   * others): calls start for new formulas and new argument values, arrays spill, dropped formulas are forgotten.
   */
  afterChange(): void {
    const workbook = this.workbook;
    if (workbook === undefined || (this.cells.size === 0 && !this.rescan)) return;
    if (this.rescan) {
      this.rescan = false;
      for (const sheet of workbook.sheets) {
        sheet.forEachFormula((row, column, formula) => this.noteFormula(sheet, row, column, formula));
      }
    }
    for (const [key, cell] of this.cells) {
      const content = workbook.sheets.includes(cell.sheet) ? cell.sheet.content(cell.row, cell.column) : null;
      if (content?.kind === 'Formula' && this.registry.mentions(content.formula)) cell.sheet.result(cell.row, cell.column);
      else this.drop(key, cell);
    }
  }

  private drop(key: string, cell: CellCalls): void {
    for (const entry of cell.entries.values()) this.discard(entry);
    this.cells.delete(key);
  }

  /** `Application.calculate`: Full and FullRebuild call every function again, Recalculate the volatile ones. */
  recalculate(type: CalculationTypeValue): void {
    this.dropCalls((id) => type !== 'Recalculate' || this.registry.isVolatile(id));
    if (type !== 'Recalculate') this.rescan = true;
  }

  /** Drops the kept calls of the functions `which` names (they are called again when next evaluated). */
  private dropCalls(which: (id: string) => boolean): void {
    for (const cell of this.cells.values()) {
      for (const [key, entry] of cell.entries) {
        if (!which(entry.id)) continue;
        cell.entries.delete(key);
        this.discard(entry);
      }
    }
  }

  /** The workbook's content was replaced (restore): nothing kept applies; its formulas are searched again. */
  reset(): void {
    for (const [key, cell] of this.cells) this.drop(key, cell);
    this.rescan = true;
  }

  /** Resolves once no call is pending and the results that landed have been taken in (and told). */
  async settled(): Promise<void> {
    for (;;) {
      const waits = [...this.pending].map((entry) => entry.settled);
      if (this.notified !== undefined) waits.push(this.notified.promise);
      if (waits.length === 0) return;
      await Promise.all(waits);
    }
  }

  /** The message of the `CustomFunctions.Error` the cell shows (evaluated now), if its function gave one. */
  errorMessage(sheet: SheetState, row: number, column: number): string | undefined {
    const result = sheet.result(row, column);
    if (result.kind !== 'Error') return undefined;
    for (const entry of this.cells.get(cellKey(sheet, row, column))?.entries.values() ?? []) {
      const outcome = entry.outcome;
      if (outcome?.kind === 'error' && outcome.code === result.value && outcome.message !== undefined) return outcome.message;
    }
    return undefined;
  }
}
