/**
 * The requests a WriteModel plans for the changes of a table (`OpenedModel.plan`), in the shapes the stages know:
 * - `patch`: the changed fields, by external ID (budgets);
 * - `patchById`: the changed fields, by id (invoices: one item of a PATCH array; the model batches the items);
 * - `replaceById`: the whole row by id (budgets without an addressable external ID, after the user's confirmation);
 * - `create`: a new row;
 * - `deleteByExternalId`, `deleteById`: a deleted row.
 * A change that cannot be sent plans no request and is a `BlockedRow` with its problems.
 */

export interface RequestProblem {
  field: string;
  message: string;
}

export type PushRequest =
  | { op: 'patch'; id: number; externalId: string; body: Record<string, unknown>; position: number }
  | { op: 'patchById'; id: number; body: Record<string, unknown>; position: number }
  /**
   * `dropsExternalId`: the row's external ID has `.` or `/`, which the service refuses in a body; a replace cannot
   * keep it (fields not sent reset), so the view asks first, or the user adopts the row with a new external ID.
   */
  | { op: 'replaceById'; id: number; body: Record<string, unknown>; position: number; dropsExternalId?: string }
  | { op: 'create'; body: Record<string, unknown>; position: number }
  | { op: 'deleteByExternalId'; id: number; externalId: string }
  | { op: 'deleteById'; id: number };

/** The requests that change a row the service holds (the three-way comparison meets them). */
export type UpdateRequest = Extract<PushRequest, { op: 'patch' | 'patchById' | 'replaceById' }>;
export type DeleteRequest = Extract<PushRequest, { op: 'deleteById' | 'deleteByExternalId' }>;

export interface BlockedRow {
  id: number | null;
  position: number;
  problems: RequestProblem[];
}
