/**
 * A push journal entry as read back from the workbook, checked with zod: the journal lives in the workbook, which
 * anyone it is shared with can edit, and undo sends what an entry says. An entry that does not match is left out
 * (read as absent), never half-used. Fields a later version may add are kept (loose objects).
 */
import { z } from 'zod';
import type { JournalEntry } from './push-port';

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
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = JournalEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
