/**
 * The base of every simulated proxy, after office.js's ClientObject:
 * - methods and property writes are queued on the request context and applied in order at `sync()`;
 * - a property write also updates the proxy's local copy at once, so reading it back *without* a sync
 *   returns what was written (not what Excel will make of it), exactly as office.js does;
 * - reading a property that was neither loaded (and synced) nor written throws `PropertyNotLoaded`;
 * - a proxy created by a method (`getItem`, `getRange`, ...) or a navigation property (`ws.tables`, first access)
 *   queues an Instantiate action, as office.js's ClientObject constructor does: the next sync binds it to its
 *   workbook object, so `getItem` of a missing item fails that sync (ItemNotFound, located at
 *   `WorksheetCollection.getItem`) even when nothing else uses the proxy, and `isNullObject` of an
 *   `...OrNullObject` proxy is readable after it without a `load()`. Proxies made while a sync delivers its
 *   results (items of a loaded collection) queue nothing. A proxy stays bound across syncs;
 * - navigation properties return the same proxy on every access, and `load()` follows paths through them
 *   (`load('address, worksheet/name')`, `tables.load('items/worksheet/name')`, `{ select, expand }`).
 */

import { invalidArgument, propertyNotLoaded, SimError } from './errors';
import { parseLoadOption, splitNavigation, type LoadOption } from './load-options';
import type { WireAction } from './payload';

/**
 * What an action sees while its batch executes. `S` is the state the batch runs on (the Excel proxies: the
 * workbook model); the batch machinery itself never looks into it.
 */
export interface ExecEnv<S> {
  readonly state: S;
  readonly maxReadCells: number;
  readonly results: Array<{ Id: number; Value: unknown }>;
  readonly commits: Array<() => void>;
  readonly bound: Set<SimClientObject<unknown, S>>;
  calculationSuspended: boolean;
  screenUpdatingSuspended: boolean;
}

export interface QueuedAction<S> {
  wire: WireAction;
  /** `debugInfo.errorLocation` when this action fails, e.g. `Range.values`. */
  location: string;
  /** For an Instantiate action: the path of the proxy it binds (for debugInfo statements). */
  instantiates?: string;
  /** The action may change the state (a property write or a method that is not a read): see BatchEngine.onChange. */
  writes?: boolean;
  run(env: ExecEnv<S>, id: number): void;
}

/** The part of the request context proxies need. */
export interface ActionQueue<S> {
  enqueue(action: {
    wire: Omit<WireAction, 'Id'>;
    location: string;
    instantiates?: string;
    writes?: boolean;
    run(env: ExecEnv<S>, id: number): void;
  }): void;
  /** Queues the Instantiate action of a new proxy (nothing while a sync delivers its results). */
  instantiate(object: SimClientObject<unknown, S>, location: string): void;
}

/** What a load read at sync: the response value (null for a null object) and how to hand it to the proxies. */
export interface LoadedValues {
  value: Record<string, unknown> | null;
  commit(): void;
}

const NO_NAMES: readonly string[] = [];

type BindState<B> = { bound: false } | { bound: true; value: B | null };

/** `B`: what the proxy binds to; `S`: the state its batches run on (see ExecEnv<S>). */
export abstract class SimClientObject<B, S> {
  private bindState: BindState<B>;
  private readonly cache = new Map<string, unknown>();
  private nullFlag: boolean | undefined;
  protected abstract readonly entityName: string;
  /** The properties `load()` without arguments loads. */
  protected abstract readonly scalarNames: readonly string[];

  /** Navigation properties `load()` paths may go through (each returned by `navigation`). */
  protected readonly navigationNames: readonly string[] = NO_NAMES;
  /** Navigation properties a load delivered (for toJSON); made on first use. */
  private loadedNavigation: Set<string> | undefined;

  /**
   * `origin` (e.g. `WorksheetCollection.getItem`): the proxy was made by that method or navigation property, and
   * an Instantiate action is queued for it (failing there when the object does not exist); none for loaded items.
   * Public because every proxy class takes it as it is (the class itself is abstract).
   */
  constructor(
    readonly context: ActionQueue<S>,
    readonly objectPath: string,
    private readonly resolver: (env: ExecEnv<S>) => B | null,
    origin?: string,
  ) {
    this.bindState = { bound: false };
    if (origin !== undefined) context.instantiate(this as SimClientObject<unknown, S>, origin);
  }

  /** The cached proxy of a navigation property listed in `navigationNames`. */
  protected navigation(name: string): SimClientObject<unknown, S> {
    throw new SimError('InvalidArgument', `The property '${name}' is not supported by the Excel simulation (${this.entityName}).`);
  }

  /** Binds (once) and returns the workbook object, or null for a null object. Throws SimError. */
  bindIn(env: ExecEnv<S>): B | null {
    if (!this.bindState.bound) this.bindState = { bound: true, value: this.resolver(env) };
    env.bound.add(this as SimClientObject<unknown, S>);
    return this.bindState.value;
  }

