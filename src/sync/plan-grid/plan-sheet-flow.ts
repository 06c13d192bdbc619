/**
 * The planning grid's two flows (#31), as named steps over a host's Plan sheet (`PlanSheetPort`: the Excel host's
 * `ExcelPlanSheet`, a memory sheet in tests):
 *
 * - **build**: read the service → figures → rows → sheet cells; store the baseline of the grid's own budgets; write
 *   the sheet (cells, layout) keeping any figure still waiting to be sent (`kept`).
 * - **send**: read the layout and the typed cells → edits (a cell that is no amount, a figure typed into a computed
 *   cell: a problem, nothing sent) → read the service again (a figure is the cell's total against the budgets as they
 *   are now) → the edit plan (refused cells, a parent's among them) → the budget writer's push of the grid's own
 *   budgets → build again, keeping in the sheet every typed figure that did not land, with why, on whichever row it
 *   was typed: a user's figure is never lost.
 */

import type { CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { BaselineStore } from '../push/baseline';
import type { PushJournal } from '../push/push-port';
import type { PushResult } from '../push/push-result';
import type { BudgetTarget } from '../push/service-row';
import { buildLookups } from '../tables/lookups';
import type { CoreValue } from '../workbook-port';
import { cellKey, gridCellOf, type GridCellKey } from './grid-external-id';
import { planGridEdits, type GridEdit } from './grid-edits';
import { gridFigures, type GridFigures } from './grid-figures';
import { gridBudgetsTable, storeGridBaseline } from './grid-budgets';
import type { GridHorizon, SettlementDay } from './grid-month';
import { planGrid, type PlanGrid } from './grid-rows';
import { gridSheet, gridSheetEdits, placeAt, placeIn, type GridPlace, type GridSheet, type GridSheetLayout } from './grid-sheet';
import { readGridSources } from './grid-sources';
import { sendGridEdits } from './send-grid';

/**
 * A typed figure kept in the sheet because it did not land, and why: in a category's cell (a leaf's or a parent's),
 * or in a computed one (a row below the tree, a Total), where it stays over the computed figure until the user
 * empties it.
 */
export interface KeptFigure extends GridPlace {
  /** The figure as the user typed it (an amount, empty for a cleared cell, or their text). */
  typed: CoreValue;
  message: string;
  /** The row's label where it was typed: the figure is named by it even when the rebuilt grid lost its row. */
  label: string;
}

export interface PlanSheetPort {
  /** Writes the grid's sheet (replacing the previous grid there) with the kept figures over their cells, and stores the layout. */
  write(sheet: GridSheet, kept: readonly KeptFigure[]): Promise<void>;
  /** The layout stored with the target's grid, or undefined when it has none. */
  layout(target: BudgetTarget): Promise<GridSheetLayout | undefined>;
  /** Per layout row, its label, month cells and total as they are now. */
  read(layout: GridSheetLayout): Promise<CoreValue[][]>;
  /**
   * Tells `onCell` the grid's row and month index (0-based, of the layout) of each cell the user selects on the
   * target's sheet (-1 outside the rows or the months); resolves with the watch's removal. Absent: no composition.
   */
  watchSelection?(target: BudgetTarget, onCell: (row: number, month: number) => void): Promise<() => Promise<void>>;
  /** Writes figures (cents) into a row's cells from a month on, marked as waiting to be sent: the input helpers. */
  fill(layout: GridSheetLayout, row: number, fromMonth: number, cents: readonly number[]): Promise<void>;
}

export interface PlanGridContext {
  client: CashflowClient;
  port: PlanSheetPort;
  baselines: BaselineStore;
  language: Language;
  /** Today, `YYYY-MM-DD`. */
  today: string;
  monthLabel?(month: string): string;
  signal?: AbortSignal;
}

export interface BuiltPlanGrid {
  grid: PlanGrid;
  figures: GridFigures;
  sheet: GridSheet;
}

export interface GridSpec {
  target: BudgetTarget;
  horizon: GridHorizon;
  day: SettlementDay;
}

export async function buildPlanGrid(context: PlanGridContext, spec: GridSpec, kept: readonly KeptFigure[] = []): Promise<BuiltPlanGrid> {
  const { figures, grid, lookups } = await readGrid(context, spec);
  await storeGridBaseline(context.baselines, gridBudgetsTable(spec.target), figures, lookups);
  const sheet = gridSheet(grid, { ...spec, language: context.language, ...(context.monthLabel ? { monthLabel: context.monthLabel } : {}) });
  await context.port.write(sheet, kept);
  return { grid, figures, sheet };
}

async function readGrid(context: PlanGridContext, spec: GridSpec) {
  const sources = await readGridSources(context.client, {
    target: spec.target,
    from: spec.horizon.from,
    today: context.today,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  const figures = gridFigures(sources, spec.horizon, context.today, spec.target);
  const lookups = buildLookups({ categories: sources.categories, accounts: sources.accounts });
  return { sources, figures, grid: planGrid(sources.categories, sources.plan, figures), lookups };
}

export interface PlanGridSend {
  /** The push of the grid's own budgets; undefined when nothing was to be sent. */
  push: PushResult | undefined;
  /** Typed figures that did not land and stay in the sheet, with why. */
  kept: KeptFigure[];
  /** Grid budgets written (created, changed or removed). */
  landed: number;
  built: BuiltPlanGrid;
}

/** The grid's sheet name is taken by a sheet holding other data: nothing was changed. */
export class PlanSheetInUseError extends Error {
  override readonly name = 'PlanSheetInUseError';

  constructor(readonly sheet: string) {
    super(`The sheet "${sheet}" holds other data.`);
  }
}

export class NoGridError extends Error {
  override readonly name = 'NoGridError';
}

export async function sendPlanGrid(context: PlanGridContext & { journal: PushJournal }, target: BudgetTarget): Promise<PlanGridSend> {
  const layout = await context.port.layout(target);
  if (layout === undefined) throw new NoGridError(translate(context.language, 'grid.none'));
  const spec: GridSpec = { target, horizon: layout.horizon, day: layout.day };
  const cells = await context.port.read(layout);
  const { edits, problems } = gridSheetEdits(layout, cells, context.language);
  const kept: KeptFigure[] = problems.map((p) => {
    const place = placeAt(layout, p.row, p.month);
    return { ...place, typed: typedAt(layout, cells, place), message: p.message, label: layout.rows[p.row]?.label ?? '' };
  });
  if (edits.length === 0) return { push: undefined, kept, landed: 0, built: await buildPlanGrid(context, spec, kept) };

  const fresh = await readGrid(context, spec);
  const plan = planGridEdits(fresh.grid, fresh.figures, edits);
  for (const refusal of plan.refused)
    kept.push(keptOf(layout, refusal.cell, edits, translate(context.language, `grid.refused.${refusal.reason}`)));
  const { push } = await sendGridEdits(plan, {
    client: context.client,
    target,
    baselines: context.baselines,
    journal: context.journal,
    language: context.language,
    lookups: fresh.lookups,
    figures: fresh.figures,
    day: layout.day,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  for (const row of push.rows) {
    const cell = gridCellOf(row.ref.externalId);
    if (cell !== null && row.outcome !== 'landed' && row.outcome !== 'broughtIn') kept.push(keptOf(layout, cell, edits, row.message));
  }
  const built = await buildPlanGrid(context, spec, kept);
  return { push, kept, landed: push.rows.filter((r) => r.outcome === 'landed').length, built };
}

/** What the user typed in a place of the grid read (the figure as the sheet holds it, null for an emptied cell). */
function typedAt(layout: GridSheetLayout, cells: readonly (readonly CoreValue[])[], place: GridPlace): CoreValue {
  const at = placeIn(layout, place);
  return at === undefined ? null : (cells[at.row]?.[at.column] ?? null);
}

/** A category's figure that did not land, as the edit read it (an amount, or empty for a cleared cell), named by its row's label. */
function keptOf(layout: GridSheetLayout, cell: GridCellKey, edits: readonly GridEdit[], message: string): KeptFigure {
  const edit = edits.find((e) => cellKey(e) === cellKey(cell));
  const at = placeIn(layout, cell);
  return {
    ...cell,
    typed: edit?.cents === null || edit === undefined ? null : edit.cents / 100,
    message,
    label: at === undefined ? String(cell.categoryId) : (layout.rows[at.row]?.label ?? ''),
  };
}
