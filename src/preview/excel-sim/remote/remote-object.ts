/**
 * The client objects of the remote Excel (the add-in's side): JS `Proxy` objects shaped like Office.js's
 * (`context.workbook.tables.getItemOrNullObject("T").getDataBodyRange()`) that record what product code does to them
 * as plain data (protocol.ts's RecordedAction) and read back what a sync loaded. Which names are methods comes from
 * the simulation's proxy classes (so the two never disagree); navigation properties are protocol.ts's list; any other
 * name is a property: readable once loaded or written, PropertyNotLoaded before, undefined on a null object.
 */

import { propertyNotLoaded } from '../batch/errors';
import { SimApplication } from '../proxies/application';
import { SimDataValidation } from '../proxies/data-validation';
import { SimWorksheetFreezePanes } from '../proxies/freeze-panes';
import { SimRange } from '../proxies/range';
import { SimRangeFill, SimRangeFont, SimRangeFormat } from '../proxies/range-format';
import { SimRequestContext } from '../proxies/request-context';
import { SimSetting, SimSettingCollection } from '../proxies/settings';
import { SimTable } from '../proxies/table';
import { SimTableCollection } from '../proxies/table-collection';
import { SimTableColumn, SimTableColumnCollection } from '../proxies/table-columns';
import { SimTableRow, SimTableRowCollection } from '../proxies/table-rows';
import { SimWorkbook } from '../proxies/workbook';
import { SimWorksheet, SimWorksheetCollection } from '../proxies/worksheet';
import { NAVIGATION_NAMES, type LoadedObject, type ObjectId, type RecordedAction } from './protocol';

/** Names a client object answers itself (never recorded as a method or property). */
const OWN_NAMES = new Set(['load', 'toJSON', 'isNullObject', 'context', 'track', 'untrack', 'then']);

/** The methods of every simulated Excel class (what a client object's name is called as). */
export const METHOD_NAMES: ReadonlySet<string> = methodNames([
  SimApplication,
  SimDataValidation,
  SimWorksheetFreezePanes,
  SimRange,
  SimRangeFill,
  SimRangeFont,
  SimRangeFormat,
  SimRequestContext,
  SimSetting,
  SimSettingCollection,
  SimTable,
  SimTableCollection,
  SimTableColumn,
  SimTableColumnCollection,
  SimTableRow,
  SimTableRowCollection,
  SimWorkbook,
  SimWorksheet,
  SimWorksheetCollection,
]);

function methodNames(classes: ReadonlyArray<{ prototype: object }>): Set<string> {
  const names = new Set<string>();
  for (const cls of classes) {
    for (
      let proto: object | null = cls.prototype;
      proto !== null && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto) as object | null
    ) {
      for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
        if (typeof descriptor.value === 'function' && name !== 'constructor' && !OWN_NAMES.has(name)) names.add(name);
      }
    }
  }
  return names;
}

/** What a client object needs of its request context. */
export interface Recorder {
  readonly context: object;
  newId(): ObjectId;
  record(action: RecordedAction): void;
  /** The object waits for this batch's answer (it was loaded, or made by a method). */
  awaitAnswer(state: RemoteObjectState): void;
}

/** One client object's side of the wire: its id, what it holds, how the host reaches it. */
export class RemoteObjectState {
  readonly cache = new Map<string, unknown>();
  readonly navigation = new Map<string, RemoteObjectState>();
  readonly loadedNavigation = new Set<string>();
  isNull: boolean | undefined;
  readonly proxy: object;

  /** `origin`: the navigation property that gives this object, recorded when the object is first used. */
  constructor(
    readonly recorder: Recorder,
    readonly id: ObjectId,
    private recorded: boolean,
    private readonly origin?: { of: RemoteObjectState; name: string },
  ) {
    this.proxy = new Proxy({}, handler(this));
    states.set(this.proxy, this);
  }

