/**
 * The answer of a write, read tolerantly. A write whose answer fails its schema has landed all the same (the status
 * was 2xx), and treating it as lost sends the row into a read-back that a fault storm may not let through: the user
 * then sees "not confirmed" for a change the service holds. So the answers of POST, PUT and PATCH are read as a
 * tolerant reader would (Postel): a number may come as a numeric string (the spec accepts them in requests, a service
 * may echo them), and a field the schema does not know is kept, not refused. Read paths (lists, pages, single GETs)
 * stay strict: there a wrong shape means the data cannot be trusted.
 *
 * `tolerantAnswer(schema)` rebuilds a zod schema with those two rules, recursively through objects, arrays,
 * optional and nullable wrappers; every other check (types, required fields, integers) stays.
 */
import { z } from 'zod';

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/** A numeric string becomes its number before the original number check runs (`.int()` and all). */
function numberFromText(schema: z.ZodNumber): z.ZodType {
  return z.preprocess((value) => (typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value), schema);
}

export function tolerantAnswer<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>> {
  return rebuild(schema, new WeakMap()) as z.ZodType<z.output<S>>;
}

function rebuild(schema: z.ZodType, done: WeakMap<z.ZodType, z.ZodType>): z.ZodType {
  const known = done.get(schema);
  if (known !== undefined) return known;
  if (schema instanceof z.ZodNumber) return numberFromText(schema);
  if (schema instanceof z.ZodOptional) return rebuild(schema.unwrap() as z.ZodType, done).optional();
  if (schema instanceof z.ZodNullable) return rebuild(schema.unwrap() as z.ZodType, done).nullable();
  if (schema instanceof z.ZodArray) return z.array(rebuild(schema.element as z.ZodType, done));
  if (schema instanceof z.ZodObject) {
    // A recursive schema (a transaction's `parent`) meets itself again while its fields are rebuilt: it finds a
    // lazy reference to the object being built.
    const slot: { built?: z.ZodType } = {};
    done.set(
      schema,
      z.lazy(() => {
        if (slot.built === undefined) throw new Error('tolerantAnswer: schema read before it was built');
        return slot.built;
      }),
    );
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) shape[key] = rebuild(field, done);
    const built = z.looseObject(shape);
    slot.built = built;
    done.set(schema, built);
    return built;
  }
  return schema;
}
