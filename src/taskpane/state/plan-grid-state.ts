/**
 * The Data view's Plan grid card (#31): which plan (the forecast or a scenario), the horizon (first month, how many
 * months), the day new figures are settled on; Build, Send figures, Undo the last send, and what each did. Every rule
 * is in the core (`src/sync/plan-grid`: the figures, the edits, the budget writer); this module calls it with the
 * active client and the host's Plan sheet, baselines and journal, and keeps what the card shows. Build and Undo write
 * the grid anew: while figures typed into it wait to be sent they are refused, with how many and what to do.
 */

import type { CashflowClient, Plan } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import { formatCount, LOCALES } from '../../i18n/format-count';
import { parseLocaleDecimal } from '../../sync/locale-decimal';
import { BudgetSeriesError } from '../../sync/figures/budget-occurrences';
import {
  addMonths,
  buildPlanGrid,
  sendPlanGrid,
  undoGridSend,
  gridFigures,
  readGridSources,
  monthOf,
  gridSheetEdits,
  gridBudgetsTable,
  GridLayoutChangedError,
  GRID_TOTAL,
  placeAt,
  placeIn,
  lastYearActuals,
  spread,
  cellComposition,
  type BuiltPlanGrid,
  PlanSheetInUseError,
  type GridSpec,
  type KeptFigure,
  type PlanSheetPort,
  type GridPlace,
  type GridSheetLayout,
  type GridSheetRead,
} from '../../sync/plan-grid';
import type { BaselineStore, BudgetTarget, PushJournal } from '../../sync/push';
import type { CoreValue } from '../../sync/workbook-port';
import { buildLookups } from '../../sync/tables';
import type { AccountMessage, PlanGridView } from './app-snapshot';

export interface PlanGridDeps {
  sheet: PlanSheetPort | undefined;
  baselines: BaselineStore | undefined;
  journal: PushJournal | undefined;
  client(): CashflowClient | undefined;
  plans(): readonly Plan[];
  language(): Language;
  /** Today, `YYYY-MM-DD`. */
  today(): string;
  t(key: MessageKey, params?: MessageParams): string;
  publish(view: PlanGridView): void;
}

export function initialPlanGrid(today: string, available: boolean): PlanGridView {
  return { available, status: 'idle', plan: 'forecast', from: addMonths(monthOf(today), -3), months: 12, day: 'last' };
}

export function targetOf(plan: string): BudgetTarget {
  const scenario = /^scenario:(\d+)$/.exec(plan);
  return scenario ? { kind: 'scenario', scenarioId: Number(scenario[1]) } : { kind: 'forecast' };
}

export class PlanGridState {
  readonly #deps: PlanGridDeps;
  #view: PlanGridView;
  /** The grid last built in this pane: what a selected cell's composition is read from (no request). */
  #built: BuiltPlanGrid | undefined;
  /** The grid cell the user selected last (row and month index of the layout). */
  #selected: { row: number; month: number } | undefined;
  /** The selection watch on the built grid's sheet, and the sheet it watches. */
  #watch: { plan: string; stop: () => Promise<void> } | undefined;

  constructor(deps: PlanGridDeps) {
    this.#deps = deps;
    this.#view = initialPlanGrid(deps.today(), deps.sheet !== undefined && deps.baselines !== undefined && deps.journal !== undefined);
  }

  get view(): PlanGridView {
    return this.#view;
  }

