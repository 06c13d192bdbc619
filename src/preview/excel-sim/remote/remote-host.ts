/**
 * The Excel side of the remote Excel: owns one simulated workbook and replays each batch a client recorded
 * (protocol.ts) on the simulation's own proxies, in the order product code made the calls, so the simulation queues
 * exactly the actions it queues in process; then syncs and answers with what the batch loaded, or the error. Runs in
 * a process of its own (host-process.ts); nothing here imports Node.
 */

import { SimClientObject, SimClientResult } from '../batch/client-object';
import { SimError } from '../batch/errors';
import type { SimRequestContext } from '../proxies/request-context';
import type { SimulatedWorkbook } from '../simulated-workbook';
import {
  NAVIGATION_NAMES,
  type BatchAnswer,
  type HostRequest,
  type LoadedObject,
  type ObjectArgument,
  type ObjectId,
  type RecordedAction,
  type WireError,
} from './protocol';

type AnyObject = SimClientObject<unknown, unknown>;

/** One request context of a client: its simulated context and every object the client named. */
class HostContext {
  readonly objects = new Map<ObjectId, unknown>();
  private nextHostId = -1;

  constructor(readonly context: SimRequestContext) {
    this.objects.set(0, context);
  }

  /** A host object (a loaded collection's item) under a new id the client may use later. */
  register(object: unknown): ObjectId {
    const id = this.nextHostId;
    this.nextHostId -= 1;
    this.objects.set(id, object);
    return id;
  }

  object(id: ObjectId): Record<string, unknown> {
    const object = this.objects.get(id);
    if (object === undefined) throw new SimError('InvalidObjectPath', `The remote Excel knows no object ${id} in this request context.`);
    return object as Record<string, unknown>;
  }
}

const isObjectArgument = (value: unknown): value is ObjectArgument =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as ObjectArgument).$object === 'number';

export class RemoteHost {
  private readonly contexts = new Map<number, HostContext>();

  constructor(readonly workbook: SimulatedWorkbook) {}

  /** Answers one request of a client (a rejection carries a WireError). */
  async handle(request: HostRequest): Promise<unknown> {
    switch (request.type) {
      case 'batch':
        for (const id of request.release) this.contexts.delete(id);
        return this.batch(request.context, request.actions);
      case 'stats':
        return this.workbook.stats.syncs;
      case 'snapshot':
        return this.workbook.snapshot();
      case 'inspect': {
        const method = this.workbook[request.method] as (...args: unknown[]) => unknown;
        return method.apply(this.workbook, request.args);
      }
    }
  }

  /** Replays a batch, syncs it and reads back what it loaded. */
  async batch(contextId: number, actions: readonly RecordedAction[]): Promise<BatchAnswer> {
    const host = this.contextOf(contextId);
    /** Each load's action id in the simulation's batch, with the object loaded. */
    const loads = new Map<number, ObjectId>();
    const made: ObjectId[] = [];
    try {
      for (const action of actions) replay(host, action, loads, made);
    } catch (error) {
      // Part of the batch is queued: a fresh context drops it (the client's later batches on this context fail).
      this.contexts.delete(contextId);
      throw error;
    }
    await host.context.sync();
    return answer(host, loads, made);
  }

  private contextOf(id: number): HostContext {
    let host = this.contexts.get(id);
    if (host === undefined) {
      host = new HostContext(this.workbook.createContext());
      this.contexts.set(id, host);
    }
    return host;
  }
}

/** One recorded step, made again on the simulation's proxies. */
function replay(host: HostContext, action: RecordedAction, loads: Map<number, ObjectId>, made: ObjectId[]): void {
  const target = host.object(action.of);
  switch (action.op) {
    case 'get':
      host.objects.set(action.id, target[action.name]);
      return;
    case 'call': {
      const method = target[action.name];
      if (typeof method !== 'function') throw new SimError('InvalidArgument', `The remote Excel has no method '${action.name}'.`);
      const args = action.args.map((arg) => (isObjectArgument(arg) ? host.object(arg.$object) : arg));
      host.objects.set(action.id, (method as (...a: unknown[]) => unknown).apply(target, args));
      made.push(action.id);
      return;
    }
    case 'set':
      target[action.name] = action.value;
      return;
    case 'load':
      (target as unknown as AnyObject).load(action.option as Parameters<AnyObject['load']>[0]);
      loads.set(host.context.lastActionId, action.of);
  }
}

function answer(host: HostContext, loads: ReadonlyMap<number, ObjectId>, made: readonly ObjectId[]): BatchAnswer {
  const result: BatchAnswer = { loaded: [], nulls: [], results: [] };
  const values = new Map(host.context.lastSyncResults.map((r) => [r.Id, r.Value]));
  for (const [actionId, id] of loads) {
    result.loaded.push([id, describe(host, host.objects.get(id) as AnyObject, values.get(actionId))]);
  }
  for (const id of made) {
    const object = host.objects.get(id);
    if (object instanceof SimClientResult) result.results.push([id, (object as SimClientResult<unknown>).value]);
    else if (object instanceof SimClientObject) {
      const isNull = nullFlag(object as AnyObject);
      if (isNull !== undefined) result.nulls.push([id, isNull]);
    }
  }
  return result;
}

function nullFlag(object: AnyObject): boolean | undefined {
  try {
    return object.isNullObject;
  } catch {
    return undefined;
  }
}

/**
 * A load's response value as the client needs it: the scalars as they are, the navigation properties and a
 * collection's items taken apart, each item under a host id the client can use in later batches.
 */
function describe(host: HostContext, object: AnyObject, value: unknown): LoadedObject {
  if (value === null || typeof value !== 'object') return { props: {}, isNull: true };
  const loaded: LoadedObject = { props: {}, isNull: false };
  for (const [name, part] of Object.entries(value as Record<string, unknown>)) {
    if (name === 'items' && Array.isArray(part)) {
      const items = (object as unknown as { items: AnyObject[] }).items;
      loaded.items = items.map((item, index) => ({ id: host.register(item), ...describe(host, item, part[index]) }));
    } else if (NAVIGATION_NAMES.has(name)) {
      loaded.nav ??= {};
      loaded.nav[name] = describe(host, (object as unknown as Record<string, AnyObject>)[name] as AnyObject, part);
    } else loaded.props[name] = part;
  }
  return loaded;
}

/** An error as the client rebuilds it (`OfficeExtension.Error`'s fields). */
export function wireError(error: unknown): WireError {
  if (error instanceof SimError) return { code: error.code, message: error.message, debugInfo: error.debugInfo };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'GeneralException', message, debugInfo: { code: 'GeneralException', message } };
}
