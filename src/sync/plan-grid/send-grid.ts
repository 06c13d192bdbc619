/**
 * Sending a planning grid's typed figures (#31), as named steps: the edit plan (grid-edits.ts) becomes rows of the
 * grid's own budget table (update the amount, add a new one-time budget, remove a cleared one), and that table goes
 * through the budget writer's push (`pushTable` over `budgetWriteModel`): rows checked before anything is sent, the
 * three-way read against the baseline stored when the grid was built (a grid budget someone changed since is a
 * conflict, never overwritten), the journal entry, and the undo of the newest send (`undoGridSend`). Budgets that are
 * not the grid's are not rows of this table: nothing can write them. Removing a cleared cell's budget is what the
 * user asked for by clearing it, so the grid's deletes are confirmed by the send itself.
 */

import type { Budget, CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { BaselineStore } from '../push/baseline';
import { budgetWriteModel } from '../push/budget-write-model';
import { MemoryPushSheet } from '../push/memory-push-sheet';
import type { PushJournal } from '../push/push-port';
import type { PushOptions, PushReference, PushResult } from '../push/push-result';
import { pushTable } from '../push/push-table';
import type { BudgetTarget } from '../push/service-row';
import { undoPush, type UndoResult } from '../push/undo-push';
import type { Lookups } from '../tables/lookups';
import type { TableModel } from '../tables/table-model';
import type { GridChange, GridEditPlan } from './grid-edits';
import type { GridFigures } from './grid-figures';
import { gridBudgetsTable, newGridBudgetRow, ownBudgetRows } from './grid-budgets';
import { gridSettlementDate, type SettlementDay } from './grid-month';

export interface GridSendOptions {
  client: CashflowClient;
  target: BudgetTarget;
  baselines: BaselineStore;
  journal?: PushJournal;
  language: Language;
  lookups: Lookups;
  /** The figures the grid was built from (its own budgets as the stored baseline holds them). */
  figures: GridFigures;
  /** The day of the month new grid budgets are settled on. */
  day: SettlementDay;
  reference?: PushReference;
  signal?: AbortSignal;
  onProgress?: PushOptions['onProgress'];
}

export interface GridSendResult {
  push: PushResult;
  /** The table the grid's budgets were sent as (its name is the journal's). */
  sheet: MemoryPushSheet;
}

export async function sendGridEdits(plan: GridEditPlan, options: GridSendOptions): Promise<GridSendResult> {
  const model = gridBudgetsTable(options.target);
  const sheet = ownBudgetSheet(model, options);
  applyChanges(sheet, model, plan.changes, options);
  const push = await pushTable(budgetWriteModel(model, options.target), {
    ...pushOptions(options, sheet),
    choices: { deletes: true },
  });
  return { push, sheet };
}

/** Undoes the grid's newest send that landed something (the budget writer's undo over the grid's table). */
export function undoGridSend(options: Omit<GridSendOptions, 'day' | 'journal'> & { journal: PushJournal }): Promise<UndoResult> {
  const model = gridBudgetsTable(options.target);
  return undoPush(budgetWriteModel(model, options.target), {
    ...pushOptions(options, ownBudgetSheet(model, options)),
    journal: options.journal,
  });
}

function ownBudgetSheet(model: TableModel<Budget>, options: Pick<GridSendOptions, 'figures' | 'lookups'>): MemoryPushSheet {
  return new MemoryPushSheet(model as TableModel<unknown>, ownBudgetRows(model, options.figures, options.lookups));
}

function pushOptions(options: Omit<GridSendOptions, 'day'>, sheet: MemoryPushSheet): PushOptions {
  return {
    client: options.client,
    sheet,
    baselines: options.baselines,
    ...(options.journal ? { journal: options.journal } : {}),
    language: options.language,
    baselineState: 'stored',
    ...(options.reference ? { reference: options.reference } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    label: translate(options.language, 'grid.tableLabel'),
  };
}

function applyChanges(sheet: MemoryPushSheet, model: TableModel<Budget>, changes: readonly GridChange[], options: GridSendOptions): void {
  const removed = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'create') {
      const name = translate(options.language, 'grid.budgetName', {
        category: options.lookups.categoryPath(change.cell.categoryId) ?? String(change.cell.categoryId),
        month: change.cell.month,
      });
      const row = newGridBudgetRow(
        model,
        { ...change.cell, externalId: change.externalId, name, cents: change.cents, day: options.day, today: options.figures.today },
        options.lookups,
      );
      sheet.rows.push({ cells: row, status: '', highlight: [] });
      continue;
    }
    const at = sheet.find(change.budgetId);
    if (at < 0) throw new Error(`The grid budget ${change.externalId} is not among the grid's own budgets.`);
    if (change.kind === 'update') {
      // The grid's budget is the cell's one figure: one-time, in the cell's month, on the chosen day. Someone may have
      // made it recurring or moved it; only the amount would change every month it falls in, or another month.
      sheet.set(at, 'amount', change.cents / 100);
      sheet.set(at, 'frequency', '');
      sheet.set(at, 'settlement_date', gridSettlementDate(change.cell.month, options.day, options.figures.today));
    } else removed.add(at);
  }
  sheet.rows = sheet.rows.filter((_, i) => !removed.has(i));
}
