/**
 * Budgets as a WriteModel (write-model.ts): a forecast or scenario table, its plan refused when committed, the row
 * check of budget-row-check.ts, the requests of plan-requests.ts (PATCH by external ID, PUT by id, POST, DELETE; one
 * row a request), the whole-row writes the user confirms first, the writes of budget-writes.ts and the undo of
 * budget-undo.ts.
 */

import type { Budget, Category } from '../../api';
import { budgetEndpoints } from './budget-endpoints';
import { wholeRowOver } from './budget-body';
import { columnOf } from './budget-patch';
import { checkBudgetRows } from './budget-row-check';
import { createBudget, deleteBudget, patchBudget, replaceBudget, type BudgetWriteContext } from './budget-writes';
import { undoBudgetRow } from './budget-undo';
import { sameValue } from './diff';
import { planRequests, type BudgetPlan, type PushRequest } from './plan-requests';
import { PushRefusedError } from './push-refused-error';
import { adoptionExternalId, type PushChoices } from './push-result';
import { waiting, type RowVerdict } from './row-verdict';
import { isAddressable, planOf, serviceRow, withoutId, type BudgetTarget } from './service-row';
import { EXTERNAL_ID_FIELD } from './three-way';
import type { OpenContext, OpenedModel, PushTableModel, RowsById, Update, Write, WriteModel } from './write-model';

export function budgetWriteModel(table: PushTableModel<Budget>, target: BudgetTarget): WriteModel<Budget> {
  // The category cell also takes a name or a path (the row check resolves it): text there is not a cell problem.
  const categoryHeader = table.columns.find((c) => c.write?.field === 'category')?.header.toLowerCase();
  return {
    table,
    columnOf,
    generatesExternalIds: true,
    checksCellText: (header) => header.toLowerCase() === categoryHeader,
    open: (context) => openBudgets(table, target, context),
  };
}

/** The plan the table's budgets belong to, or the refusal: none, or committed. */
function budgetPlanOf(target: BudgetTarget, context: OpenContext): BudgetPlan {
  const plan = planOf(context.reference.plans, target);
  if (plan === undefined) throw new PushRefusedError(context.t('push.refused.noPlan', context.named), 'noPlan');
  if (plan.is_committed)
    throw new PushRefusedError(context.t('push.refused.committed', { ...context.named, plan: plan.name }), 'committed');
  return target.kind === 'forecast' ? { kind: 'forecast', planId: plan.id } : { kind: 'scenario', scenarioId: plan.id };
}

function openBudgets(table: PushTableModel<Budget>, target: BudgetTarget, context: OpenContext): OpenedModel<Budget> {
  const plan = budgetPlanOf(target, context);
  const writes: BudgetWriteContext = { ...context, table, columnOf, endpoints: budgetEndpoints(context.client, plan) };
  const write = (op: Write['op'], head: Write['heads'][number], run: () => Promise<RowVerdict>): Write => ({
    op,
    heads: [head],
    run: async () => [await run()],
  });
  return {
    check: (rows, { baseline, checkedIds, deletedIds }) =>
      checkBudgetRows(rows, {
        categories: context.reference.categories as readonly Category[],
        accounts: context.reference.accounts.map((a) => a.id),
        existingExternalIds: baseline
          .filter((b) => !checkedIds.has(b.id) && !deletedIds.has(b.id) && b.externalId !== null)
          .map((b) => b.externalId as string),
        pulledExternalIds: new Map(baseline.map((b) => [b.id, b.externalId])),
        language: context.language,
      }),
    plan: (changes, rowsById, unchanged) =>
      planRequests(plan, { changes: [...changes], problems: [], unchanged }, rowsById, context.language),
    confirm: (request, choices, rowsById) => confirmBudget(request, choices, rowsById, context),
    readByIds: async (ids) => (await writes.endpoints.readByIds(ids, context.signal)).map((b) => serviceRow(table, b, context.lookups)),
    create: (head, body, resolution) => write('create', head, () => createBudget(writes, head, body, resolution)),
    recreate: (head, request, rowsById) => {
      const row = 'id' in request ? rowsById.get(request.id) : undefined;
      const body = { ...withoutId(row?.fields ?? {}), ...(isAddressable(head.ref.externalId) ? { external_id: head.ref.externalId } : {}) };
      return write('create', head, () => createBudget(writes, head, body, undefined));
    },
    update: (update) => updateBudget(writes, update, write),
    remove: (head, base, theirs, request) => {
      const byExternal = theirs.externalId !== null && request.op === 'deleteByExternalId';
      return write('delete', head, () =>
        deleteBudget(
          writes,
          head,
          base,
          theirs,
          byExternal && theirs.externalId !== null ? { externalId: theirs.externalId } : { id: request.id },
        ),
      );
    },
    undo: (row, theirs) => undoBudgetRow(writes, row, theirs),
  };
}

