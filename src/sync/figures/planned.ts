/**
 * PLANNED: the planned amount of a category (subcategories included) in a date range, of the forecast or of one
 * scenario: what its budgets pay in the range (#31). A one-time budget pays its amount on its settlement date: the
 * budget list's `sum` over the one-time budgets settled in the range (`budget-sums.ts`, the calls of a batch served per
 * plan by the summed plan); a recurring budget pays on every occurrence of its series (`recurring-budgets.ts`, read
 * once per plan and batch). A scenario's list holds only the scenario's own budgets (the spec's
 * `GET /scenarios/{id}/budgets/`), so its figure is what the scenario itself plans.
 */

import type { CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { checked } from './argument-check';
import { type ArgumentValue, type DateRange, parseCategory } from './arguments';
import { budgetSums, type BudgetList } from './budget-sums';
import { recurringBudgets, type RecurringBudgets } from './recurring-budgets';
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

export async function servePlanned(
  works: readonly Work<PlannedCall, number>[],
  client: Pick<CashflowClient, 'forecastBudgets' | 'scenarioBudgets'>,
  context: SumWorksContext,
): Promise<void> {
  const listOf = (plan: PlanRef): BudgetList => (plan === 'forecast' ? client.forecastBudgets : client.scenarioBudgets(plan.scenario));
  const byPlan = new Map<string, Work<PlannedCall, number>[]>();
  for (const work of works) byPlan.set(planKey(work.job.plan), [...(byPlan.get(planKey(work.job.plan)) ?? []), work]);
  await Promise.all(
    [...byPlan.values()].map(async (group) => {
      const first = group[0] as Work<PlannedCall, number>;
      const to = group.reduce((last, w) => (w.job.to > last ? w.job.to : last), first.job.to);
      let recurring: RecurringBudgets;
      try {
        recurring = await recurringBudgets(listOf(first.job.plan), to, context.tree, context.signal);
      } catch (error) {
        for (const work of group) work.settle({ ok: false, error });
        return;
      }
      // Each call's one-time sum, plus what its recurring budgets pay in its range.
      const withRecurring = group.map((work) => ({
        key: work.key,
        job: work.job,
        settle: (outcome: Parameters<typeof work.settle>[0]) => {
          if (!outcome.ok) return work.settle(outcome);
          try {
            work.settle({ ok: true, value: outcome.value + recurring.cents(work.job) });
          } catch (error) {
            work.settle({ ok: false, error }); // a series past any number (BudgetSeriesError)
          }
        },
      }));
      await serveSums(withRecurring, (call) => ({ key: planKey(call.plan), source: () => budgetSums(listOf(call.plan)) }), context);
    }),
  );
}
