/**
 * The template's Plan sheet (#31): the planning workbook template ships the grid's sheet before any grid exists, a
 * page that says what the grid is and how to build it. The template cannot hold the grid itself (its rows are the
 * company's categories, its months the user's today), so the first Build grid replaces the page.
 *
 * A sheet named Plan holding anything but a grid is refused by the build (it would be someone's data). The page is
 * recognised by the document setting `cashflow.grid.placeholder`, written with the template: the sheet's name and
 * every cell the page holds, as written. The build takes the sheet only when it holds exactly those cells, so a page
 * a user wrote on is refused like any other sheet, and a template made by an older version (other wording) is still
 * recognised. The setting comes with the file, whoever made it: it is read with zod, bounded.
 */

import { z } from 'zod';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { BudgetTarget } from '../push/service-row';
import type { LayoutCell, SheetLayout } from '../workbook-layout/sheet-layout';
import { gridBudgetsTable } from './grid-budgets';
import { GRID_SETTING_PREFIX, gridSettingKey } from './grid-sheet';

export const GRID_PLACEHOLDER_SETTING = `${GRID_SETTING_PREFIX}placeholder`;

const PARTS: ReadonlyArray<readonly [MessageKey, MessageKey]> = [
  ['template.plan.build', 'template.plan.build.text'],
  ['template.plan.type', 'template.plan.type.text'],
];

/** The page in the template's language: title, what the grid shows, how to build it, how to plan in it. */
export function gridPlaceholderSheet(language: Language): SheetLayout {
  const cells: LayoutCell[] = [
    { row: 1, column: 1, value: translate(language, 'template.plan.title'), style: 'title' },
    { row: 3, column: 1, value: translate(language, 'template.plan.what'), style: 'paragraph' },
  ];
  PARTS.forEach(([heading, text], i) => {
    const row = 5 + i * 3;
    cells.push({ row, column: 1, value: translate(language, heading), style: 'section' });
    cells.push({ row: row + 1, column: 1, value: translate(language, text), style: 'paragraph' });
  });
  return { name: gridBudgetsTable({ kind: 'forecast' }).sheetName, cells, widths: new Map([[1, 80]]) };
}

/** A cell of the page as a host reads it back: 1-based row and column, its value. */
export interface PlaceholderCell {
  row: number;
  column: number;
  value: string;
}

const PlaceholderSchema = z.strictObject({
  version: z.literal(1),
  sheet: z.string().min(1).max(31),
  cells: z
    .array(
      z.strictObject({ row: z.number().int().min(1).max(1000), column: z.number().int().min(1).max(100), value: z.string().max(4000) }),
    )
    .max(100),
});

export type GridPlaceholder = z.infer<typeof PlaceholderSchema>;

/** The setting's text for a page (its cells as text: the page holds no formula). */
export function placeholderSetting(page: SheetLayout): string {
  const cells = page.cells.map(({ row, column, value }) => ({ row, column, value: String(value) }));
  return JSON.stringify({ version: 1, sheet: page.name, cells } satisfies GridPlaceholder);
}

/** The setting read back: undefined when missing or not one this version wrote. */
export function readPlaceholder(text: unknown): GridPlaceholder | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed = PlaceholderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The rows and columns the page spans from A1 (a used range beyond them is not the page). */
export function placeholderExtent(placeholder: GridPlaceholder): { rows: number; columns: number } {
  return {
    rows: Math.max(0, ...placeholder.cells.map((c) => c.row)),
    columns: Math.max(0, ...placeholder.cells.map((c) => c.column)),
  };
}

/**
 * Whether the sheet `sheet`, holding the non-empty `cells`, is still the template's page: the setting names it and
 * the cells are exactly the page's (none missing, none changed, none added).
 */
export function isGridPlaceholder(placeholder: GridPlaceholder | undefined, sheet: string, cells: readonly PlaceholderCell[]): boolean {
  if (placeholder === undefined || placeholder.sheet.toLowerCase() !== sheet.toLowerCase()) return false;
  const expected = new Map(placeholder.cells.map((c) => [`${c.row}:${c.column}`, c.value]));
  if (cells.length !== expected.size) return false;
  return cells.every((c) => expected.get(`${c.row}:${c.column}`) === c.value);
}

/** A planning grid the workbook holds, as its document settings tell: its plan and its sheet. */
export interface StoredGrid {
  target: BudgetTarget;
  sheet: string;
}

const StoredTargetSchema = z.object({
  target: z.union([
    z.strictObject({ kind: z.literal('forecast') }),
    z.strictObject({ kind: z.literal('scenario'), scenarioId: z.number().int().positive() }),
  ]),
});

/**
 * The grids among the document settings (`key` and the value's JSON, as the share port reads them): each grid's layout
 * setting whose key is its plan's (`cashflow.grid.PlanGrid`, `cashflow.grid.Scenario_<id>_PlanGrid`). The settings came
 * with the file: anything else is no grid.
 */
export function storedGrids(settings: readonly { key: string; json: string }[]): StoredGrid[] {
  const grids: StoredGrid[] = [];
  for (const { key, json } of settings) {
    if (!key.startsWith(GRID_SETTING_PREFIX) || key === GRID_PLACEHOLDER_SETTING) continue;
    try {
      const value: unknown = JSON.parse(json);
      const parsed = StoredTargetSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
      if (parsed.success && gridSettingKey(parsed.data.target) === key)
        grids.push({ target: parsed.data.target, sheet: gridBudgetsTable(parsed.data.target).sheetName });
    } catch {
      // Not a layout this add-in wrote.
    }
  }
  return grids;
}
