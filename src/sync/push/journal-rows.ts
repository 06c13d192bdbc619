/**
 * The rows a send touched, as its journal entry tells them, read for a person: the budget's name (as the send left
 * it) or its external ID, what was done (changed, created, deleted, replaced), the outcome, and how to find the row
 * in the sheet now (by id, else external ID: users sort and filter, so the position is not kept). A row the send
 * deleted is no longer in the sheet, unless the send was undone (undo puts it back).
 */

import { EXTERNAL_ID_FIELD } from './three-way';
import type { Fields } from './diff';
import type { JournalEntry, JournalRow, RowRef } from './push-port';

export type JournalChange = 'changed' | 'created' | 'deleted' | 'replaced';

export interface JournalRowView {
  /** Unique within the entry. */
  key: string;
  /** The budget's name, '' when the journal does not tell it. */
  name: string;
  externalId: string | null;
  id: number | null;
  change: JournalChange;
  outcome: JournalRow['outcome'];
  message?: string;
  /** How to find the row in the sheet; null when the send took it out of the sheet. */
  ref: RowRef | null;
}

const CHANGES: Readonly<Record<JournalRow['op'], JournalChange>> = {
  patch: 'changed',
  create: 'created',
  delete: 'deleted',
  replace: 'replaced',
};

function text(fields: Fields | null | undefined, key: string): string | undefined {
  const value = fields?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The name and external ID as the send left them in the sheet (what it sent wins over what was there before). */
function identity(row: JournalRow): { name: string; externalId: string | null } {
  const name = text(row.sent, 'name') ?? row.name ?? text(row.before, 'name') ?? text(row.service, 'name') ?? '';
  const externalId = text(row.sent, EXTERNAL_ID_FIELD) ?? row.externalId;
  return { name, externalId };
}

export function journalRowView(entry: JournalEntry, row: JournalRow, index: number): JournalRowView {
  const { name, externalId } = identity(row);
  const gone = row.op === 'delete' && entry.undoneBy === undefined;
  return {
    key: `${index}:${row.id ?? externalId ?? ''}`,
    name,
    externalId,
    id: row.id,
    change: CHANGES[row.op],
    outcome: row.outcome,
    ...(row.message === undefined ? {} : { message: row.message }),
    // No position: the row is searched for by its id (or external ID), wherever sorting put it.
    ref: gone ? null : { position: -1, id: row.id, externalId },
  };
}

/** The rows `start` to `start + count` of the entry (a long send is shown in blocks). */
export function journalRowViews(entry: JournalEntry, start = 0, count = entry.rows.length): JournalRowView[] {
  return entry.rows.slice(start, start + count).map((row, i) => journalRowView(entry, row, start + i));
}