/** A whole-row write waits for the user's confirmation (a change made on the service between the read and the PUT is overwritten). */
function confirmBudget(
  request: PushRequest,
  choices: PushChoices,
  rowsById: RowsById,
  context: OpenContext,
): { request: PushRequest } | { waits: string } {
  const confirmed = (id: number) => choices.replace?.has(id) ?? false;
  if (request.op === 'replaceById' && !confirmed(request.id) && !choices.wholeRows)
    return { waits: context.t('push.status.needsReplace', { suggestion: adoptionExternalId(request.id) }) };
  if (request.op === 'patch' && confirmed(request.id)) {
    // The Replace row action: the whole row by its internal id (the service's only PUT for forecast budgets).
    const row = rowsById.get(request.id);
    const externalId = (request.body.external_id as string | undefined) ?? request.externalId;
    return {
      request: { op: 'replaceById', id: request.id, position: request.position, body: { ...(row?.fields ?? {}), external_id: externalId } },
    };
  }
  return { request };
}

type MakeWrite = (op: Write['op'], head: Update['head'], run: () => Promise<RowVerdict>) => Write;

/** A changed row with fields to send: a PATCH by its external ID, or the whole row over the service's. */
function updateBudget(
  context: BudgetWriteContext,
  { head, request, send, settled, theirs }: Update<Budget>,
  write: MakeWrite,
): Write | RowVerdict {
  if (request.op === 'patch') {
    const path = theirs.externalId ?? request.externalId;
    if (!isAddressable(path))
      return waiting(head, 'needsReplace', context.t('push.status.needsReplace', { suggestion: adoptionExternalId(request.id) }), {
        op: 'patch',
      });
    // The request's body has the spec's clearing rules applied (budget-patch.ts): take each field to send from it.
    const body: Record<string, unknown> = Object.fromEntries(
      Object.entries(send).map(([f, v]) => [f, f in request.body ? request.body[f] : v]),
    );
    if (EXTERNAL_ID_FIELD in body && sameValue(body[EXTERNAL_ID_FIELD], path)) delete body[EXTERNAL_ID_FIELD];
    // Only the cells this push settles are set: an edit the user makes meanwhile in another cell stays.
    const cells = new Set([...Object.keys(body), ...settled]);
    return write('patch', head, () => patchBudget(context, head, path, body, theirs, cells));
  }
  if (request.op !== 'replaceById') throw new Error('budgets are patched by external ID or replaced by id');
  // A whole row changes only what the user changed: the service's row as just read, the sent fields over it (a
  // field changed on the service alone, and every field the sheet does not show, keeps the service's value).
  const changes: Record<string, unknown> = {};
  for (const f of Object.keys(send)) changes[f] = f in request.body ? request.body[f] : send[f];
  if (EXTERNAL_ID_FIELD in changes && !isAddressable(changes[EXTERNAL_ID_FIELD] as string | null)) delete changes[EXTERNAL_ID_FIELD];
  const budget = theirs.record;
  return write('replace', head, () =>
    replaceBudget(context, head, request.id, wholeRowOver(budget, changes), request.dropsExternalId !== undefined, theirs),
  );
}
