/**
 * PLANNED: the planned amount of a category (subcategories included) in a date range, of the forecast or of one
 * scenario, as the service's budget list totals it: the list's `sum` (of `amount`) over the budgets whose
 * `settlement_date` lies in the range, filtered by `category`. A scenario's list holds only the scenario's own
 * budgets (the spec's `GET /scenarios/{id}/budgets/`), so its figure is what the scenario itself plans. The calls
 * of a batch are served per plan by the summed plan over the plan's budget list.
 */

import type { CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { checked } from './argument-check';
import { type ArgumentValue, type DateRange, parseCategory } from './arguments';
import { budgetSums } from './budget-sums';
import type { Work } from './keyed-jobs';
import { parseScenario, planKey, type PlanRef, scenarioOmitted } from './plan-argument';
import type { LoadedReferences, Reference } from './references';
import type { SumCall } from './sum-source';
import { serveSums, type SumWorksContext } from './sum-works';

export interface PlannedArguments {
  category: ArgumentValue;
  range: DateRange;
  scenario: ArgumentValue;
}

export interface PlannedCall extends SumCall {
  plan: PlanRef;
}

export function plannedNeeds(scenario: ArgumentValue): Reference[] {
  return scenarioOmitted(scenario) ? ['categories'] : ['categories', 'plans'];
}

/** The normalized call; throws the `badArgument` of a category or scenario it cannot resolve. */
export function plannedCall(args: PlannedArguments, references: LoadedReferences, language: Language): PlannedCall {
  const category = checked(parseCategory(args.category, references.categories().index, language));
  const plan = scenarioOmitted(args.scenario) ? 'forecast' : checked(parseScenario(args.scenario, references.plans(), language));
  return {
    key: `planned|${planKey(plan)}|${category}|${args.range.from}|${args.range.to}`,
    category,
    ...args.range,
    account: undefined,
    plan,
  };
}

export function servePlanned(
  works: readonly Work<PlannedCall, number>[],
  client: Pick<CashflowClient, 'forecastBudgets' | 'scenarioBudgets'>,
  context: SumWorksContext,
): Promise<void> {
  return serveSums(
    works,
    (call) => ({
      key: planKey(call.plan),
      source: () => budgetSums(call.plan === 'forecast' ? client.forecastBudgets : client.scenarioBudgets(call.plan.scenario)),
    }),
    context,
  );
}
