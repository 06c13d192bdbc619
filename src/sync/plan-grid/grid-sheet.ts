/**
 * The planning grid as sheet cells (#31), the layout both workbook hosts write and read back: a title in the first
 * row, the header in the third (`Category`, one column per month, `Total`, a gap, then the variance block: plan and
 * actuals of the grid's past months, their variance and its share), a row per grid row below. Amounts are in the
 * company currency's units (cents ÷ 100); the variance share is a fraction (the host formats it as a percentage).
 *
 * The layout is kept beside the sheet (a document setting, no secret in it: category ids, names and the figures
 * written), so the typed cells are read back as edits: a category's cell whose figure differs from the one written is
 * an edit (the edit plan refuses one in a past month or a parent, and the figure stays in its cell with why); an
 * emptied cell is a cleared one; text that is no amount is a problem for that cell, nothing sent for it. The computed
 * cells (the rows below the tree, each row's Total) take no figure: one typed there is a problem for that cell (kept,
 * said why), and an emptied one, like an emptied parent's subtotal, is nothing typed (the next build writes it back).
 * A row whose label is not the one written (rows inserted, moved or deleted in the grid) stops the read: the grid is
 * built again before typing.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { cellText } from '../cell-text-limit';
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

/** The "month" of a row's Total cell, where a read or a kept figure names a cell. */
export const GRID_TOTAL = 'total';

/** The computed rows below the category tree. */
export type ComputedLine = Exclude<GridRowKind, 'group' | 'leaf'>;

/**
 * A cell of the grid as the flows name it across builds (a rebuild may move rows, never rename a category): a
 * category's row by its id, a computed row below the tree by its kind (`line`); a month (`YYYY-MM`) or `GRID_TOTAL`.
 */
export interface GridPlace {
  /** The category of the row; null on a computed row below the tree. */
  categoryId: number | null;
  line?: ComputedLine;
  month: string;
}

/** Where a place lies in a layout: its row and its column of the body (label 0, months from 1, then the total). */
export function placeIn(layout: GridSheetLayout, place: GridPlace): { row: number; column: number } | undefined {
  const row = layout.rows.findIndex((r) =>
    place.categoryId === null ? r.categoryId === null && r.kind === place.line : r.categoryId === place.categoryId,
  );
  const month = place.month === GRID_TOTAL ? layout.months.length : layout.months.indexOf(place.month);
  return row < 0 || month < 0 ? undefined : { row, column: 1 + month };
}

/** The place of a layout's row and month (or `GRID_TOTAL`). */
export function placeAt(layout: GridSheetLayout, row: number, month: string): GridPlace {
  const at = layout.rows[row];
  if (at === undefined || at.categoryId !== null) return { categoryId: at?.categoryId ?? null, month };
  return { categoryId: null, line: at.kind as ComputedLine, month };
}

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

/** A cell whose content is sent as nothing, with why: its layout row, its month (or `GRID_TOTAL`). */
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
 * The edits in the grid's cells as read back: `cells` holds, per layout row, the label, the month cells and the
 * total (the first `2 + months` columns of the body).
 */
export function gridSheetEdits(layout: GridSheetLayout, cells: readonly (readonly CoreValue[])[], language: Language): GridSheetRead {
  const out: GridSheetRead = { edits: [], problems: [] };
  layout.rows.forEach((row, r) => {
    const read = cells[r];
    if (read === undefined || read[0] !== row.label)
      throw new GridLayoutChangedError(translate(language, 'grid.layoutChanged', { row: row.label }));
    layout.months.forEach((month, i) => {
      const written = layout.written[r]?.[i] ?? null;
      const value = read[1 + i] ?? null;
      if (row.categoryId === null) readComputed(out, { row: r, month, value, written }, 'grid.cell.computed', language);
      else readFigure(out, { row: r, month, value, written }, row, language);
    });
    const total = row.kind === 'balance' ? null : (layout.written[r] ?? []).reduce<number>((sum, v) => sum + (v ?? 0), 0);
    readComputed(
      out,
      { row: r, month: GRID_TOTAL, value: read[1 + layout.months.length] ?? null, written: total },
      'grid.cell.computedTotal',
      language,
    );
  });
  return out;
}

interface ReadCell {
  row: number;
  month: string;
  value: CoreValue;
  /** Cents written there (null: empty). */
  written: number | null;
}

/** A category's month: a figure that differs from the one written is an edit; text that is no amount, a problem. */
function readFigure(out: GridSheetRead, cell: ReadCell, row: GridSheetLayout['rows'][number], language: Language): void {
  // An emptied subtotal is nothing typed (a parent takes no figure, so there is nothing to clear): the build writes it back.
  if (row.kind === 'group' && isEmpty(cell.value)) return;
  const typed = centsOf(cell.value, language);
  if (typed === 'notAmount')
    out.problems.push({
      row: cell.row,
      month: cell.month,
      message: translate(language, 'grid.cell.notAmount', { value: String(cell.value) }),
    });
  else if (typed !== cell.written) out.edits.push({ categoryId: row.categoryId as number, month: cell.month, cents: typed });
}

/** A computed cell: anything typed there that is not what was written is kept with why; emptied, it is nothing typed. */
function readComputed(out: GridSheetRead, cell: ReadCell, why: MessageKey, language: Language): void {
  if (isEmpty(cell.value) || centsOf(cell.value, language) === cell.written) return;
  out.problems.push({ row: cell.row, month: cell.month, message: translate(language, why) });
}

const isEmpty = (value: CoreValue): boolean => value === null || value === '';

/**
 * Whether a sheet is still the grid of this layout: the label column (`labels`, the layout's rows down from under the
 * header, as read) holds each row's label where it was written. A sheet of the grid's name that is not (the user
 * deleted the grid and made a sheet of their own) is someone's data: a build refuses it.
 */
export function isStoredGrid(layout: GridSheetLayout, labels: readonly CoreValue[]): boolean {
  return labels.length === layout.rows.length && layout.rows.every((row, i) => labels[i] === cellText(row.label));
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
