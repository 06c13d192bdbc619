/**
 * The request context's batch machinery (office.js's `OfficeExtension.ClientRequestContext`) and the batch engine
 * behind `context.sync()`. `Excel.RequestContext` (proxies/request-context.ts) adds the workbook proxy to it.
 *
 * Batch semantics (as office.js / Excel):
 * - every write and method call is queued; `sync()` takes the queue as it is when called and sends it;
 * - the request is measured first (see payload.ts); over the cap it fails with
 *   `RequestPayloadSizeLimitExceeded` and *nothing* of the batch is applied;
 * - actions run in order; the first failing one rejects the sync with its error (located in
 *   `debugInfo.errorLocation`); actions before it stay applied (Excel does not roll back), actions after it
 *   are not applied, and no loaded value of that batch reaches the proxies;
 * - the response (loaded values) is measured; over the cap the sync fails with
 *   `ResponsePayloadSizeLimitExceeded` (writes of the batch stay applied, loaded values are not delivered).
 */

import { SimClientObject, type ActionQueue, type ExecEnv, type QueuedAction } from './client-object';
import { ERROR_MESSAGES, SimError } from './errors';
import { jsonBytes, type SyncRecord, type SyncStats, type WireAction } from './payload';
import { statementInfo } from './statements';

/** What the engine reads of the state it runs batches on (for the sync's record). */
export interface BatchState {
  readonly calculationMode: string;
}

export interface EngineLimits {
  /** Request and response cap in bytes; `Infinity` for desktop. */
  payloadLimitBytes: number;
  /** Cells a single read may return. */
  maxReadCells: number;
  /** Delay awaited by every sync that sends actions (see SimulatedWorkbookOptions.syncLatencyMs); 0: none. */
  syncLatencyMs?: number;
  /** How a sync without latency waits before its batch runs (see SimulatedWorkbookOptions.syncYield). */
  syncYield?: 'microtask' | 'task';
}

export class BatchEngine<S extends BatchState> {
  /** Called after every sync that ran an action that may change the state (even when a later action failed). */
  private readonly changeListeners = new Set<() => void>();

  constructor(
    readonly state: S,
    readonly stats: SyncStats,
    readonly limits: EngineLimits,
  ) {}

  /** Registers a listener for syncs that changed the state; returns its removal. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  }

  /** Tells the change listeners (after a batch that wrote, or when the whole state was replaced). */
  notifyChange(): void {
    for (const listener of [...this.changeListeners]) {
      try {
        listener();
      } catch (error) {
        // A listener (the preview's view) must never fail the batch that changed the workbook.
        console.error(error);
      }
    }
  }

  /**
   * Runs a batch. `answer` (optional) is handed its response's results (the loaded values by action id, as office.js
   * receives them) when the batch succeeds.
   */
  execute(actions: QueuedAction<S>[], answer?: (results: ReadonlyArray<{ Id: number; Value: unknown }>) => void): void {
    // Nothing queued: office.js sends no request (`syncPrivate` returns when the batch has no actions), so there is
    // no round trip to record.
    if (actions.length === 0) {
      answer?.([]);
      return;
    }
    const started = performance.now();
    const record: SyncRecord = {
      index: this.stats.syncs.length + 1,
      actionCount: actions.length,
      requestBytes: jsonBytes({ Actions: actions.map((a) => a.wire) }),
      responseBytes: 0,
      calculationSuspended: false,
      screenUpdatingSuspended: false,
      calculationMode: this.state.calculationMode,
      executeMs: 0,
      startedAt: performance.timeOrigin + started,
    };
    this.stats.syncs.push(record);
    const progress = { wrote: false };
    try {
      const results = this.run(actions, record, progress);
      answer?.(results);
    } finally {
      record.executeMs = performance.now() - started;
      if (progress.wrote) this.notifyChange();
    }
  }

