/**
 * The check of Transactions rows before a push: only a transaction's category goes back to the service
 * (`PATCH /transactions/`), so a changed row is checked on its `Category` cell, and a row the sheet gained is refused
 * (transactions come from the bank, or into an offline account from the Import sheet).
 *
 * The category cell takes what its in-cell list offers: the path from the root (`Ausgaben › Miete`), also typed as
 * `Ausgaben > Miete`, a name only one category has, or a category's id. It must name a category a transaction can be
 * mapped to (api-spec.md section 1 rule 8: a leaf; `is_category`; not a system category, which "cannot be mapped"). A
 * transaction always has a category: the cell cannot be emptied. The checked value is the category's path as the
 * pull writes it (so a name typed for a path it already had is no change); the category's id goes with the check,
 * by the row's id, for the request (two categories with the same path stay apart).
 */

import type { Category } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate, type MessageParams } from '../../i18n/translate';
import { candidateList, resolveCategory } from '../tables/category-reference';
import { categoryPaths, PATH_SEPARATOR } from '../tables/lookups';
import type { RowCheckProblem } from './budget-row-check';
import { sameValue, type Fields, type SheetRow } from './diff';
import type { RowCheck } from './write-model';

/** The one field of a transaction the push writes: the category cell (`Category`, a path). */
export const CATEGORY_FIELD = 'category';

export interface TransactionCheckContext {
  categories: readonly Category[];
  /** The baseline's fields by id: a changed row is checked on what it changed. */
  baseline: ReadonlyMap<number, Fields>;
  columnOf(field: string): string;
  language: Language;
}

export interface TransactionChecks {
  checks: RowCheck[];
  /** The category id each changed row's cell names, by transaction id. */
  categoryOf: Map<number, number>;
}

type Resolved = { id: number } | { key: MessageKey; values: MessageParams };

export function checkTransactionRows(rows: readonly SheetRow[], context: TransactionCheckContext): TransactionChecks {
  const paths = categoryPaths(context.categories);
  const parents = new Set(context.categories.flatMap((c) => (c.parent === null ? [] : [c.parent])));
  const byId = new Map(context.categories.map((c) => [c.id, c]));
  const resolve = (value: unknown): Resolved => resolveCell(value, context.categories, paths);
  const mappable = (id: number): Resolved => {
    const category = byId.get(id);
    if (category === undefined) return { key: 'push.check.categoryUnknown', values: { value: id } };
    if (category.is_default) return { key: 'push.transactionCheck.categoryDefault', values: { value: pathOf(paths, category) } };
    if (parents.has(id) || !category.is_category)
      return { key: 'push.transactionCheck.categoryNotLeaf', values: { value: pathOf(paths, category) } };
    return { id };
  };
  const categoryOf = new Map<number, number>();
  const checks = rows.map((row): RowCheck => {
    const problem = (key: MessageKey, values: MessageParams = {}): RowCheck => {
      const column = context.columnOf(CATEGORY_FIELD);
      const message = translate(context.language, key, { ...values, column });
      return { position: row.position, ok: false, problems: [{ field: CATEGORY_FIELD, column, message } satisfies RowCheckProblem] };
    };
    if (row.id === null) return problem('push.transactionCheck.noCreate');
    const value = row.fields[CATEGORY_FIELD];
    if (sameValue(context.baseline.get(row.id)?.[CATEGORY_FIELD], value)) return { position: row.position, ok: true, fields: row.fields };
    if (value === null || value === undefined || String(value).trim() === '') return problem('push.transactionCheck.categoryRequired');
    const found = resolve(value);
    const checked = 'id' in found ? mappable(found.id) : found;
    if (!('id' in checked)) return problem(checked.key, checked.values);
    categoryOf.set(row.id, checked.id);
    const category = byId.get(checked.id) as Category;
    return { position: row.position, ok: true, fields: { ...row.fields, [CATEGORY_FIELD]: pathOf(paths, category), id: row.id } };
  });
  return { checks, categoryOf };
}

const pathOf = (paths: ReadonlyMap<number, string[]>, category: Category): string =>
  (paths.get(category.id) ?? [category.name]).join(PATH_SEPARATOR);

/** A path, a name only one category has, or an id (a number, or digits no category is named). */
function resolveCell(value: unknown, categories: readonly Category[], paths: ReadonlyMap<number, string[]>): Resolved {
  const text = String(value).trim();
  const resolved = resolveCategory(text, categories, paths);
  if (resolved.ok) return { id: resolved.id };
  if (resolved.problem === 'ambiguous')
    return { key: 'push.check.categoryAmbiguous', values: { value: text, candidates: candidateList(resolved.candidates) } };
  if (/^\d+$/.test(text)) return { id: Number(text) };
  return { key: 'push.check.categoryId', values: { value: text } };
}
