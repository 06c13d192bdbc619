/**
 * The remote Excel's client, the add-in's side: `Excel.run`, `Excel.RequestContext` and the enums as Office.js gives
 * them, over a transport to the process that owns the simulated workbook (node-remote-excel.ts starts one). Every
 * `context.sync()` sends the batch's recorded actions as one message (serialized once, as Office.js posts a batch)
 * and takes the answer in: loaded properties, null objects, ClientResult values, or the error, rethrown as the
 * `OfficeExtension.Error` (SimError) the simulation throws in process. Nothing here imports Node.
 */

import { SimClientResult } from '../batch/client-object';
import { ERROR_MESSAGES, SimError } from '../batch/errors';
import {
  CalculationMode,
  CalculationType,
  ClearApplyTo,
  DeleteShiftDirection,
  ErrorCodes,
  InsertShiftDirection,
  OfficeExtensionErrorCodes,
  RangeValueType,
  SheetVisibility,
} from '../proxies/enums';
import type { BatchAnswer, HostRequest, ObjectId, RecordedAction, WireError } from './protocol';
import { RemoteObjectState, stateOf, type Recorder } from './remote-object';

/** Sends one request to the host and resolves with its answer; rejects with the host's error (see toSimError). */
export interface RemoteTransport {
  send(request: HostRequest): Promise<unknown>;
}

/** The host's error as the client throws it: the same code, message and debugInfo as in process. */
export function toSimError(wire: WireError): SimError {
  const error = new SimError(wire.code, wire.message, wire.debugInfo.errorLocation);
  Object.assign(error.debugInfo, wire.debugInfo);
  return error;
}

/** Contexts whose `Excel.run` ended: the host forgets them with the next batch. */
class ReleasedContexts {
  private ids: number[] = [];
  add(id: number): void {
    this.ids.push(id);
  }
  take(): number[] {
    const ids = this.ids;
    this.ids = [];
    return ids;
  }
}

let nextContextId = 1;

/** `Excel.RequestContext` of the remote Excel. */
export class RemoteRequestContext implements Recorder {
  readonly id = nextContextId++;
  /** Office.js tracks objects across syncs; the host keeps every object of a context, so these are no-ops. */
  readonly trackedObjects = { add: (_objects: unknown): void => undefined, remove: (_objects: unknown): void => undefined };
  private readonly root: RemoteObjectState;
  private pending: RecordedAction[] = [];
  private awaiting = new Map<ObjectId, RemoteObjectState>();
  private nextObjectId = 1;

  constructor(
    private readonly transport: RemoteTransport,
    private readonly released: ReleasedContexts,
  ) {
    this.root = new RemoteObjectState(this, 0, true);
  }

  get context(): object {
    return this;
  }
  get workbook(): Excel.Workbook {
    return this.root.navigate('workbook', true).proxy as Excel.Workbook;
  }
  get application(): Excel.Application {
    return this.root.navigate('application', true).proxy as Excel.Application;
  }

  newId(): ObjectId {
    return this.nextObjectId++;
  }
  record(action: RecordedAction): void {
    this.pending.push(action);
  }
  awaitAnswer(state: RemoteObjectState): void {
    this.awaiting.set(state.id, state);
  }

  /** `context.load(object, option)`, same as `object.load(option)`. */
  load<T>(object: T, option?: unknown): T {
    const state = stateOf(object);
    if (state === undefined || state.recorder !== this) throw new SimError('InvalidRequestContext', ERROR_MESSAGES.InvalidRequestContext);
    state.load(option);
    return object;
  }

