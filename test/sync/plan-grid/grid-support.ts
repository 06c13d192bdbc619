/** Harness of the planning grid's tests: a sandbox on a fixed day, a client, and the grid built, typed and sent. */

import type { Budget, CashflowClient } from '../../../src/api';
import {
  cellKey,
  gridBudgetsTable,
  gridFigures,
  planGrid,
  planGridEdits,
  readGridSources,
  sendGridEdits,
  storeGridBaseline,
  undoGridSend,
  type GridEdit,
  type GridFigures,
  type GridHorizon,
  type GridSendResult,
  type PlanGrid,
  type SettlementDay,
} from '../../../src/sync/plan-grid';
import { MemoryBaselineStore, MemoryPushJournal, type BudgetTarget } from '../../../src/sync/push';
import { buildLookups, type Lookups } from '../../../src/sync/tables';
import { clientFor, startService, type Sandbox } from '../figures/support';

export const NOW = new Date('2026-11-26T10:00:00Z');
export const TODAY = '2026-11-26';

export { startService, clientFor, type Sandbox };

export interface BuiltGrid {
  grid: PlanGrid;
  figures: GridFigures;
  lookups: Lookups;
}

export class GridSession {
  readonly baselines = new MemoryBaselineStore();
  readonly journal = new MemoryPushJournal();
  built: BuiltGrid | undefined;

  constructor(
    readonly client: CashflowClient,
    readonly target: BudgetTarget,
    readonly horizon: GridHorizon,
  ) {}

  async build(): Promise<BuiltGrid> {
    const sources = await readGridSources(this.client, { target: this.target, from: this.horizon.from, today: TODAY });
    const figures = gridFigures(sources, this.horizon, TODAY, this.target);
    const lookups = buildLookups({ categories: sources.categories, accounts: sources.accounts });
    await storeGridBaseline(this.baselines, gridBudgetsTable(this.target), figures, lookups);
    this.built = { grid: planGrid(sources.categories, sources.plan, figures), figures, lookups };
    return this.built;
  }

  async send(edits: readonly GridEdit[], day: SettlementDay = 'last'): Promise<GridSendResult> {
    const built = this.#built();
    const plan = planGridEdits(built.grid, built.figures, edits);
    return sendGridEdits(plan, { ...this.#options(built), day });
  }

  undo(): ReturnType<typeof undoGridSend> {
    return undoGridSend(this.#options(this.#built()));
  }

  /** The figure a built grid shows for a leaf cell. */
  cell(categoryId: number, month: string): number | null {
    const built = this.#built();
    const row = built.grid.rows.find((r) => r.kind === 'leaf' && r.categoryId === categoryId);
    return row?.values[built.grid.months.indexOf(month)] ?? null;
  }

  ownBudget(categoryId: number, month: string): Budget | undefined {
    return this.#built().figures.own.get(cellKey({ categoryId, month }))?.budget;
  }

  #built(): BuiltGrid {
    if (!this.built) throw new Error('build the grid first');
    return this.built;
  }

  #options(built: BuiltGrid) {
    return {
      client: this.client,
      target: this.target,
      baselines: this.baselines,
      journal: this.journal,
      language: 'en' as const,
      lookups: built.lookups,
      figures: built.figures,
    };
  }
}

/** Every budget of the target's plan, by id. */
export async function budgetsOf(client: CashflowClient, target: BudgetTarget): Promise<Map<number, Budget>> {
  const list = target.kind === 'forecast' ? client.forecastBudgets : client.scenarioBudgets(target.scenarioId);
  return new Map((await list.pages({}).all()).map((b) => [b.id, b] as const));
}
