/**
 * A check of decoded JSON against a zod schema that copies nothing: for answers of many records (a page of 1,000
 * transactions), where zod's parse would build a second copy of every record only to drop the fields the schema
 * does not name. `inPlace(schema)` marks a schema; `parseResponse` then checks the answer with the check compiled
 * from it and, if it passes, returns the decoded answer itself. If it fails, zod parses the answer as for any
 * other schema, so a malformed answer is refused with zod's own issues and message, field by field.
 *
 * The check is at least as strict as zod for what it understands (objects, strings, numbers, safe integers,
 * booleans, arrays, `unknown`, nullable, optional, recursive getters) and gives up on anything else (refinements,
 * transforms, defaults, unions, strict objects…): such a schema is parsed by zod alone. What passes is what zod
 * would accept; the difference is that the records keep fields the schema does not name (zod strips them).
 * Mark only answers that are read, never sent back whole.
 */
import type { z } from 'zod';
import { util } from 'zod/v4/core';

type Check = (value: unknown) => boolean;

const marked = new WeakMap<z.ZodType, { check: Check | null | undefined }>();

/** Marks `schema` for the copy-free check; returns it unchanged. */
export function inPlace<S extends z.ZodType>(schema: S): S {
  marked.set(schema, { check: undefined });
  return schema;
}

/** The copy-free check of a marked schema (compiled on first use), or null: parse with zod. */
export function inPlaceCheck(schema: z.ZodType): Check | null {
  const entry = marked.get(schema);
  if (entry === undefined) return null;
  entry.check ??= compile(schema, { checks: new Map(), evaluate: util.allowsEval.value });
  return entry.check;
}

/**
 * A check compiled from `schema` (null: zod decides), with object checks made by `new Function` or walked in a loop:
 * both ways are tested alike. `inPlaceCheck` takes the first where zod's own probe allows it.
 */
export function compileCheck(schema: z.ZodType, options: { evaluate: boolean }): Check | null {
  return compile(schema, { checks: new Map(), evaluate: options.evaluate });
}

interface Memo {
  checks: Map<z.ZodType, Check | null>;
  /** Object checks made with `new Function` (else walked in a loop). */
  evaluate: boolean;
}