  /** Records the navigation that gives this object, once, before its first use (parents first). */
  ensureRecorded(): void {
    if (this.recorded || this.origin === undefined) return;
    this.origin.of.ensureRecorded();
    this.recorder.record({ op: 'get', id: this.id, of: this.origin.of.id, name: this.origin.name });
    this.recorded = true;
  }

  /** A navigation property's object (the same on every read); recorded at once when product code reads it. */
  navigate(name: string, recordNow: boolean): RemoteObjectState {
    let state = this.navigation.get(name);
    if (state === undefined) {
      state = new RemoteObjectState(this.recorder, this.recorder.newId(), false, { of: this, name });
      this.navigation.set(name, state);
    }
    if (recordNow) state.ensureRecorded();
    return state;
  }

  call(name: string, args: unknown[]): object {
    this.ensureRecorded();
    const made = new RemoteObjectState(this.recorder, this.recorder.newId(), true);
    this.recorder.record({ op: 'call', id: made.id, of: this.id, name, args: args.map(encodeArgument) });
    this.recorder.awaitAnswer(made);
    return made.proxy;
  }

  set(name: string, value: unknown): void {
    this.ensureRecorded();
    this.recorder.record({ op: 'set', of: this.id, name, value });
    this.cache.set(name, value);
  }

  load(option: unknown): object {
    this.ensureRecorded();
    this.recorder.record({ op: 'load', of: this.id, option: option ?? null });
    this.recorder.awaitAnswer(this);
    return this.proxy;
  }

  /** Takes in what a sync loaded (items become objects the host already knows). */
  deliver(loaded: LoadedObject): void {
    this.isNull = loaded.isNull;
    for (const [name, value] of Object.entries(loaded.props)) this.cache.set(name, value);
    for (const [name, sub] of Object.entries(loaded.nav ?? {})) {
      this.navigate(name, false).deliver(sub);
      this.loadedNavigation.add(name);
    }
    if (loaded.items !== undefined) {
      this.cache.set(
        'items',
        loaded.items.map((item) => {
          const state = new RemoteObjectState(this.recorder, item.id, true);
          state.deliver(item);
          return state.proxy;
        }),
      );
    }
  }

  /** The loaded and written properties, like office.js's toJSON. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of this.cache)
      out[name] = name === 'items' ? (value as object[]).map((item) => stateOf(item)?.toJSON()) : value;
    for (const name of this.loadedNavigation) out[name] = this.navigation.get(name)?.toJSON();
    return out;
  }

  read(name: string): unknown {
    if (this.cache.has(name)) return this.cache.get(name);
    if (NAVIGATION_NAMES.has(name)) return this.navigate(name, true).proxy;
    if (METHOD_NAMES.has(name)) return (...args: unknown[]) => this.call(name, args);
    if (this.isNull === true) return undefined;
    throw propertyNotLoaded('', name);
  }
}

const states = new WeakMap<object, RemoteObjectState>();

export function stateOf(value: unknown): RemoteObjectState | undefined {
  return typeof value === 'object' && value !== null ? states.get(value) : undefined;
}

/** A client object passed as an argument goes as its id (recorded first, so the host knows it). */
function encodeArgument(arg: unknown): unknown {
  const state = stateOf(arg);
  if (state === undefined) return arg;
  state.ensureRecorded();
  return { $object: state.id };
}

function handler(state: RemoteObjectState): ProxyHandler<object> {
  return {
    get(_target, name) {
      if (typeof name === 'symbol' || name === 'then') return undefined;
      switch (name) {
        case 'context':
          return state.recorder.context;
        case 'load':
          return (option?: unknown) => state.load(option);
        case 'toJSON':
          return () => state.toJSON();
        case 'track':
        case 'untrack':
          return () => state.proxy;
        case 'isNullObject':
          if (state.isNull === undefined) throw propertyNotLoaded('', 'isNullObject');
          return state.isNull;
        default:
          return state.read(name);
      }
    },
    set(_target, name, value) {
      if (typeof name === 'symbol') return false;
      state.set(name, value);
      return true;
    },
  };
}