  /** Called after a successful sync that used this proxy. */
  markSynced(): void {
    this.nullFlag = this.bindState.bound ? this.bindState.value === null : this.nullFlag;
  }

  /** Values of the selected properties, read from the workbook (undefined select: all scalar properties). */
  protected abstract readProperties(env: ExecEnv<S>, binding: B, select: readonly string[]): Record<string, unknown>;

  protected applyLoaded(values: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(values)) this.cache.set(name, value);
  }

  protected read<T>(name: string): T {
    if (this.nullFlag === true) return undefined as T;
    if (!this.cache.has(name)) throw propertyNotLoaded(this.entityName, name);
    return this.cache.get(name) as T;
  }

  protected remember(name: string, value: unknown): void {
    this.cache.set(name, value);
  }

  /** Queues an action on this proxy; `apply` runs at sync with the bound object (skipped on a null object). */
  protected queue(type: WireAction['ActionType'], name: string, args: unknown[], apply: (env: ExecEnv<S>, binding: B) => void): void {
    this.context.enqueue({
      wire: { ActionType: type, Name: name, ObjectPath: this.objectPath, Arguments: args },
      location: `${this.entityName}.${name}`,
      writes: true,
      run: (env) => {
        const binding = this.bindIn(env);
        if (binding !== null) apply(env, binding);
      },
    });
  }

  /** Queues a method whose result arrives as a ClientResult after the sync. */
  protected queueResult<T>(name: string, args: unknown[], compute: (env: ExecEnv<S>, binding: B) => T): SimClientResult<T> {
    const result = new SimClientResult<T>();
    this.context.enqueue({
      wire: { ActionType: 'Method', Name: name, ObjectPath: this.objectPath, Arguments: args },
      location: `${this.entityName}.${name}`,
      run: (env, id) => {
        const binding = this.bindIn(env);
        const value = binding === null ? null : compute(env, binding);
        env.results.push({ Id: id, Value: value });
        env.commits.push(() => result.settle(value as T));
      },
    });
    return result;
  }

  protected setProperty(name: string, value: unknown, apply: (env: ExecEnv<S>, binding: B) => void): void {
    this.remember(name, value);
    this.queue('SetProperty', name, [value], apply);
  }

  /** Checks selected names against the supported ones; unknown names fail the sync with InvalidArgument. */
  protected checkSelect(select: readonly string[] | undefined, supported: readonly string[]): readonly string[] {
    const names = select ?? supported;
    for (const name of names) {
      if (!supported.includes(name)) {
        throw new SimError('InvalidArgument', `The property '${name}' is not supported by the Excel simulation (${this.entityName}).`);
      }
    }
    return names;
  }

  load(option?: LoadOption): this {
    const select = parseLoadOption(option);
    this.context.enqueue({
      wire: { ActionType: 'Query', Name: 'Load', ObjectPath: this.objectPath, Arguments: select ? [select] : [] },
      location: `${this.entityName}.load`,
      run: (env, id) => {
        const loaded = this.queryIn(env, select);
        env.results.push({ Id: id, Value: loaded.value });
        env.commits.push(() => loaded.commit());
      },
    });
    return this;
  }

  /** @internal reads the properties `paths` select (undefined: all scalar ones), following navigation properties. */
  queryIn(env: ExecEnv<S>, paths: readonly string[] | undefined): LoadedValues {
    const binding = this.bindIn(env);
    if (binding === null) return { value: null, commit: () => undefined };
    const { own, nav } = splitNavigation(paths, (name) => this.navigationNames.includes(name));
    const value = this.readProperties(env, binding, this.checkSelect(own, this.scalarNames));
    const navigated: Array<[string, LoadedValues]> = [];
    for (const [name, sub] of nav) {
      const loaded = this.navigation(name).queryIn(env, sub);
      value[name] = loaded.value;
      navigated.push([name, loaded]);
    }
    return {
      value,
      commit: () => {
        const scalars = { ...value };
        for (const [name, loaded] of navigated) {
          delete scalars[name];
          loaded.commit();
          this.loadedNavigation ??= new Set();
          this.loadedNavigation.add(name);
        }
        this.applyLoaded(scalars);
      },
    };
  }

  get isNullObject(): boolean {
    if (this.nullFlag === undefined) throw propertyNotLoaded('', 'isNullObject');
    return this.nullFlag;
  }

  /** The loaded and written properties, like office.js's toJSON. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = Object.fromEntries(this.cache);
    for (const name of this.loadedNavigation ?? []) out[name] = this.navigation(name).toJSON();
    return out;
  }
}

/** `OfficeExtension.ClientResult`: `value` is readable after the sync that computed it. */
export class SimClientResult<T> {
  private loaded = false;
  private result: T | undefined;

  get value(): T {
    if (!this.loaded) {
      throw new SimError(
        'ValueNotLoaded',
        'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
      );
    }
    return this.result as T;
  }

  /** @internal set by the batch that computed it */
  settle(value: T): void {
    this.result = value;
    this.loaded = true;
  }
}

export function requireString(value: unknown): string {
  if (typeof value !== 'string') throw invalidArgument();
  return value;
}
