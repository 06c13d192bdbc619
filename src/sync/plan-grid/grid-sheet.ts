/**
 * The planning grid as sheet cells (#31), the layout both workbook hosts write and read back: a title in the first
 * row, the header in the third (`Category`, one column per month, `Total`, a gap, then the variance block: plan and
 * actuals of the grid's past months, their variance and its share), a row per grid row below. Amounts are in the
 * company currency's units (cents ÷ 100); the variance share is a fraction (the host formats it as a percentage).
 *
 * The layout is kept beside the sheet (a document setting, no secret in it: category ids, names and the figures
 * written), so the typed cells are read back as edits: a category's cell whose figure differs from the one written is
 * an edit (the edit plan refuses one in a past month or a parent, and the figure stays in its cell with why); an
 * emptied cell is a cleared one; text that is no amount is a problem for that cell, nothing sent for it. A row whose
 * label is not the one written (rows inserted, moved or deleted in the grid) stops the read: the grid is built again
 * before typing.
 */

import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { parseLocaleDecimal } from '../locale-decimal';
import type { BudgetTarget } from '../push/service-row';
import type { CoreValue } from '../workbook-port';
import { gridBudgetsTable } from './grid-budgets';
import type { GridEdit } from './grid-edits';
import type { GridHorizon, SettlementDay } from './grid-month';
import type { GridRowKind, PlanGrid } from './grid-rows';

/** The document settings of the grids (each grid's layout under its table's name, the template's page). */
export const GRID_SETTING_PREFIX = 'cashflow.grid.';

/** The document setting holding a target's grid layout: `cashflow.grid.PlanGrid`, `cashflow.grid.Scenario_2_PlanGrid`. */
export function gridSettingKey(target: BudgetTarget): string {
  return `${GRID_SETTING_PREFIX}${gridBudgetsTable(target).tableName}`;
}

/** 0-based sheet row of the header; the title is in row 0, the stamp beside it. */
export const GRID_HEADER_ROW = 2;

export interface GridSheetLayout {
  version: 1;
  target: BudgetTarget;
  horizon: GridHorizon;
  day: SettlementDay;
  months: readonly string[];
  firstPlanMonth: number;
  rows: readonly { kind: GridRowKind; categoryId: number | null; label: string; depth: number }[];
  /** Per row and month, the cents written (null: an empty cell). */
  written: readonly (readonly (number | null)[])[];
  /** Per row and month, whether the cell takes a figure (the host marks it as an input cell). */
  editable: readonly (readonly boolean[])[];
}

export interface GridSheet {
  /** The first row: the plan and the months, in the user's language. */
  title: string;
  header: CoreValue[];
  /** One row per grid row: label, months, total, gap, plan, actual, variance, share. */
  body: CoreValue[][];
  layout: GridSheetLayout;
}

/** The columns after the months: total, gap, plan (past), actual (past), variance, share. */
export const GRID_TAIL_COLUMNS = 6;

export interface GridSheetOptions {
  target: BudgetTarget;
  horizon: GridHorizon;
  day: SettlementDay;
  language: Language;
  /** A month's header (e.g. `Dec 2026`); default `YYYY-MM`. */
  monthLabel?(month: string): string;
}

const units = (cents: number | null): number | null => (cents === null ? null : cents / 100);

export function gridSheet(grid: PlanGrid, options: GridSheetOptions): GridSheet {
  const t = (key: Parameters<typeof translate>[1]): string => translate(options.language, key);
  const header: CoreValue[] = [
    t('grid.header.category'),
    ...grid.months.map((m) => options.monthLabel?.(m) ?? m),
    t('grid.header.total'),
    null,
    t('grid.header.plan'),
    t('grid.header.actual'),
    t('grid.header.variance'),
    t('grid.header.share'),
  ];
  const labelOf = (kind: GridRowKind, name: string): string =>
    kind === 'openInvoices'
      ? t('grid.row.openInvoices')
      : kind === 'netFlow'
        ? t('grid.row.netFlow')
        : kind === 'balance'
          ? t('grid.row.balance')
          : name;
  const body = grid.rows.map((row) => [
    labelOf(row.kind, row.name),
    ...row.values.map(units),
    units(row.total),
    null,
    units(row.variance?.plan ?? null),
    units(row.variance?.actual ?? null),
    units(row.variance?.variance ?? null),
    row.variance?.ratio ?? null,
  ]);
  const layout: GridSheetLayout = {
    version: 1,
    target: options.target,
    horizon: options.horizon,
    day: options.day,
    months: grid.months,
    firstPlanMonth: grid.firstPlanMonth,
    rows: grid.rows.map((row, i) => ({ kind: row.kind, categoryId: row.categoryId, label: String(body[i]?.[0]), depth: row.depth })),
    written: grid.rows.map((row) => [...row.values]),
    editable: grid.rows.map((row) => [...row.editable]),
  };
  const label = (m: string | undefined): string => (m === undefined ? '' : (options.monthLabel?.(m) ?? m));
  const title = translate(options.language, 'grid.title', {
    plan: grid.planName ?? '',
    from: label(grid.months[0]),
    to: label(grid.months[grid.months.length - 1]),
  });
  return { title, header, body, layout };
}

export interface GridCellProblem {
  row: number;
  month: string;
  message: string;
}

export interface GridSheetRead {
  edits: GridEdit[];
  problems: GridCellProblem[];
}

export class GridLayoutChangedError extends Error {
  override readonly name = 'GridLayoutChangedError';
}

/**
 * The edits in the grid's cells as read back: `cells` holds, per layout row, the label and the month cells (the
 * first `1 + months` columns of the body).
 */
export function gridSheetEdits(layout: GridSheetLayout, cells: readonly (readonly CoreValue[])[], language: Language): GridSheetRead {
  const out: GridSheetRead = { edits: [], problems: [] };
  layout.rows.forEach((row, r) => {
    const read = cells[r];
    if (read === undefined || read[0] !== row.label)
      throw new GridLayoutChangedError(translate(language, 'grid.layoutChanged', { row: row.label }));
    if (row.categoryId === null) return;
    layout.months.forEach((month, i) => {
      const written = layout.written[r]?.[i] ?? null;
      const typed = centsOf(read[1 + i] ?? null, language);
      if (typed === 'notAmount')
        out.problems.push({ row: r, month, message: translate(language, 'grid.cell.notAmount', { value: String(read[1 + i]) }) });
      else if (typed !== written) out.edits.push({ categoryId: row.categoryId as number, month, cents: typed });
    });
  });
  return out;
}

function centsOf(value: CoreValue, language: Language): number | null | 'notAmount' {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : 'notAmount';
  if (typeof value !== 'string') return 'notAmount';
  const parsed = parseLocaleDecimal(value, language);
  return parsed.ok ? Math.round(Number(parsed.value) * 100) : 'notAmount';
}

/**
 * The rows each parent holds beneath it (layout rows, 0-based: `from`, `count`), outermost first: what a host groups as
 * an outline (Excel's row groups), so a planner folds a parent to its subtotal.
 */
export function groupSpans(rows: GridSheetLayout['rows']): { from: number; count: number }[] {
  const spans: { from: number; count: number }[] = [];
  rows.forEach((row, i) => {
    if (row.kind !== 'group') return;
    let end = i + 1;
    while (end < rows.length && (rows[end]?.kind === 'group' || rows[end]?.kind === 'leaf') && (rows[end]?.depth ?? 0) > row.depth)
      end += 1;
    if (end > i + 1) spans.push({ from: i + 1, count: end - i - 1 });
  });
  return spans;
}
