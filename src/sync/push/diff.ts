/**
 * The diff of a pushable table against its baseline (what the last pull or push left): rows matched by id, never
 * by position (users sort, filter and move rows). A row with an id the baseline knows and other field values is
 * changed; a row without an id is new; a baseline id missing from the table is deleted. The external ID is tracked
 * apart from the fields: changing it renames (the old one addresses the budget, the new one is sent).
 */

export type Fields = Readonly<Record<string, unknown>>;

export interface BaselineRow {
  id: number;
  externalId: string | null;
  fields: Fields;
}

export interface SheetRow {
  /** Null: a row the user added. */
  id: number | null;
  externalId: string | null;
  fields: Fields;
  /** Where the row stands in the table now (0-based), to put its status next to it. */
  position: number;
  /** The push status cell's text, when the table has that column (what an earlier send or check wrote there). */
  status?: string;
  /** How the Changes view names the row, where the model says (`TableModel.rowLabel`). */
  label?: string;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type RowChange =
  | { kind: 'changed'; id: number; externalId: string | null; renamedTo?: string | null; changes: FieldChange[]; position: number }
  | { kind: 'new'; row: SheetRow }
  | { kind: 'deleted'; id: number; externalId: string | null };

/** Rows the diff cannot place: the same id twice (a copied row), or an id the baseline never had. */
export interface RowProblem {
  kind: 'duplicateId' | 'unknownId';
  id: number;
  position: number;
}

export interface TableDiff {
  changes: RowChange[];
  problems: RowProblem[];
  /** Rows equal to their baseline. */
  unchanged: number;
}

export function diffTable(baseline: readonly BaselineRow[], rows: readonly SheetRow[]): TableDiff {
  const known = new Map(baseline.map((b) => [b.id, b]));
  const seen = new Set<number>();
  const changes: RowChange[] = [];
  const problems: RowProblem[] = [];
  let unchanged = 0;
  for (const row of rows) {
    if (row.id === null) {
      changes.push({ kind: 'new', row });
      continue;
    }
    if (seen.has(row.id)) {
      problems.push({ kind: 'duplicateId', id: row.id, position: row.position });
      continue;
    }
    seen.add(row.id);
    const before = known.get(row.id);
    if (before === undefined) {
      problems.push({ kind: 'unknownId', id: row.id, position: row.position });
      continue;
    }
    const fieldChanges = changedFields(before.fields, row.fields);
    const renamed = !sameValue(before.externalId, row.externalId);
    if (fieldChanges.length === 0 && !renamed) {
      unchanged += 1;
      continue;
    }
    changes.push({
      kind: 'changed',
      id: row.id,
      externalId: before.externalId,
      ...(renamed ? { renamedTo: row.externalId } : {}),
      changes: fieldChanges,
      position: row.position,
    });
  }
  for (const b of baseline) if (!seen.has(b.id)) changes.push({ kind: 'deleted', id: b.id, externalId: b.externalId });
  return { changes, problems, unchanged };
}

/** The fields whose values differ, in the sheet row's field order. */
export function changedFields(before: Fields, after: Fields): FieldChange[] {
  // A loop that allocates only for a difference: the diff runs over every row of a 100k-row table at each check.
  let changes: FieldChange[] | undefined;
  for (const field of Object.keys(after)) {
    if (!sameValue(before[field], after[field]))
      (changes ??= []).push({ field, before: before[field] ?? null, after: after[field] ?? null });
  }
  return changes ?? [];
}

const blank = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Equal as the service would store them: an empty text, an empty list and no value are the same; numbers equal to 1e-9 (cells
 * hold binary doubles of decimal amounts); lists element by element.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (Array.isArray(a) || Array.isArray(b)) return false;
  return a === b;
}
