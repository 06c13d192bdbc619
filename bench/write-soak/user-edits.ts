/**
 * The soak's user: random edits of a pulled table, made in the workbook through the Excel host's push sheet (the
 * cells written as the pull writes them: dates as serials, text-formatted texts), as a user types, adds and deletes
 * rows. Budgets: amounts, descriptions, names, a few new rows with fresh external IDs, one deleted row; invoices:
 * expected date, status, notes; transactions: the category, to another leaf the Category list offers.
 */

import type { Category } from '../../src/api';
import type { ExcelPushSheet } from '../../src/hosts/excel/excel-push-sheet';
import type { SheetRow } from '../../src/sync/push';
import { categoryChoices } from '../../src/sync/tables/category-list';
import type { TableModel } from '../../src/sync/tables';
import type { CoreValue } from '../../src/sync/workbook-port';
import { keyOf, type SoakTable } from './soak-tables';

export interface FieldEdit {
  key: string;
  field: string;
  value: unknown;
}

export interface UserEdits {
  edits: FieldEdit[];
  /** New rows by key (`ext:<external id>`), with the fields typed. */
  creates: Map<string, Record<string, unknown>>;
  deletes: string[];
}

export interface EditContext {
  random: () => number;
  cycle: number;
  seed: number;
  /** Today (YYYY-MM-DD). */
  today: string;
  categories: readonly Category[];
}

const pick = <T>(random: () => number, list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];

/** A day `days` after `today`. */
export function dayAfter(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** `count` distinct rows, drawn. */
function drawRows(random: () => number, rows: readonly SheetRow[], count: number): SheetRow[] {
  const pool = [...rows];
  const out: SheetRow[] = [];
  while (out.length < count && pool.length > 0) out.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return out;
}

/** A value for a field as a user types it. */
function valueFor(field: string, row: SheetRow, context: EditContext): unknown {
  const { random, cycle } = context;
  switch (field) {
    case 'amount':
      return -Math.round(100 + random() * 900_000) / 100;
    case 'description':
      return `Soak ${cycle}: ${Math.round(random() * 1e6)}`;
    case 'name':
      return `Budget ${cycle}-${Math.round(random() * 1e4)}`;
    case 'notes':
      return `Called, cycle ${cycle} (${Math.round(random() * 1e4)})`;
    case 'expected_date': {
      const day = dayAfter(context.today, 10 + Math.floor(random() * 200));
      return day === row.fields.expected_date ? dayAfter(day, 1) : day;
    }
    case 'status':
      return (
        pick(
          random,
          ['PL', 'PR', 'HD', 'DP', 'IP', 'OR'].filter((s) => s !== row.fields.status),
        ) ?? 'PL'
      );
    case 'category': {
      const paths = categoryChoices(context.categories).filter((p) => p !== row.fields.category);
      return pick(random, paths) ?? null;
    }
    default:
      throw new Error(`the soak does not edit ${field}`);
  }
}

const FIELDS: Record<SoakTable['kind'], readonly string[]> = {
  budgets: ['amount', 'description', 'name'],
  invoices: ['expected_date', 'status', 'notes'],
  transactions: ['category'],
};
const ROWS: Record<SoakTable['kind'], number> = { budgets: 4, invoices: 4, transactions: 6 };

/** Draws the edits of one cycle from the rows the sheet holds. */
export function drawEdits(table: SoakTable, rows: readonly SheetRow[], context: EditContext): UserEdits {
  const { random } = context;
  const addressable = rows.filter(
    (r) => r.id !== null && (table.kind !== 'budgets' || (r.externalId !== null && /^[^./]+$/.test(r.externalId))),
  );
  const chosen = drawRows(random, addressable, ROWS[table.kind] + (table.kind === 'budgets' ? 1 : 0));
  const deleted = table.kind === 'budgets' ? chosen.splice(0, 1) : [];
  const edits = chosen.flatMap((row) => {
    const fields = FIELDS[table.kind].filter((_, i) => i === 0 || random() < 0.5);
    return fields.map((field) => ({ key: keyOf(row, table.kind), field, value: valueFor(field, row, context), row }));
  });
  const creates = new Map<string, Record<string, unknown>>();
  if (table.kind === 'budgets') {
    const leaf = rows.find((r) => typeof r.fields.category === 'number')?.fields.category;
    for (let n = 0; n < 2; n += 1) {
      const externalId = `soak-${context.seed}-${context.cycle}-${n}`;
      creates.set(`ext:${externalId}`, {
        external_id: externalId,
        name: `Soak new ${context.cycle}-${n}`,
        category: leaf,
        settlement_date: dayAfter(context.today, 30 + n),
        amount: -Math.round(100 + random() * 50_000) / 100,
      });
    }
  }
  return { edits: edits.map(({ row: _row, ...e }) => e), creates, deletes: deleted.map((r) => keyOf(r, table.kind)) };
}

/** The column a field is typed into. */
function columnKey(model: TableModel<unknown>, field: string): string {
  const column = model.columns.find((c) => c.key === field || c.write?.field === field);
  if (column === undefined) throw new Error(`no column for ${field}`);
  return column.key;
}

/** Types the edits into the workbook: cells changed, rows added at the end, rows deleted. */
export async function typeEdits(sheet: ExcelPushSheet, table: SoakTable, rows: readonly SheetRow[], edits: UserEdits): Promise<void> {
  const model = table.pushable.model;
  const byKey = new Map(rows.map((r) => [keyOf(r, table.kind), r]));
  const updates = [...new Set(edits.edits.map((e) => e.key))].map((key) => {
    const row = byKey.get(key) as SheetRow;
    const values: Record<string, CoreValue> = {};
    for (const e of edits.edits.filter((x) => x.key === key)) values[columnKey(model, e.field)] = e.value as CoreValue;
    return { position: row.position, id: row.id, externalId: row.externalId, values, highlight: [] };
  });
  await sheet.update(model, updates);
  const appends = [...edits.creates.values()].map((fields) =>
    model.columns.map((c) => {
      const field = c.key === 'external_id' ? 'external_id' : c.write?.field;
      return field === undefined ? null : ((fields[field] ?? null) as CoreValue);
    }),
  );
  if (appends.length > 0) await sheet.append(model, appends);
  const removals = edits.deletes.map((key) => {
    const row = byKey.get(key) as SheetRow;
    return { position: row.position, id: row.id, externalId: row.externalId };
  });
  if (removals.length > 0) await sheet.remove(model, removals);
}
