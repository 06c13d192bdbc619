/**
 * The lists the add-in keeps for in-cell lists too long for Excel's inline source (a comma-separated source holds at
 * most 255 characters; a company's category paths run to thousands): the very hidden sheet `cashflow_lists`, as both
 * workbook hosts write it (the Excel host's `sheet-lists.ts`, the xlsx host's `sheet-lists.ts`), so a workbook pulled
 * by one is refreshed by the other.
 *
 * One column per list, its items from row 1 down, nothing else on the sheet; every cell is text (number format `@`
 * before the values: a category named `=1+1` stays text). Column A: the categories a transaction can be mapped to
 * (`category-list.ts`), written at each pull of the Transactions table. A column whose list is empty is empty, and the
 * cells using it get no list (Excel refuses a list over no items).
 *
 * A column using a list (`ColumnSpec.sheetList`) gets data validation of type list whose source is the list's range,
 * `='cashflow_lists'!$A$1:$A$N`, with a prompt and a Stop alert in the pull's language.
 */

import { cellText } from '../cell-text-limit';
import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { columnLetter } from '../workbook-layout/sheet-layout';
import { cut, LIST_LIMITS } from './list-limits';
import type { Lookups } from './lookups';

export const LISTS_SHEET = 'cashflow_lists';

export type SheetListName = 'categories';

/** The sheet's column (0-based) of each list. */
export const LIST_COLUMN: Readonly<Record<SheetListName, number>> = { categories: 0 };

/** A column's list on the lists sheet, with the items the pull wrote there. */
export interface SheetList {
  name: SheetListName;
  items: readonly string[];
}

export interface SheetListRule {
  /** `'cashflow_lists'!$A$1:$A$12` (Excel's formula without its `=`); null when the list has no items. */
  source: string | null;
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The items a pull writes for the list, from its lookups. */
export function sheetListItems(name: SheetListName, lookups: Lookups): readonly string[] {
  switch (name) {
    case 'categories':
      // A path longer than a cell holds is cut with the mark, as the table's own cell of it is.
      return lookups.categoryChoices().map(cellText);
  }
}

/** `'cashflow_lists'!$A$1:$A$12`: the list's cells; null for an empty list. */
export function sheetListSource(list: SheetList): string | null {
  if (list.items.length === 0) return null;
  const letter = columnLetter(LIST_COLUMN[list.name] + 1);
  return `'${LISTS_SHEET}'!$${letter}$1:$${letter}$${list.items.length}`;
}

/** The rule a host writes on a column using a list: its source, and the prompt and Stop alert in `language`. */
export function sheetListRule(column: { header: string; sheetList: SheetList }, language: Language): SheetListRule {
  return {
    source: sheetListSource(column.sheetList),
    prompt: {
      title: cut(translate(language, 'category.list.promptTitle'), LIST_LIMITS.title),
      message: cut(translate(language, 'category.list.prompt'), LIST_LIMITS.prompt),
    },
    error: {
      title: cut(translate(language, 'category.list.errorTitle'), LIST_LIMITS.title),
      message: cut(translate(language, 'category.list.error', { column: column.header }), LIST_LIMITS.error),
    },
  };
}

/** The columns of a spec that use a list, with their index. */
export function sheetListColumns<C extends { header: string; sheetList?: SheetList }>(
  columns: readonly C[],
): Array<{ index: number; column: C & { sheetList: SheetList } }> {
  return columns.flatMap((column, index) =>
    column.sheetList === undefined ? [] : [{ index, column: column as C & { sheetList: SheetList } }],
  );
}

/** The lists of a spec, each once (the first column's items). */
export function sheetListsOf(columns: readonly { sheetList?: SheetList }[]): SheetList[] {
  const lists = new Map<SheetListName, SheetList>();
  for (const column of columns)
    if (column.sheetList !== undefined && !lists.has(column.sheetList.name)) lists.set(column.sheetList.name, column.sheetList);
  return [...lists.values()];
}
