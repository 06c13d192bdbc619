import { type BudgetInput, type BudgetPatch, serializeBudget } from './budget-input';
import { type Budget, type BudgetPatchResponse, BudgetPatchAnswerSchema, BudgetWriteAnswerSchema } from './budget-schema';
import { externalIdSegment, pathId } from './path-segment';
import type { RequestOptions } from './request-options';
import type { Transport } from './transport';

/** Budgets of one plan: `/plans/{plan_id}/budgets/…`. Budgets of a committed plan answer 403. */
export class PlanBudgetsResource {
  readonly #transport: Transport;
  readonly path: string;

  constructor(transport: Transport, planId: number) {
    this.#transport = transport;
    this.path = `/plans/${pathId(planId, 'plan_id', transport.language)}/budgets/`;
  }

  #idPath(id: number): string {
    return `${this.path}${pathId(id, 'id', this.#transport.language)}/`;
  }

  #externalPath(externalId: string): string {
    return `${this.path}external/${externalIdSegment(externalId, this.#transport.language)}/`;
  }

  /** PUT `/plans/{plan_id}/budgets/{id}/`: replaces the whole budget. */
  async replace(id: number, input: BudgetInput, options: RequestOptions = {}): Promise<Budget> {
    const body = serializeBudget(input, this.#transport.language);
    return this.#transport.request({ method: 'PUT', path: this.#idPath(id), body, signal: options.signal }, BudgetWriteAnswerSchema);
  }

  /** DELETE `/plans/{plan_id}/budgets/{id}/`. */
  async delete(id: number, options: RequestOptions = {}): Promise<void> {
    await this.#transport.requestNoContent({ method: 'DELETE', path: this.#idPath(id), signal: options.signal });
  }

  /** PATCH `/plans/{plan_id}/budgets/external/{external_id}/`. */
  async updateByExternalId(externalId: string, patch: BudgetPatch, options: RequestOptions = {}): Promise<BudgetPatchResponse> {
    const path = this.#externalPath(externalId);
    const body = serializeBudget(patch, this.#transport.language);
    return this.#transport.request({ method: 'PATCH', path, body, signal: options.signal }, BudgetPatchAnswerSchema);
  }

  /** DELETE `/plans/{plan_id}/budgets/external/{external_id}/`. */
  async deleteByExternalId(externalId: string, options: RequestOptions = {}): Promise<void> {
    await this.#transport.requestNoContent({ method: 'DELETE', path: this.#externalPath(externalId), signal: options.signal });
  }
}
