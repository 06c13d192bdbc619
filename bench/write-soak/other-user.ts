/**
 * Another user of the same company, between the soak's pull and its push: edits made straight on the in-process
 * sandbox's store (no request, so no fault on that path; `date_updated` moves as the service moves it). One row the
 * soak edits gets the same field changed (a conflict), another the soak edits a different field (brought in), and two
 * rows the soak leaves alone change too.
 */

import type { Store } from '../../src/sandbox/store';
import { dayAfter, type FieldEdit } from './user-edits';
import type { SoakTable } from './soak-tables';

export interface OtherUserEdit {
  /** The record's id on the service. */
  id: number;
  field: string;
}

const OTHER_FIELD: Record<SoakTable['kind'], Record<string, string>> = {
  budgets: { amount: 'description', description: 'amount', name: 'amount' },
  invoices: { expected_date: 'notes', status: 'notes', notes: 'status' },
  transactions: { category: 'category' },
};

const FIRST_FIELD: Record<SoakTable['kind'], string> = { budgets: 'amount', invoices: 'notes', transactions: 'category' };

/**
 * Edits of the other user: `soakRows` are the ids the soak edits (with their fields), `otherIds` ids it leaves alone.
 * Returns what was changed (the ledger reads the rows back from the store to know the values).
 */
export function otherUserEdits(
  store: Store,
  table: SoakTable,
  soak: ReadonlyArray<FieldEdit & { id: number }>,
  otherIds: readonly number[],
  random: () => number,
  today: string,
): OtherUserEdit[] {
  const done: OtherUserEdit[] = [];
  const [conflict, beside] = soak.filter((e, i) => soak.findIndex((x) => x.id === e.id) === i);
  if (conflict !== undefined) done.push({ id: conflict.id, field: conflict.field });
  if (beside !== undefined && table.kind !== 'transactions') {
    const mine = new Set(soak.filter((e) => e.id === beside.id).map((e) => e.field));
    const field = OTHER_FIELD[table.kind][beside.field];
    if (field !== undefined && !mine.has(field)) done.push({ id: beside.id, field });
  }
  for (const id of otherIds.slice(0, 2)) done.push({ id, field: FIRST_FIELD[table.kind] });
  const now = Date.now();
  for (const edit of done) change(store, table.kind, edit, random, today, now);
  store.touch();
  return done;
}

function change(store: Store, kind: SoakTable['kind'], edit: OtherUserEdit, random: () => number, today: string, now: number): void {
  const tag = `by another user ${Math.round(random() * 1e6)}`;
  if (kind === 'budgets') {
    const b = store.budgets.get(edit.id);
    if (b === undefined) return;
    if (edit.field === 'amount') b.amount = -Math.round(10_000 + random() * 1_000_000);
    else if (edit.field === 'description') b.description = `Changed ${tag}`;
    else b.name = `Renamed ${tag}`;
    b.dateUpdated = now;
  } else if (kind === 'invoices') {
    const i = store.invoices.get(edit.id);
    if (i === undefined) return;
    if (edit.field === 'notes') i.notes = `Note ${tag}`;
    else if (edit.field === 'status') i.status = i.status === 'HD' ? 'PR' : 'HD';
    else i.expectedDate = dayAfter(today, 250 + Math.floor(random() * 50));
    i.dateUpdated = now;
  } else {
    const t = store.transactions.get(edit.id);
    if (t === undefined) return;
    const leaves = [...store.categories.values()].filter(
      (c) => c.companyId === t.companyId && store.isMappable(c) && !c.isObsolete && c.id !== t.categoryId,
    );
    const category = leaves[Math.floor(random() * leaves.length)];
    if (category !== undefined) t.categoryId = category.id;
    t.dateUpdated = now;
  }
}