interface Def {
  type: string;
  checks?: readonly { _zod: { def: { check?: string; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Numbers: only `.int()` (zod's safe integers) is understood among the checks. */
function numberCheck(def: Def): Check | null {
  const checks = def.checks ?? [];
  if (checks.length === 0) return (v) => typeof v === 'number' && Number.isFinite(v);
  if (checks.length === 1 && checks[0]?._zod.def.check === 'number_format' && checks[0]._zod.def.format === 'safeint')
    return Number.isSafeInteger;
  return null;
}

/** How a field is checked inside its object: the plain types inline, anything else by its own check. */
const enum Kind {
  Text,
  Number,
  Integer,
  Flag,
  Any,
  Other,
}

interface Field {
  key: string;
  kind: Kind;
  /** Missing (undefined) is fine. */
  optional: boolean;
  /** Null is fine. */
  nullable: boolean;
  check: Check;
}

/** A field's kind, peeling `optional` and `nullable`; the kind of an unknown schema is Other. */
function fieldOf(key: string, schema: z.ZodType, memo: Memo): Field | null {
  let optional = false;
  let nullable = false;
  let inner = schema;
  for (
    let def = defOf(inner);
    (def.type === 'optional' || def.type === 'nullable') && (def.checks ?? []).length === 0;
    def = defOf(inner)
  ) {
    if (def.type === 'optional') optional = true;
    else nullable = true;
    inner = def.innerType as z.ZodType;
  }
  const check = compile(inner, memo);
  if (check === null) return null;
  const def = defOf(inner);
  const noChecks = (def.checks ?? []).length === 0;
  let kind = Kind.Other;
  if (def.type === 'string' && noChecks) kind = Kind.Text;
  else if (def.type === 'number')
    kind = noChecks ? Kind.Number : Kind.Integer; // numberCheck understood the checks
  else if (def.type === 'boolean' && noChecks) kind = Kind.Flag;
  else if (def.type === 'unknown') kind = Kind.Any;
  return { key, kind, optional, nullable: nullable || kind === Kind.Any, check };
}

function fieldHolds(field: Field, value: unknown): boolean {
  if (value === undefined) return field.optional;
  if (value === null) return field.nullable;
  switch (field.kind) {
    case Kind.Text:
      return typeof value === 'string';
    case Kind.Number:
      return typeof value === 'number' && Number.isFinite(value);
    case Kind.Integer:
      return Number.isSafeInteger(value);
    case Kind.Flag:
      return typeof value === 'boolean';
    case Kind.Any:
      return true;
    case Kind.Other:
      return field.check(value);
  }
}

/**
 * One field's test as JavaScript source (true when the value `x` is fine), for a compiled object check; `refs[i]`
 * is the check of a field of kind Other.
 */
function fieldSource(field: Field, ref: number): string {
  const missing = field.optional ? 'true' : 'false';
  const empty = field.nullable ? 'true' : 'false';
  let test: string;
  switch (field.kind) {
    case Kind.Text:
      test = "typeof x === 'string'";
      break;
    case Kind.Number:
      test = "typeof x === 'number' && Number.isFinite(x)";
      break;
    case Kind.Integer:
      test = 'Number.isSafeInteger(x)';
      break;
    case Kind.Flag:
      test = "typeof x === 'boolean'";
      break;
    case Kind.Any:
      test = 'true';
      break;
    case Kind.Other:
      test = `refs[${ref}](x)`;
      break;
  }
  return `x = v[${JSON.stringify(field.key)}]; if (!(x === undefined ? ${missing} : x === null ? ${empty} : ${test})) return false;`;
}

/**
 * The object check as one function with a named property read per field (what V8 reads fastest), made with
 * `new Function` where that is allowed (`evaluate`: zod's own probe and `jitless` setting decide, as they do for
 * zod's parse); otherwise the fields are walked in a loop.
 */
function compiledFields(fields: readonly Field[], evaluate: boolean): Check {
  if (evaluate) {
    const refs: Check[] = [];
    const lines = fields.map((field) => {
      if (field.kind === Kind.Other) refs.push(field.check);
      return fieldSource(field, refs.length - 1);
    });
    const body = `return function (v) {\n  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;\n  let x;\n  ${lines.join('\n  ')}\n  return true;\n};`;
    // The source is built above from the schema's own keys (JSON-quoted) and fixed tests, nothing from an answer.
    return new Function('refs', body)(refs) as Check;
  }
  return (value) => {
    if (!isRecord(value)) return false;
    for (let i = 0; i < fields.length; i += 1) {
      const field = fields[i] as Field;
      if (!fieldHolds(field, value[field.key])) return false;
    }
    return true;
  };
}

function objectCheck(def: Def, memo: Memo, self: z.ZodType): Check | null {
  // A strict object refuses unknown keys (zod reports them); a loose one keeps them, as this check does.
  if (def.catchall !== undefined && defOf(def.catchall).type !== 'unknown') return null;
  const shape = def.shape ?? {};
  const fields: Field[] = [];
  // Registered before the fields are compiled: a field may lead back to this object (a transaction's `parent`),
  // and calls its check through this one until the fields are known.
  const slot: { compiled?: Check } = {};
  memo.checks.set(self, (value) => (slot.compiled as Check)(value));
  for (const key of Object.keys(shape)) {
    const field = fieldOf(key, shape[key] as z.ZodType, memo); // a getter (recursive schemas) is read once, here
    if (field === null) {
      memo.checks.set(self, null);
      return null;
    }
    fields.push(field);
  }
  slot.compiled = compiledFields(fields, memo.evaluate);
  memo.checks.set(self, slot.compiled); // later users call it directly
  return slot.compiled;
}

function compile(schema: z.ZodType, memo: Memo): Check | null {
  const known = memo.checks.get(schema);
  if (known !== undefined) return known;
  const def = defOf(schema);
  const noChecks = (def.checks ?? []).length === 0;
  let check: Check | null;
  switch (def.type) {
    case 'object':
      return noChecks ? objectCheck(def, memo, schema) : null;
    case 'string':
      check = noChecks ? (v) => typeof v === 'string' : null;
      break;
    case 'number':
      check = numberCheck(def);
      break;
    case 'boolean':
      check = noChecks ? (v) => typeof v === 'boolean' : null;
      break;
    case 'unknown':
      check = () => true;
      break;
    case 'nullable': {
      const inner = noChecks ? compile(def.innerType as z.ZodType, memo) : null;
      check = inner === null ? null : (v) => v === null || inner(v);
      break;
    }
    case 'array': {
      const element = noChecks ? compile(def.element as z.ZodType, memo) : null;
      check =
        element === null
          ? null
          : (v) => {
              if (!Array.isArray(v)) return false;
              for (let i = 0; i < v.length; i += 1) if (!element(v[i])) return false;
              return true;
            };
      break;
    }
    default:
      check = null; // optional outside an object, unions, enums, literals, transforms, defaults…: zod decides
  }
  memo.checks.set(schema, check);
  return check;
}
