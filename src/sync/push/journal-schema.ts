/**
 * A push journal entry as read back from the workbook, checked with zod: the journal lives in the workbook, which
 * anyone it is shared with can edit, and undo sends what an entry says. An entry that does not match is left out
 * (read as absent), never half-used. Fields a later version may add are kept (loose objects).
 */
import { z } from 'zod';
import type { JournalEntry, JournalEntrySummary } from './push-port';

const FieldsSchema = z.record(z.string(), z.unknown());

const JournalRowSchema = z.looseObject({
  op: z.enum(['patch', 'replace', 'create', 'delete']),
  id: z.number().int().nullable(),
  externalId: z.string().nullable(),
  before: FieldsSchema.nullable(),
  service: FieldsSchema.optional(),
  sent: FieldsSchema.nullable(),
  outcome: z.enum(['landed', 'failed', 'unknown', 'conflict', 'blocked']),
  message: z.string().optional(),
  name: z.string().optional(),
});

export const JournalEntrySchema: z.ZodType<JournalEntry> = z.looseObject({
  id: z.string().min(1),
  at: z.string(),
  tableName: z.string().min(1),
  rows: z.array(JournalRowSchema),
  undoneBy: z.string().optional(),
  undoes: z.string().optional(),
});

/** The entry in `json`, or undefined when it is not JSON or not an entry. */
export function parseJournalEntry(json: string): JournalEntry | undefined {
  return parseWith(JournalEntrySchema, json);
}

/** `json` parsed and checked, or undefined when it is not JSON or does not match. */
function parseWith<T>(schema: z.ZodType<T>, json: string): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const count = z.number().int().nonnegative();

/** A summary as a sheet journal keeps it beside its entry (journal-sheet-layout.ts): everything but the id. */
const JournalSummarySchema = z.looseObject({
  at: z.string(),
  tableName: z.string().min(1),
  rows: count,
  landed: count,
  notLanded: count,
  unconfirmed: count,
  undoneBy: z.string().optional(),
  undoes: z.string().optional(),
});

/**
 * The summary of entry `id` in `json`, or undefined when it is not JSON or not a summary (the journal then reads
 * that entry whole for it). Only the summary's own fields are kept.
 */
export function parseJournalSummary(id: string, json: string): JournalEntrySummary | undefined {
  const parsed = parseWith(JournalSummarySchema, json);
  if (parsed === undefined) return undefined;
  const { at, tableName, rows, landed, notLanded, unconfirmed, undoneBy, undoes } = parsed;
  return {
    id,
    at,
    tableName,
    rows,
    landed,
    notLanded,
    unconfirmed,
    ...(undoneBy === undefined ? {} : { undoneBy }),
    ...(undoes === undefined ? {} : { undoes }),
  };
}
