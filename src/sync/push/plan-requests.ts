/**
 * Which request sends each change of a budget table (api-spec.md, "Budget operations"):
 * - a changed row with an addressable external ID: PATCH by external ID with only the changed fields
 *   (`/plans/{plan_id}/budgets/external/{ext}/` for the forecast, `/scenarios/{id}/budgets/external/{ext}/` for a
 *   scenario), renaming when the external ID cell changed;
 * - a changed row without an external ID, or with `.` or `/` in it (the external-ID paths cannot address it):
 *   PUT by internal ID with the whole row (`/plans/{plan_id}/budgets/{id}/`; the push lays the changed fields over
 *   the service's current row, read just before, so that a PUT changes only what the user changed; the view still
 *   confirms it first). The service refuses `.` and `/` in a body's external ID, so
 *   such an ID cannot survive the replace: the request says so (`dropsExternalId`) for the view to ask;
 * - a new row: POST to the forecast or the scenario;
 * - a deleted row: DELETE by external ID when addressable, else by internal ID.
 * A row whose changes cannot be sent (a cleared required value) plans no request and keeps its problems.
 */

import { isAddressableExternalId } from '../../api/path-segment';
import type { Language } from '../../i18n/catalog';
import { budgetPatch } from './budget-patch';
import type { Fields, RowChange, TableDiff } from './diff';
import type { BlockedRow, PushRequest } from './push-request';

/** Where the table's budgets live: the forecast (its plan id from `GET /plans/`) or a scenario (a plan of type SCENARIO). */
export type BudgetPlan = { kind: 'forecast'; planId: number } | { kind: 'scenario'; scenarioId: number };

export type { BlockedRow, PushRequest } from './push-request';

export interface PushPlan {
  plan: BudgetPlan;
  requests: PushRequest[];
  blocked: BlockedRow[];
}

/** The plan id the `/plans/{plan_id}/budgets/…` paths take: the forecast's plan, or the scenario (itself a plan). */
export function planIdOf(plan: BudgetPlan): number {
  return plan.kind === 'forecast' ? plan.planId : plan.scenarioId;
}

const addressable = (externalId: string | null | undefined): externalId is string =>
  typeof externalId === 'string' && externalId !== '' && isAddressableExternalId(externalId);

/** The whole row as a create or replace body: its fields, and its external ID when the service can take it. */
function wholeRow(fields: Fields, externalId: string | null | undefined): Record<string, unknown> {
  return { ...fields, ...(addressable(externalId) ? { external_id: externalId } : {}) };
}

export function planRequests(
  plan: BudgetPlan,
  diff: TableDiff,
  rowsById: ReadonlyMap<number, { fields: Fields; externalId: string | null }>,
  language: Language,
): PushPlan {
  const requests: PushRequest[] = [];
  const blocked: BlockedRow[] = [];
  for (const change of diff.changes) planOne(change);
  return { plan, requests, blocked };

  function planOne(change: RowChange): void {
    switch (change.kind) {
      case 'new':
        requests.push({ op: 'create', body: wholeRow(change.row.fields, change.row.externalId), position: change.row.position });
        return;
      case 'deleted':
        requests.push(
          addressable(change.externalId)
            ? { op: 'deleteByExternalId', id: change.id, externalId: change.externalId }
            : { op: 'deleteById', id: change.id },
        );
        return;
      case 'changed': {
        const patch = budgetPatch(change, language);
        if (!patch.ok) {
          blocked.push({ id: change.id, position: change.position, problems: patch.problems });
          return;
        }
        if (addressable(change.externalId)) {
          requests.push({ op: 'patch', id: change.id, externalId: change.externalId, body: patch.body, position: change.position });
          return;
        }
        const row = rowsById.get(change.id);
        const externalId = change.renamedTo === undefined ? change.externalId : change.renamedTo;
        const dropped =
          typeof externalId === 'string' && externalId !== '' && !addressable(externalId) ? { dropsExternalId: externalId } : {};
        requests.push({
          op: 'replaceById',
          id: change.id,
          body: wholeRow(row?.fields ?? {}, externalId),
          position: change.position,
          ...dropped,
        });
      }
    }
  }
}
