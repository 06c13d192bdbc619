/**
 * The custom functions one workbook knows: the code `CustomFunctions.associate` registers (office.js's
 * `OfficeExt.Association`: ids upper-cased, a repeated id replaces the earlier function with a console warning,
 * invalid arguments are warned about and ignored) and, optionally, their metadata (functions.json). A formula calls
 * them as `=NAMESPACE.NAME(...)` (namespace and name case-insensitive, as Excel treats function names).
 *
 * `createCustomFunctionsGlobal` makes the `CustomFunctions` object a functions bundle sees: `associate`, `Error`,
 * `ErrorCode`.
 */

import { CustomFunctionError, ErrorCode } from './custom-function-error';
import type { CustomFunctionsMetadata, FunctionMetadata } from './custom-function-metadata';

/** A custom function's code: any function (called with the arguments and, last, the invocation). */
export type CustomFunctionImplementation = (...args: never[]) => unknown;

export type Resolution =
  | { kind: 'unknown' }
  /** Described by the metadata, no code associated yet (the functions bundle has not run): `#BUSY!`. */
  | { kind: 'waiting'; id: string }
  | { kind: 'ready'; id: string; implementation: CustomFunctionImplementation; metadata: FunctionMetadata | undefined };

export const DEFAULT_NAMESPACE = 'CASHFLOW';

function warn(message: string): void {
  console.warn(message);
}

export class CustomFunctionRegistry {
  readonly namespace: string;
  private readonly implementations = new Map<string, CustomFunctionImplementation>();
  private readonly byName = new Map<string, FunctionMetadata>();
  private readonly byId = new Map<string, FunctionMetadata>();
  private readonly mention: RegExp;
  private readonly listeners = new Set<(replaced?: string) => void>();

  constructor(namespace: string = DEFAULT_NAMESPACE) {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(namespace)) throw new RangeError(`Not a custom functions namespace: ${JSON.stringify(namespace)}`);
    this.namespace = namespace.toUpperCase();
    this.mention = new RegExp(`(?:^|[^\\p{L}\\p{N}_.\\\\])${this.namespace}\\.`, 'iu');
  }

  /** `CustomFunctions.associate(id, fn)` / `associate({ id: fn, ... })`, with office.js's checks and warnings. */
  associate(...args: unknown[]): void {
    const [first, second] = args;
    if (args.length === 1 && typeof first === 'object' && first !== null) {
      const mappings = first as Record<string, unknown>;
      for (const id in mappings) this.associate(id, mappings[id]);
      return;
    }
    if (args.length !== 2 || typeof first !== 'string' || typeof second !== 'function') {
      warn('[InvalidArg] Function=associate');
      return;
    }
    const id = first.toUpperCase();
    const replaced = this.implementations.has(id);
    if (replaced) warn(`[DuplicatedName] Function=${first}`);
    this.implementations.set(id, second as CustomFunctionImplementation);
    this.changed(replaced ? id : undefined);
  }

  /** Takes the metadata (functions.json) of the functions: names, parameters, options. Replaces earlier metadata. */
  describe(metadata: CustomFunctionsMetadata): void {
    this.byName.clear();
    this.byId.clear();
    for (const fn of metadata.functions) {
      this.byName.set(fn.name.toUpperCase(), fn);
      this.byId.set(fn.id.toUpperCase(), fn);
    }
    this.changed();
  }

  /**
   * Listeners told after every association or new metadata (cells showing `#NAME?` or `#BUSY!` may now call), with the
   * id of a function whose code was replaced (associated again: the preview's pane reloaded).
   */
  onChange(listener: (replaced?: string) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private changed(replaced?: string): void {
    for (const listener of [...this.listeners]) listener(replaced);
  }

  /** Whether any function is associated or described (else no formula can call one). */
  get empty(): boolean {
    return this.implementations.size === 0 && this.byId.size === 0;
  }

  /** What a function name in a formula (upper case, `NAMESPACE.NAME`) stands for. */
  resolve(name: string): Resolution {
    const prefix = `${this.namespace}.`;
    if (!name.startsWith(prefix)) return { kind: 'unknown' };
    const rest = name.slice(prefix.length);
    const metadata = this.byName.get(rest);
    const id = metadata === undefined ? rest : metadata.id.toUpperCase();
    const implementation = this.implementations.get(id);
    if (implementation === undefined) return metadata === undefined ? { kind: 'unknown' } : { kind: 'waiting', id };
    return { kind: 'ready', id, implementation, metadata: metadata ?? this.byId.get(id) };
  }

  /** Whether a formula's text names a function of the namespace (`=CASHFLOW.X(`; may be inside a string: a hint). */
  mentions(formula: string): boolean {
    return this.mention.test(formula);
  }

  isVolatile(id: string): boolean {
    return this.byId.get(id)?.options?.volatile === true;
  }
}

/** The `CustomFunctions` object a functions bundle uses (a frame of the preview gets this one as its global). */
export interface CustomFunctionsGlobal {
  associate(id: string, functionObject: CustomFunctionImplementation): void;
  associate(mappings: Record<string, CustomFunctionImplementation>): void;
  readonly Error: typeof CustomFunctionError;
  readonly ErrorCode: typeof ErrorCode;
}

export function createCustomFunctionsGlobal(registry: CustomFunctionRegistry): CustomFunctionsGlobal {
  function associate(id: string, functionObject: CustomFunctionImplementation): void;
  function associate(mappings: Record<string, CustomFunctionImplementation>): void;
  function associate(...args: unknown[]): void {
    registry.associate(...args);
  }
  return Object.freeze({ associate, Error: CustomFunctionError, ErrorCode });
}
