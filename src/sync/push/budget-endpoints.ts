/**
 * The budget requests of one table, whichever plan it holds (api-spec.md, "Budget operations"):
 * - the forecast: create with `POST /forecast/budgets/`, read with `GET /forecast/budgets/?ids=` and
 *   `/forecast/budgets/external/{ext}/`; update, replace and delete through its plan, `/plans/{forecast_plan_id}/budgets/…`;
 * - a scenario: create, read and update under `/scenarios/{id}/budgets/…` (its PATCH by external ID as the
 *   issue names it); replace by internal id and delete through `/plans/{scenario_id}/budgets/…` (a scenario is a plan).
 */

import {
  itemsByIds,
  NotFoundError,
  type Budget,
  type BudgetInput,
  type BudgetPatch,
  type BudgetPatchResponse,
  type CashflowClient,
} from '../../api';
import { planIdOf, type BudgetPlan } from './plan-requests';

export interface BudgetEndpoints {
  patch(externalId: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<BudgetPatchResponse>;
  replaceById(id: number, body: Record<string, unknown>, signal?: AbortSignal): Promise<Budget>;
  create(body: Record<string, unknown>, signal?: AbortSignal): Promise<Budget>;
  deleteByExternalId(externalId: string, signal?: AbortSignal): Promise<void>;
  deleteById(id: number, signal?: AbortSignal): Promise<void>;
  /** The plan's budgets with these ids (missing ones are absent), in as few requests as the id and URL limits allow. */
  readByIds(ids: readonly number[], signal?: AbortSignal): Promise<Budget[]>;
  /** The plan's budget with this external ID, or null when there is none. */
  readByExternalId(externalId: string, signal?: AbortSignal): Promise<Budget | null>;
}

const opts = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

export function budgetEndpoints(client: CashflowClient, plan: BudgetPlan): BudgetEndpoints {
  const planBudgets = client.planBudgets(planIdOf(plan));
  const scenario = plan.kind === 'scenario' ? client.scenarioBudgets(plan.scenarioId) : undefined;
  return {
    patch: (externalId, body, signal) =>
      scenario
        ? scenario.updateByExternalId(externalId, body as BudgetPatch, opts(signal))
        : planBudgets.updateByExternalId(externalId, body as BudgetPatch, opts(signal)),
    replaceById: (id, body, signal) => planBudgets.replace(id, body as unknown as BudgetInput, opts(signal)),
    create: (body, signal) =>
      scenario
        ? scenario.create(body as unknown as BudgetInput, opts(signal))
        : client.forecastBudgets.create(body as unknown as BudgetInput, opts(signal)),
    deleteByExternalId: (externalId, signal) => planBudgets.deleteByExternalId(externalId, opts(signal)),
    deleteById: (id, signal) => planBudgets.delete(id, opts(signal)),
    readByIds: (ids, signal) =>
      ids.length === 0
        ? Promise.resolve([])
        : scenario
          ? itemsByIds(scenario, ids, {}, opts(signal))
          : itemsByIds(client.forecastBudgets, ids, {}, opts(signal)),
    readByExternalId: async (externalId, signal) => {
      try {
        return await (scenario
          ? scenario.getByExternalId(externalId, opts(signal))
          : client.forecastBudgets.getByExternalId(externalId, opts(signal)));
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  };
}
