/**
 * The optional `scenario` argument of PLANNED and BUDGETS: left out, the forecast; otherwise a plan id or a plan name
 * (case and surrounding spaces do not matter) of the forecast or of a scenario (`GET /plans/`, type `FORECAST` or
 * `SCENARIO`). Regular plans have no budget list the API shows, so they are not candidates. An unknown argument lists
 * the candidates; a name several plans share lists those.
 */

import { z } from 'zod';
import type { Plan } from '../../api';
import type { Language } from '../../i18n/catalog';
import { type ArgumentValue, blank, check, type Checked, fail } from './argument-check';

/** The forecast, or a scenario by its plan id (the `scenario_id` of `/scenarios/{scenario_id}/budgets/`). */
export type PlanRef = 'forecast' | { scenario: number };

const ID_TEXT = /^\d+$/;

/** `forecast` or `scenario:12`: the plan's part of a normalized key. */
export function planKey(plan: PlanRef): string {
  return plan === 'forecast' ? 'forecast' : `scenario:${plan.scenario}`;
}

const listed = (plans: readonly Plan[]) => plans.map((p) => `${p.name} (${p.id})`).join('; ');

function planSchema(plans: readonly Plan[]) {
  const candidates = plans.filter((p) => p.type === 'FORECAST' || p.type === 'SCENARIO');
  const ref = (plan: Plan): PlanRef => (plan.type === 'FORECAST' ? 'forecast' : { scenario: plan.id });
  return z.unknown().transform((value, ctx): PlanRef => {
    if (blank(value)) return 'forecast';
    const unknown = () => fail(ctx, 'functions.error.scenarioUnknown', { candidates: listed(candidates) });
    if (typeof value === 'number') {
      const plan = candidates.find((p) => p.id === value);
      return plan === undefined ? unknown() : ref(plan);
    }
    if (typeof value !== 'string') return unknown();
    const text = value.trim();
    const byId = ID_TEXT.test(text) ? candidates.find((p) => p.id === Number(text)) : undefined;
    if (byId !== undefined) return ref(byId);
    const wanted = text.toLowerCase();
    const matches = candidates.filter((p) => p.name.trim().toLowerCase() === wanted);
    if (matches.length === 1 && matches[0]) return ref(matches[0]);
    if (matches.length > 1) return fail(ctx, 'functions.error.scenarioAmbiguous', { candidates: listed(matches) });
    return unknown();
  });
}

/** True when the argument was left out: the forecast, and no plan list is needed. */
export function scenarioOmitted(value: ArgumentValue): boolean {
  return blank(value);
}

/** The optional scenario argument as the forecast or a scenario's plan id. */
export function parseScenario(value: ArgumentValue, plans: readonly Plan[], language: Language, argument = 'scenario'): Checked<PlanRef> {
  return check(planSchema(plans), value, argument, language);
}