  private run(actions: QueuedAction<S>[], record: SyncRecord, progress: { wrote: boolean }): ReadonlyArray<{ Id: number; Value: unknown }> {
    const fail = (error: SimError): never => {
      record.errorCode = error.code;
      throw error;
    };
    if (record.requestBytes > this.limits.payloadLimitBytes) {
      fail(new SimError('RequestPayloadSizeLimitExceeded', ERROR_MESSAGES.RequestPayloadSizeLimitExceeded));
    }
    const env: ExecEnv<S> = {
      state: this.state,
      maxReadCells: this.limits.maxReadCells,
      results: [],
      commits: [],
      bound: new Set(),
      calculationSuspended: false,
      screenUpdatingSuspended: false,
    };
    try {
      for (let index = 0; index < actions.length; index += 1) {
        const action = actions[index] as QueuedAction<S>;
        if (action.writes === true) progress.wrote = true;
        try {
          action.run(env, action.wire.Id);
        } catch (error) {
          const simError =
            error instanceof SimError ? error : new SimError('GeneralException', error instanceof Error ? error.message : String(error));
          fail(simError.at(action.location, statementInfo(actions, index)));
        }
      }
    } finally {
      record.calculationSuspended = env.calculationSuspended;
      record.screenUpdatingSuspended = env.screenUpdatingSuspended;
    }
    record.responseBytes = jsonBytes({ Results: env.results });
    if (record.responseBytes > this.limits.payloadLimitBytes) {
      fail(new SimError('ResponsePayloadSizeLimitExceeded', ERROR_MESSAGES.ResponsePayloadSizeLimitExceeded));
    }
    for (const commit of env.commits) commit();
    for (const object of env.bound) object.markSynced();
    return env.results;
  }
}

/** The request context without its workbook: the queue of actions, `load`, `sync`. */
export class ClientRequestContext<S extends BatchState> implements ActionQueue<S> {
  /** Office.js tracks objects across syncs; the simulation keeps every proxy bound, so these are no-ops. */
  readonly trackedObjects = { add: (_objects: unknown): void => undefined, remove: (_objects: unknown): void => undefined };
  private pending: QueuedAction<S>[] = [];
  private nextId = 1;
  /** True while a sync runs its batch and delivers the results: proxies made then queue nothing. */
  private processingResult = false;
  /** The results of this context's last successful sync (empty before one): what the remote Excel's host answers. */
  private lastResults: ReadonlyArray<{ Id: number; Value: unknown }> = [];

  constructor(private readonly engine: BatchEngine<S>) {}

  /** The id of the action queued last (the remote Excel's host pairs a load with its result by it). */
  get lastActionId(): number {
    return this.nextId - 1;
  }

  /** The loaded values of the last sync, by action id (empty when it failed). */
  get lastSyncResults(): ReadonlyArray<{ Id: number; Value: unknown }> {
    return this.lastResults;
  }

  /**
   * The Instantiate action office.js queues for every new proxy (ClientObject constructor): at sync it binds the
   * proxy, failing the sync when its object does not exist (located at the method that made it) and setting
   * `isNullObject`. Not while results are processed (items of a loaded collection), as in office.js. Its wire
   * form is small, like office.js's (`{"Id","ActionType":1,"Name":"","ObjectPathId"}`): the path itself is
   * counted in the actions that use the proxy (see payload.ts).
   */
  instantiate(object: SimClientObject<unknown, S>, location: string): void {
    if (this.processingResult) return;
    this.enqueue({
      wire: { ActionType: 'Instantiate', Name: '', ObjectPath: '' },
      location,
      instantiates: object.objectPath,
      run: (env) => {
        object.bindIn(env);
      },
    });
  }

  enqueue(action: {
    wire: Omit<WireAction, 'Id'>;
    location: string;
    instantiates?: string;
    writes?: boolean;
    run(env: ExecEnv<S>, id: number): void;
  }): void {
    const id = this.nextId;
    this.nextId += 1;
    const queued: QueuedAction<S> = { wire: { Id: id, ...action.wire }, location: action.location, run: action.run };
    if (action.instantiates !== undefined) queued.instantiates = action.instantiates;
    if (action.writes === true) queued.writes = true;
    this.pending.push(queued);
  }

  /** `context.load(object, option)`, same as `object.load(option)`. */
  load<T extends SimClientObject<unknown, S>>(object: T, option?: Parameters<T['load']>[0]): T {
    if (object.context !== this) throw new SimError('InvalidRequestContext', ERROR_MESSAGES.InvalidRequestContext);
    return object.load(option);
  }

  /** Sends the queued actions; resolves with `passThroughValue` like office.js. */
  async sync<T>(passThroughValue?: T): Promise<T> {
    const batch = this.pending;
    this.pending = [];
    const latency = this.engine.limits.syncLatencyMs ?? 0;
    if (latency > 0 && batch.length > 0) await new Promise<void>((resolve) => setTimeout(resolve, latency));
    else if (this.engine.limits.syncYield === 'task' && batch.length > 0) await nextTask();
    else await Promise.resolve();
    this.processingResult = true;
    this.lastResults = [];
    try {
      this.engine.execute(batch, (results) => {
        this.lastResults = results;
      });
    } finally {
      this.processingResult = false;
    }
    return passThroughValue as T;
  }

  /** Actions queued since the last sync (for the preview's diagnostics). */
  get pendingActionCount(): number {
    return this.pending.length;
  }
}

/** A macrotask later: a MessageChannel message (no timer clamping in browsers), or a timer where there is none. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
