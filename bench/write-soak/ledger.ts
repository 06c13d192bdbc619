/**
 * The ledger: the state the service must hold, row by row, and the comparisons that say where it does not.
 * Expected after a push = the service as the soak's pull found it ⊕ the other user's edits (read back from the store:
 * the soak knows exactly what changed) ⊕ the soak's edits, except a field the other user changed too (a conflict,
 * settled "take theirs" as the pane lets the user) ⊕ new rows ⊕ deleted rows. Expected after the undo = that, with
 * every journal row the undo restored taken back to the pull's state ⊕ the other user's edits.
 */

import { sameValue, type Fields, type JournalRow, type UndoRowResult } from '../../src/sync/push';
import { keyOf, type LedgerRow, type SoakTableKind } from './soak-tables';
import type { UserEdits } from './user-edits';

/** What the service must hold: full rows (compare every field) or, for new rows, the fields typed. */
export type Expected = Map<string, { fields: Fields; partial: boolean }>;

export interface Mismatch {
  key: string;
  field: string;
  expected: unknown;
  actual: unknown;
}

/** Fields never compared: the id (a budget created again by undo gets a new one). */
const IGNORED = new Set(['id']);

/** Fields of rows changed between two reads of the service, as `key field`. */
export function changedFields(before: ReadonlyMap<string, LedgerRow>, after: ReadonlyMap<string, LedgerRow>): Set<string> {
  const out = new Set<string>();
  for (const [key, row] of after) {
    const old = before.get(key);
    for (const [field, value] of Object.entries(row.fields)) if (!sameValue(old?.fields[field], value)) out.add(`${key} ${field}`);
  }
  return out;
}

/** The expected state after the push: `theirs` is the service after the other user's edits. */
export function expectAfterPush(theirs: ReadonlyMap<string, LedgerRow>, changedByOther: ReadonlySet<string>, edits: UserEdits): Expected {
  const expected: Expected = new Map([...theirs].map(([key, row]) => [key, { fields: { ...row.fields }, partial: false }]));
  for (const edit of edits.edits) {
    const row = expected.get(edit.key);
    if (row !== undefined && !changedByOther.has(`${edit.key} ${edit.field}`)) row.fields = { ...row.fields, [edit.field]: edit.value };
  }
  for (const [key, fields] of edits.creates) expected.set(key, { fields: withoutExternalId(fields), partial: true });
  for (const key of edits.deletes) expected.delete(key);
  return expected;
}

const withoutExternalId = ({ external_id: _e, ...fields }: Record<string, unknown>): Fields => fields;

/**
 * The expected state after the undo: each journal row of the cycle's pushes paired with the undo's outcome for it;
 * a restored one goes back to `theirs` (the service before the push, with the other user's edits), anything else
 * keeps what the push left.
 */
export function expectAfterUndo(
  afterPush: Expected,
  theirs: ReadonlyMap<string, LedgerRow>,
  undone: ReadonlyArray<{ row: JournalRow; outcome: UndoRowResult }>,
  kind: SoakTableKind,
): Expected {
  const expected: Expected = new Map([...afterPush].map(([key, row]) => [key, { ...row, fields: { ...row.fields } }]));
  for (const { row, outcome } of undone) {
    if (outcome.outcome !== 'restored') continue;
    const key = keyOf({ id: row.id, externalId: row.externalId }, kind);
    const before = theirs.get(key);
    if (row.op === 'create') expected.delete(key);
    else if (row.op === 'delete' && before !== undefined) expected.set(key, { fields: { ...before.fields }, partial: false });
    else {
      const current = expected.get(key);
      if (current === undefined || before === undefined) continue;
      const fields = { ...current.fields } as Record<string, unknown>;
      for (const field of Object.keys(row.sent ?? {})) if (field in before.fields) fields[field] = before.fields[field];
      current.fields = fields;
    }
  }
  return expected;
}

/** Where `actual` differs from `expected`: a row missing or extra (`field` '(row)'), or a field's value. */
export function compare(
  expected: Expected,
  actual: ReadonlyMap<string, LedgerRow>,
  allowExtra: (key: string) => boolean = () => false,
): Mismatch[] {
  const out: Mismatch[] = [];
  for (const [key, want] of expected) {
    const have = actual.get(key);
    if (have === undefined) {
      out.push({ key, field: '(row)', expected: 'present', actual: 'missing' });
      continue;
    }
    for (const [field, value] of Object.entries(want.fields))
      if (!IGNORED.has(field) && !sameValue(have.fields[field], value))
        out.push({ key, field, expected: value, actual: have.fields[field] });
    if (!want.partial)
      for (const field of Object.keys(have.fields))
        if (!IGNORED.has(field) && !(field in want.fields)) out.push({ key, field, expected: undefined, actual: have.fields[field] });
  }
  for (const key of actual.keys())
    if (!expected.has(key) && !allowExtra(key)) out.push({ key, field: '(row)', expected: 'absent', actual: 'present' });
  return out;
}

/** The expected state of a table as the service holds it now (full rows). */
export function asExpected(rows: ReadonlyMap<string, LedgerRow>): Expected {
  return new Map([...rows].map(([key, row]) => [key, { fields: { ...row.fields }, partial: false }]));
}
