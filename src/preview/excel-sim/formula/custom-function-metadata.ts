/**
 * The custom functions' metadata (functions.json, as custom-functions-metadata-plugin writes it from the JSDoc): what
 * Excel knows of a function before its code runs. The simulation reads the part it models: the name a formula uses
 * and the id `associate` uses, the parameters (how many, which are optional, their type and dimensionality) and the
 * `volatile` and `requiresAddress` options. Without metadata a function is called by its id with the arguments as
 * written (see custom-function-arguments.ts).
 */

export type ParameterType = 'number' | 'string' | 'boolean' | 'any';
export type Dimensionality = 'scalar' | 'matrix';

export interface ParameterMetadata {
  name: string;
  type?: ParameterType;
  dimensionality?: Dimensionality;
  optional?: boolean;
  repeating?: boolean;
}

export interface FunctionMetadata {
  id: string;
  /** The name formulas use after the namespace (`=CASHFLOW.NAME(...)`). */
  name: string;
  parameters?: ParameterMetadata[];
  result?: { type?: string; dimensionality?: Dimensionality };
  options?: { volatile?: boolean; requiresAddress?: boolean; stream?: boolean; cancelable?: boolean };
}

export interface CustomFunctionsMetadata {
  functions: FunctionMetadata[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TYPES: readonly string[] = ['number', 'string', 'boolean', 'any'];
const DIMENSIONALITIES: readonly string[] = ['scalar', 'matrix'];

function readParameter(value: unknown): ParameterMetadata {
  if (!isRecord(value) || typeof value.name !== 'string') throw new TypeError('functions.json: a parameter has no name');
  const parameter: ParameterMetadata = { name: value.name };
  if (typeof value.type === 'string' && TYPES.includes(value.type)) parameter.type = value.type as ParameterType;
  if (typeof value.dimensionality === 'string' && DIMENSIONALITIES.includes(value.dimensionality))
    parameter.dimensionality = value.dimensionality as Dimensionality;
  if (value.optional === true) parameter.optional = true;
  if (value.repeating === true) parameter.repeating = true;
  return parameter;
}

function readFunction(value: unknown): FunctionMetadata {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') throw new TypeError('functions.json: a function has no id');
  const fn: FunctionMetadata = { id: value.id, name: typeof value.name === 'string' && value.name !== '' ? value.name : value.id };
  if (value.parameters !== undefined) {
    if (!Array.isArray(value.parameters)) throw new TypeError(`functions.json: the parameters of ${fn.id} are no list`);
    fn.parameters = value.parameters.map(readParameter);
  }
  if (isRecord(value.result)) {
    const dimensionality = value.result.dimensionality;
    fn.result = {
      ...(typeof value.result.type === 'string' ? { type: value.result.type } : {}),
      ...(dimensionality === 'scalar' || dimensionality === 'matrix' ? { dimensionality } : {}),
    };
  }
  if (isRecord(value.options)) {
    const o = value.options;
    fn.options = {};
    for (const flag of ['volatile', 'requiresAddress', 'stream', 'cancelable'] as const) if (o[flag] === true) fn.options[flag] = true;
  }
  return fn;
}

/** The metadata of a parsed functions.json; TypeError when it does not have its shape. */
export function readCustomFunctionsMetadata(json: unknown): CustomFunctionsMetadata {
  if (!isRecord(json) || !Array.isArray(json.functions)) throw new TypeError('functions.json: no "functions" list');
  return { functions: json.functions.map(readFunction) };
}
