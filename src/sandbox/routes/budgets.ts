/**
 * Budget operations: forecast (list, create, get by external ID), scenario (list, create, get/PUT/PATCH
 * by external ID), plan (PUT/DELETE by internal ID, PATCH/DELETE by external ID). Everything else under
 * these path families is "not shown" and answers 404 (unknown path) or 405 (known path, other method).
 */
import { ApiError } from '../api-error';
import { fromCents } from '../amount';
import { budgetComparator, budgetFilter } from '../budget-query';
import { BUDGET_DEFAULTS, BUDGET_FIELD_NAMES, readBudgetFields, type BudgetFields } from '../budget-fields';
import { isRecord, pythonType } from '../body-reader';
import { t } from '../messages';
import type { Budget, Plan } from '../model';
import { paginate } from '../paginate';
import { FilterReader } from '../query-params';
import { companyOf, type HandlerResult, type RequestContext } from '../request-context';
import { defineRoute, type Route } from '../router';
import { budgetJson } from '../serializers/budget';

function notFound(context: RequestContext): ApiError {
  return new ApiError(404, { detail: t(context.lang, 'notFound') });
}

function forecast(context: RequestContext): Plan {
  const plan = context.store.forecastOf(companyOf(context.principal));
  if (!plan) throw notFound(context);
  return plan;
}

function scenario(context: RequestContext): Plan {
  const plan = context.store.plans.get(Number(context.params.scenario_id));
  if (!plan || plan.companyId !== companyOf(context.principal) || plan.type !== 'SCENARIO') throw notFound(context);
  return plan;
}

function plan(context: RequestContext): Plan {
  const found = context.store.plans.get(Number(context.params.plan_id));
  if (!found || found.companyId !== companyOf(context.principal)) throw notFound(context);
  return found;
}

function byExternalId(context: RequestContext, owner: Plan): Budget {
  const externalId = context.params.external_id;
  const found = [...context.store.budgets.values()].find((b) => b.planId === owner.id && b.externalId === externalId);
  if (!found) throw notFound(context);
  return found;
}

function byId(context: RequestContext, owner: Plan): Budget {
  const found = context.store.budgets.get(Number(context.params.id));
  if (!found || found.planId !== owner.id) throw notFound(context);
  return found;
}

function requireWritable(context: RequestContext, owner: Plan): void {
  if (owner.isCommitted) throw new ApiError(403, { detail: t(context.lang, 'committedPlan') });
}

function body(context: RequestContext): Record<string, unknown> {
  if (!isRecord(context.body)) {
    throw new ApiError(400, { non_field_errors: [t(context.lang, 'notADict', { datatype: pythonType(context.body) })] });
  }
  return context.body;
}

