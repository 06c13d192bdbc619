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
  entry.check ??= compile(schema, new Map());
  return entry.check;
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
  if (checks.length === 1 && checks[0]?._zod.def.check === 'number_format' && checks[0]._zod.def.format === 'safeint') return Number.isSafeInteger;
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
function fieldOf(key: string, schema: z.ZodType, memo: Map<z.ZodType, Check | null>): Field | null {
  let optional = false;
  let nullable = false;
  let inner = schema;
  for (let def = defOf(inner); (def.type === 'optional' || def.type === 'nullable') && (def.checks ?? []).length === 0; def = defOf(inner)) {
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
  else if (def.type === 'number') kind = noChecks ? Kind.Number : Kind.Integer; // numberCheck understood the checks
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

function objectCheck(def: Def, memo: Map<z.ZodType, Check | null>, self: z.ZodType): Check | null {
  // A strict object refuses unknown keys (zod reports them); a loose one keeps them, as this check does.
  if (def.catchall !== undefined && defOf(def.catchall).type !== 'unknown') return null;
  const shape = def.shape ?? {};
  const fields: Field[] = [];
  // Registered before the fields are compiled: a field may lead back to this object (a transaction's `parent`).
  const check: Check = (value) => {
    if (!isRecord(value)) return false;
    for (let i = 0; i < fields.length; i += 1) {
      const field = fields[i] as Field;
      if (!fieldHolds(field, value[field.key])) return false;
    }
    return true;
  };
  memo.set(self, check);
  for (const key of Object.keys(shape)) {
    const field = fieldOf(key, shape[key] as z.ZodType, memo); // a getter (recursive schemas) is read once, here
    if (field === null) {
      memo.set(self, null);
      return null;
    }
    fields.push(field);
  }
  return check;
}

function compile(schema: z.ZodType, memo: Map<z.ZodType, Check | null>): Check | null {
  const known = memo.get(schema);
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
  memo.set(schema, check);
  return check;
}