  /** Sends the recorded batch (also an empty one: the host records every sync, as the simulation does) and takes the answer in. */
  async sync<T>(passThroughValue?: T): Promise<T> {
    const actions = this.pending;
    const awaiting = this.awaiting;
    this.pending = [];
    this.awaiting = new Map();
    const answer = (await this.transport.send({ type: 'batch', context: this.id, actions, release: this.released.take() })) as BatchAnswer;
    for (const [id, loaded] of answer.loaded) awaiting.get(id)?.deliver(loaded);
    for (const [id, isNull] of answer.nulls) {
      const state = awaiting.get(id);
      if (state !== undefined) state.isNull = isNull;
    }
    for (const [id, value] of answer.results) awaiting.get(id)?.cache.set('value', value);
    return passThroughValue as T;
  }
}

type Batch<T> = (context: RemoteRequestContext) => Promise<T>;

export interface RemoteExcelGlobals {
  Excel: {
    run<T>(...args: unknown[]): Promise<T>;
    RequestContext: new () => RemoteRequestContext;
    SheetVisibility: typeof SheetVisibility;
    CalculationMode: typeof CalculationMode;
    CalculationType: typeof CalculationType;
    RangeValueType: typeof RangeValueType;
    ClearApplyTo: typeof ClearApplyTo;
    DeleteShiftDirection: typeof DeleteShiftDirection;
    InsertShiftDirection: typeof InsertShiftDirection;
    ErrorCodes: typeof ErrorCodes;
  };
  OfficeExtension: { Error: typeof SimError; ErrorCodes: typeof OfficeExtensionErrorCodes; ClientResult: typeof SimClientResult };
}

/** The globals Office.js provides, on a remote workbook. */
export function createRemoteExcelGlobals(transport: RemoteTransport): RemoteExcelGlobals {
  const released = new ReleasedContexts();
  /** `Excel.run` as the simulation's: a new context (or the given one's), a promise required, one sync after the batch. */
  const run = async <T>(...args: unknown[]): Promise<T> => {
    const batch = args[args.length - 1];
    if (typeof batch !== 'function') throw new SimError('InvalidArgument', ERROR_MESSAGES.InvalidArgument);
    const given = args.length > 1 ? contextOf(args[0]) : undefined;
    const context = given ?? new RemoteRequestContext(transport, released);
    try {
      const pending: unknown = (batch as Batch<T>)(context);
      if (!pending || typeof (pending as { then?: unknown }).then !== 'function') {
        throw new SimError('RunMustReturnPromise', ERROR_MESSAGES.RunMustReturnPromise);
      }
      const result = await (pending as Promise<T>);
      await context.sync();
      return result;
    } finally {
      if (given === undefined) released.add(context.id);
    }
  };
  return {
    Excel: {
      run,
      RequestContext: class extends RemoteRequestContext {
        constructor() {
          super(transport, released);
        }
      },
      SheetVisibility,
      CalculationMode,
      CalculationType,
      RangeValueType,
      ClearApplyTo,
      DeleteShiftDirection,
      InsertShiftDirection,
      ErrorCodes,
    },
    OfficeExtension: { Error: SimError, ErrorCodes: OfficeExtensionErrorCodes, ClientResult: SimClientResult },
  };
}

function contextOf(previous: unknown): RemoteRequestContext | undefined {
  const first = Array.isArray(previous) ? (previous as unknown[])[0] : previous;
  if (first instanceof RemoteRequestContext) return first;
  const context = stateOf(first)?.recorder;
  return context instanceof RemoteRequestContext ? context : undefined;
}

/** Sets the globals on `target` (globalThis); gives back their removal. */
export function installRemoteExcel(target: object, transport: RemoteTransport): { globals: RemoteExcelGlobals; uninstall(): void } {
  const globals = createRemoteExcelGlobals(transport);
  const slots = target as Record<string, unknown>;
  const names = ['Excel', 'OfficeExtension'] as const;
  const previous = names.map((name) => ({ name, had: name in target, value: slots[name] }));
  for (const name of names) slots[name] = globals[name];
  return {
    globals,
    uninstall() {
      for (const { name, had, value } of previous) {
        if (had) slots[name] = value;
        else delete slots[name];
      }
    },
  };
}