/** Validation shared by every write: field errors, unique external ID in the plan, inter_category rule. */
function validated(context: RequestContext, owner: Plan, mode: 'full' | 'partial', current: Budget | null) {
  const read = readBudgetFields(context.store, owner.companyId, body(context), context.lang, mode);
  const errors = { ...read.errors };
  const externalId = read.values.externalId;
  if (typeof externalId === 'string' && !errors.external_id) {
    const taken = [...context.store.budgets.values()].some(
      (b) => b.planId === owner.id && b.externalId === externalId && b.id !== current?.id,
    );
    if (taken) errors.external_id = [t(context.lang, 'unique')];
  }
  const interCompany =
    read.values.interCompany !== undefined ? read.values.interCompany : mode === 'full' ? null : (current?.interCompany ?? null);
  const interCategory =
    read.values.interCategory !== undefined ? read.values.interCategory : mode === 'full' ? null : (current?.interCategory ?? null);
  if (interCategory !== null && interCompany === null && !errors.inter_category) {
    errors.inter_category = [t(context.lang, 'interCategoryNeedsCompany')];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
  return read;
}

function create(owner: (context: RequestContext) => Plan) {
  return (context: RequestContext): HandlerResult => {
    const target = owner(context);
    const read = validated(context, target, 'full', null);
    const fields = { ...BUDGET_DEFAULTS, ...read.values } as BudgetFields;
    const budget: Budget = {
      ...fields,
      id: context.store.nextId('budget'),
      companyId: target.companyId,
      planId: target.id,
      baseCategories: [...fields.dependingCategories],
      source: null,
      dateCreated: context.now,
      dateUpdated: context.now,
    };
    context.store.budgets.set(budget.id, budget);
    context.store.touch();
    return { status: 201, body: budgetJson(context.store, budget) };
  };
}

/** PUT: replaces every field; `keepExternalId` is the path's external ID when addressed by it. */
function replace(context: RequestContext, owner: Plan, budget: Budget, keepExternalId: boolean): HandlerResult {
  requireWritable(context, owner);
  const read = validated(context, owner, 'full', budget);
  const fields = { ...BUDGET_DEFAULTS, ...read.values } as BudgetFields;
  if (keepExternalId && read.values.externalId === undefined) fields.externalId = budget.externalId;
  Object.assign(budget, fields, { baseCategories: [...fields.dependingCategories], dateUpdated: context.now });
  context.store.touch();
  return { status: 200, body: budgetJson(context.store, budget) };
}

/** PATCH: only the sent fields change; the answer holds `id` and the sent fields. */
function update(context: RequestContext, owner: Plan, budget: Budget): HandlerResult {
  requireWritable(context, owner);
  const read = validated(context, owner, 'partial', budget);
  Object.assign(budget, read.values, { dateUpdated: context.now });
  if (read.values.dependingCategories) budget.baseCategories = [...read.values.dependingCategories];
  context.store.touch();
  const full = budgetJson(context.store, budget);
  const answer: Record<string, unknown> = { id: budget.id };
  for (const key of read.sent) if (key in BUDGET_FIELD_NAMES) answer[key] = full[key];
  return { status: 200, body: answer };
}

function remove(context: RequestContext, owner: Plan, budget: Budget): HandlerResult {
  requireWritable(context, owner);
  context.store.budgets.delete(budget.id);
  context.store.touch();
  return { status: 204 };
}

/** Runs before a list answers: the fault injector's concurrent edits of the budgets a client asked for by id. */
export type BeforeBudgetList = (context: RequestContext, planIds: readonly number[], ids: readonly number[]) => void;

function list(owner: (context: RequestContext) => Plan, isForecast: boolean, before?: BeforeBudgetList) {
  return (context: RequestContext): HandlerResult => {
    const { store, query, lang } = context;
    const target = owner(context);
    const allBudgets = isForecast && new FilterReader(query, lang).boolean('all_budgets') === true;
    const planIds = allBudgets ? store.plansOf(target.companyId).map((p) => p.id) : [target.id];
    const ids = (query.get('ids') ?? '')
      .split(',')
      .map((id) => Number(id.trim()))
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    before?.(context, planIds, ids);
    const matches = store
      .budgetsOfPlans(planIds)
      .filter(budgetFilter(store, target.companyId, query, lang))
      .sort(budgetComparator(store, query, isForecast));
    const page = paginate(matches, context);
    const sum = fromCents(matches.reduce((s, b) => s + b.amount, 0));
    return {
      status: 200,
      body: {
        count: page.count,
        next: page.next,
        previous: page.previous,
        sum,
        results: { total: sum, budgets: page.items.map((b) => budgetJson(store, b)) },
      },
    };
  };
}

export function budgetRoutes(beforeList?: BeforeBudgetList): Route[] {
  return [
    defineRoute('/forecast/budgets/', {
      GET: { scope: 'company', run: list(forecast, true, beforeList) },
      POST: { scope: 'company', run: create(forecast) },
    }),
    defineRoute('/forecast/budgets/external/{external_id}/', {
      GET: { scope: 'company', run: (c) => ({ status: 200, body: budgetJson(c.store, byExternalId(c, forecast(c))) }) },
    }),
    defineRoute('/scenarios/{scenario_id}/budgets/', {
      GET: { scope: 'company', run: list(scenario, false, beforeList) },
      POST: { scope: 'company', run: create(scenario) },
    }),
    defineRoute('/scenarios/{scenario_id}/budgets/external/{external_id}/', {
      GET: { scope: 'company', run: (c) => ({ status: 200, body: budgetJson(c.store, byExternalId(c, scenario(c))) }) },
      PUT: { scope: 'company', run: (c) => replace(c, scenario(c), byExternalId(c, scenario(c)), true) },
      PATCH: { scope: 'company', run: (c) => update(c, scenario(c), byExternalId(c, scenario(c))) },
    }),
    defineRoute('/plans/{plan_id}/budgets/{id}/', {
      PUT: { scope: 'company', run: (c) => replace(c, plan(c), byId(c, plan(c)), false) },
      DELETE: { scope: 'company', run: (c) => remove(c, plan(c), byId(c, plan(c))) },
    }),
    defineRoute('/plans/{plan_id}/budgets/external/{external_id}/', {
      PATCH: { scope: 'company', run: (c) => update(c, plan(c), byExternalId(c, plan(c))) },
      DELETE: { scope: 'company', run: (c) => remove(c, plan(c), byExternalId(c, plan(c))) },
    }),
  ];
}
