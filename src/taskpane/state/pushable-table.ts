/**
 * Which pulled tables the pane sends from, and how: a pushable table's model, the WriteModel its push and undo run
 * over (src/sync/push), and what the pane can say before anything is sent (a committed plan). Every rule is in the
 * core; this only maps a pull target to it.
 */

import type { Plan } from '../../api';
import type { PullTarget } from '../../sync/pull';
import { budgetWriteModel, planOf, type PushReference, type WriteModel } from '../../sync/push';
import { FORECAST_BUDGETS_TABLE, scenarioBudgetsTable, type TableModel } from '../../sync/tables';

export interface PushableTable {
  model: TableModel<unknown>;
  writeModel: WriteModel<unknown>;
  /** The plan the table writes into when the reference read on connect says it is committed (budgets only). */
  committedPlan(reference: PushReference | undefined): Plan | undefined;
}

/** A pushable table's model and WriteModel, from its pull target; undefined for the tables nothing is sent from. */
export function pushableOf(target: PullTarget): PushableTable | undefined {
  switch (target.resource) {
    case 'forecastBudgets':
    case 'scenarioBudgets': {
      const plan =
        target.resource === 'forecastBudgets'
          ? ({ kind: 'forecast' } as const)
          : ({ kind: 'scenario', scenarioId: target.scenarioId } as const);
      const model = plan.kind === 'forecast' ? FORECAST_BUDGETS_TABLE : scenarioBudgetsTable(plan.scenarioId);
      const committedPlan = (reference: PushReference | undefined) => {
        const found = planOf(reference?.plans ?? [], plan);
        return found?.is_committed === true ? found : undefined;
      };
      return { model, writeModel: budgetWriteModel(model, plan), committedPlan };
    }
    default:
      return undefined;
  }
}