  #set(patch: Partial<PlanGridView>): void {
    this.#view = { ...this.#view, ...patch };
    this.#deps.publish(this.#view);
  }

  /** The plans the card offers: the forecast and each scenario, by name. */
  choices(): { value: string; label: string }[] {
    const scenarios = this.#deps.plans().filter((p) => p.type === 'SCENARIO');
    return [
      { value: 'forecast', label: this.#deps.t('grid.card.forecast') },
      ...scenarios.map((p) => ({ value: `scenario:${p.id}`, label: p.name })),
    ];
  }

  choose(patch: Partial<Pick<PlanGridView, 'plan' | 'from' | 'months' | 'day'>>): void {
    this.#set({ ...patch, message: undefined });
  }

  /** Builds (or rebuilds) the grid on its sheet from the service, unless figures typed into it wait to be sent. */
  async build(): Promise<void> {
    await this.#run('building', async (context) => {
      const waiting = await this.#waiting(this.#spec().target);
      if (waiting !== undefined) return waiting;
      const built = await buildPlanGrid(context, this.#spec());
      await this.#keep(built);
      const readOnly = built.grid.readOnly === null ? undefined : this.#deps.t(`grid.refused.${built.grid.readOnly}`);
      return { intent: readOnly ? 'warning' : 'success', text: readOnly ?? this.#deps.t('grid.card.built'), notes: [] };
    });
  }

  /** Sends the figures typed into the grid; a figure that did not land stays in its cell, listed here with why. */
  async send(): Promise<void> {
    await this.#run('sending', async (context, journal) => {
      const sent = await sendPlanGrid({ ...context, journal }, targetOf(this.#view.plan));
      await this.#keep(sent.built);
      const notes = keptNotes(sent.built.sheet.layout, sent.kept, this.#deps.t);
      const text =
        sent.push === undefined && sent.kept.length === 0
          ? this.#deps.t('grid.card.nothing')
          : this.#deps.t('grid.card.sent', { count: sent.landed });
      return { intent: sent.kept.length > 0 ? 'warning' : 'success', text, notes };
    });
  }

  /**
   * Undoes the grid's newest send (what was sent before it is written back; a budget changed since is left alone), then
   * rebuilds; refused before anything is undone while figures typed into the grid wait to be sent.
   */
  async undo(): Promise<void> {
    await this.#run('undoing', async (context, journal) => {
      const spec = this.#spec();
      const waiting = await this.#waiting(spec.target);
      if (waiting !== undefined) return waiting;
      const sources = await readGridSources(context.client, { target: spec.target, from: spec.horizon.from, today: context.today });
      const figures = gridFigures(sources, spec.horizon, context.today, spec.target);
      const lookups = buildLookups({ categories: sources.categories, accounts: sources.accounts });
      const undone = await undoGridSend({ ...context, target: spec.target, journal, lookups, figures });
      await this.#keep(await buildPlanGrid(context, spec));
      const failed = undone.rows.filter((r) => r.outcome !== 'restored' && r.outcome !== 'nothingToDo');
      return {
        intent: failed.length > 0 ? 'warning' : 'success',
        text: this.#deps.t('grid.card.undone', { count: undone.rows.length - failed.length }),
        notes: failed.map((r) => r.message),
      };
    });
  }

  /**
   * Refresh on open: each grid this workbook holds (the forecast's, each scenario's) built again from the service
   * with its stored horizon and day, unless figures typed into it wait to be sent (a rebuild would overwrite them:
   * it is left as it is and said so). Gives what to tell: the grids refreshed and the ones left, with why.
   */
  async refreshStored(): Promise<{ refreshed: string[]; problems: string[] }> {
    const { sheet, baselines, t } = this.#deps;
    const client = this.#deps.client();
    const out = { refreshed: [] as string[], problems: [] as string[] };
    if (sheet === undefined || baselines === undefined || client === undefined) return out;
    for (const choice of this.choices()) {
      const target = targetOf(choice.value);
      const layout = await sheet.layout(target).catch(() => undefined);
      if (layout === undefined) continue;
      const label = t('grid.open.label', { plan: choice.label });
      try {
        const language = this.#deps.language();
        const typed = gridSheetEdits(layout, await sheet.read(layout), language);
        if (typed.edits.length > 0 || typed.problems.length > 0) {
          out.problems.push(t('grid.open.pending', { grid: label }));
          continue;
        }
        const context = { client, port: sheet, baselines, language, today: this.#deps.today(), monthLabel: monthLabeller(language) };
        const built = await buildPlanGrid(context, { target, horizon: layout.horizon, day: layout.day });
        if (choice.value === this.#view.plan) await this.#keep(built);
        out.refreshed.push(label);
      } catch (error) {
        out.problems.push(t('grid.open.failed', { grid: label, reason: messageOf(error) }));
      }
    }
    return out;
  }

  /**
   * Figures typed into the workbook's grids and not sent yet (cells that differ from what was built, or are no amount).
   * A grid whose rows were moved counts as one: what was typed there cannot be told apart until it is built again.
   */
  async pendingFigures(): Promise<number> {
    const { sheet } = this.#deps;
    if (sheet === undefined) return 0;
    let figures = 0;
    for (const choice of this.choices()) {
      const layout = await sheet.layout(targetOf(choice.value)).catch(() => undefined);
      if (layout === undefined) continue;
      const cells = await sheet.read(layout).catch(() => undefined); // the grid's sheet is gone: nothing typed is left
      if (cells === undefined) continue;
      try {
        const typed = gridSheetEdits(layout, cells, this.#deps.language());
        figures += typed.edits.length + typed.problems.length;
      } catch (error) {
        if (!(error instanceof GridLayoutChangedError)) throw error;
        figures += 1;
      }
    }
    return figures;
  }

  /**
   * Why the target's grid may not be written anew (Build, Undo): figures typed into it wait to be sent, named by cell
   * (a rebuild would overwrite them). A sheet whose rows no longer read as the grid's (rows moved, or the user's own
   * sheet of that name) is refused as holding other data. Undefined: nothing waits (no grid, its sheet gone or empty).
   */
  async #waiting(target: BudgetTarget): Promise<AccountMessage | undefined> {
    const { sheet, t } = this.#deps;
    const layout = await sheet?.layout(target).catch(() => undefined);
    if (sheet === undefined || layout === undefined) return undefined;
    const cells = await sheet.read(layout).catch(() => undefined); // the grid's sheet is gone: nothing typed is left
    if (cells === undefined || cells.every((row) => row.every((value) => value === null))) return undefined;
    const name = gridBudgetsTable(target).sheetName;
    const typed = typedIn(layout, cells, this.#deps.language(), name);
    const places: GridPlace[] = [...typed.edits, ...typed.problems.map((p) => placeAt(layout, p.row, p.month))];
    if (places.length === 0) return undefined;
    const language = this.#deps.language();
    const plural = new Intl.PluralRules(LOCALES[language]).select(places.length) === 'one' ? 'one' : 'other';
    return {
      intent: 'warning',
      text: t(`grid.waiting.${plural}`, { count: formatCount(places.length, language), sheet: name }),
      notes: places.map((place) => t('grid.waiting.cell', named(layout, place, t))),
    };
  }

  /** Keeps the grid for the compositions and watches its sheet's selection (once per plan's sheet). */
  async #keep(built: BuiltPlanGrid): Promise<void> {
    this.#built = built;
    this.#set({ composition: undefined });
    const sheet = this.#deps.sheet;
    if (sheet?.watchSelection === undefined || this.#watch?.plan === this.#view.plan) return;
    await this.#watch?.stop().catch(() => undefined);
    const plan = this.#view.plan;
    const stop = await sheet.watchSelection(targetOf(plan), (row, month) => this.select(row, month)).catch(() => undefined);
    this.#watch = stop === undefined ? undefined : { plan, stop };
  }

  /** The user selected a cell of the grid (its row and month index): what makes it up, from the grid as built. */
  select(row: number, month: number): void {
    const built = this.#built;
    if (built === undefined) return;
    const composition = cellComposition(built.grid, built.figures, row, month);
    this.#selected = composition === null ? undefined : { row, month };
    this.#set({ composition: composition ?? undefined });
  }

  /** "Copy last year's actuals": each plan month of the selected category gets its actuals of a year earlier. Nothing is sent. */
  async copyLastYear(): Promise<void> {
    await this.#fill(async (client, built, at) => {
      const from = built.grid.firstPlanMonth;
      const months = built.grid.months.slice(from);
      return { from, cents: await lastYearActuals(client, at.categoryId, months), done: 'grid.fill.copied' };
    });
  }

  /** "Spread a yearly figure" over twelve months from the selected one, evenly or in last year's pattern. Nothing is sent. */
  async spreadYear(text: string, pattern: 'even' | 'lastYear'): Promise<void> {
    const parsed = parseLocaleDecimal(text, this.#deps.language());
    if (!parsed.ok)
      return this.#set({ message: { intent: 'error', text: this.#deps.t('grid.fill.notAmount', { value: text }), notes: [] } });
    const total = Math.round(Number(parsed.value) * 100);
    await this.#fill(async (client, built, at) => {
      const months = built.grid.months.slice(at.month, at.month + 12);
      if (months.length < 12) throw new FillRefusal(this.#deps.t('grid.fill.shortGrid', { count: months.length }));
      const weights = pattern === 'even' ? months.map(() => 1) : await lastYearActuals(client, at.categoryId, months);
      return { from: at.month, cents: spread(total, weights), done: 'grid.fill.spread' };
    });
  }

  async #fill(
    work: (
      client: CashflowClient,
      built: BuiltPlanGrid,
      at: { row: number; month: number; categoryId: number },
    ) => Promise<{ from: number; cents: number[]; done: MessageKey }>,
  ): Promise<void> {
    const { sheet, t } = this.#deps;
    const client = this.#deps.client();
    const built = this.#built;
    const selected = this.#selected;
    const composition = this.#view.composition;
    if (sheet === undefined || client === undefined || built === undefined || this.#view.status !== 'idle') return;
    if (selected === undefined || composition === undefined || composition.kind !== 'plan')
      return this.#set({ message: { intent: 'info', text: t('grid.fill.selectFirst'), notes: [] } });
    this.#set({ status: 'filling', message: undefined });
    try {
      const { from, cents, done } = await work(client, built, { ...selected, categoryId: composition.categoryId });
      await sheet.fill(built.sheet.layout, selected.row, from, cents);
      this.#set({
        status: 'idle',
        message: { intent: 'success', text: t(done, { category: composition.category, count: cents.length }), notes: [] },
      });
    } catch (error) {
      const text = error instanceof FillRefusal ? error.message : t('grid.card.failed', { reason: messageOf(error) });
      this.#set({ status: 'idle', message: { intent: 'error', text, notes: [] } });
    }
  }

  #spec(): GridSpec {
    return { target: targetOf(this.#view.plan), horizon: { from: this.#view.from, months: this.#view.months }, day: this.#view.day };
  }

  async #run(
    status: PlanGridView['status'],
    work: (context: Parameters<typeof buildPlanGrid>[0], journal: PushJournal) => Promise<AccountMessage>,
  ): Promise<void> {
    const { sheet, baselines, journal, t } = this.#deps;
    const client = this.#deps.client();
    if (sheet === undefined || baselines === undefined || journal === undefined || this.#view.status !== 'idle') return;
    if (client === undefined) return this.#set({ message: { intent: 'error', text: t('grid.card.notConnected'), notes: [] } });
    this.#set({ status, message: undefined });
    try {
      const language = this.#deps.language();
      const context = { client, port: sheet, baselines, language, today: this.#deps.today(), monthLabel: monthLabeller(language) };
      this.#set({ status: 'idle', message: await work(context, journal) });
    } catch (error) {
      const reason =
        error instanceof PlanSheetInUseError
          ? t('grid.sheetInUse', { sheet: error.sheet })
          : error instanceof BudgetSeriesError
            ? t('functions.error.budgetSeries')
            : messageOf(error);
      this.#set({ status: 'idle', message: { intent: 'error', text: t('grid.card.failed', { reason }), notes: [] } });
    }
  }
}

/** The figures typed into a grid's cells; a sheet whose rows do not read as the grid's is someone's: refused. */
function typedIn(layout: GridSheetLayout, cells: CoreValue[][], language: Language, sheet: string): GridSheetRead {
  try {
    return gridSheetEdits(layout, cells, language);
  } catch (error) {
    throw error instanceof GridLayoutChangedError ? new PlanSheetInUseError(sheet) : error;
  }
}

/** What did not land, per figure: its row's label (as the user saw it) and month, why, and where the figure is. */
function keptNotes(layout: GridSheetLayout, kept: readonly KeptFigure[], t: PlanGridDeps['t']): string[] {
  return kept.map((k) => {
    const params = { category: k.label, month: named(layout, k, t).month, reason: k.message };
    // The rebuilt grid lost the figure's row (its category gone from the service): the note carries the figure instead.
    return placeIn(layout, k) === undefined
      ? t('grid.card.keptOff', { ...params, value: String(k.typed ?? '') })
      : t('grid.card.kept', params);
  });
}

/** A cell as the pane names it: its row's label (a category's, a computed row's) and its month, or "Total". */
function named(layout: GridSheetLayout, place: GridPlace, t: PlanGridDeps['t']): { category: string; month: string } {
  const at = placeIn(layout, place);
  const category = at === undefined ? String(place.categoryId ?? place.line ?? '') : (layout.rows[at.row]?.label ?? '');
  return { category, month: place.month === GRID_TOTAL ? t('grid.header.total') : place.month };
}

/** `2026-12` → `Dec 2026` (`Dez. 2026`, `dic 2026`): the grid's month headers in the pane's language. */
export function monthLabeller(language: Language): (month: string) => string {
  const format = new Intl.DateTimeFormat(LOCALES[language], { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (month) => format.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
}

class FillRefusal extends Error {}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
