import { type BudgetInput, budgetList, type BudgetListParams, type BudgetPatch, serializeBudget } from './budget-input';
import {
  type Budget,
  type BudgetPage,
  type BudgetPatchResponse,
  BudgetPatchAnswerSchema,
  BudgetSchema,
  BudgetWriteAnswerSchema,
} from './budget-schema';
import { PagedList } from './paged-endpoint';
import { externalIdSegment, pathId } from './path-segment';
import type { RequestOptions } from './request-options';
import type { Transport } from './transport';

/** Budgets of one scenario: `/scenarios/{scenario_id}/budgets/` (the scenario's own budgets only). */
export class ScenarioBudgetsResource extends PagedList<BudgetListParams, BudgetPage, Budget> {
  readonly #transport: Transport;

  constructor(transport: Transport, scenarioId: number) {
    super(transport, budgetList(`/scenarios/${pathId(scenarioId, 'scenario_id', transport.language)}/budgets/`));
    this.#transport = transport;
  }

  #externalPath(externalId: string): string {
    return `${this.path}external/${externalIdSegment(externalId, this.#transport.language)}/`;
  }

  /** Creates a budget in the scenario (the scenario comes from the path, not the body). */
  async create(input: BudgetInput, options: RequestOptions = {}): Promise<Budget> {
    const body = serializeBudget(input, this.#transport.language);
    return this.#transport.request({ method: 'POST', path: this.path, body, signal: options.signal }, BudgetWriteAnswerSchema);
  }

  async getByExternalId(externalId: string, options: RequestOptions = {}): Promise<Budget> {
    return this.#transport.request({ method: 'GET', path: this.#externalPath(externalId), signal: options.signal }, BudgetSchema);
  }

  /** PUT: replaces the whole budget; fields not sent reset to defaults. A different `external_id` renames it. */
  async replaceByExternalId(externalId: string, input: BudgetInput, options: RequestOptions = {}): Promise<Budget> {
    const path = this.#externalPath(externalId);
    const body = serializeBudget(input, this.#transport.language);
    return this.#transport.request({ method: 'PUT', path, body, signal: options.signal }, BudgetWriteAnswerSchema);
  }

  /** PATCH: only the given fields change; the answer has `id` and the fields sent. */
  async updateByExternalId(externalId: string, patch: BudgetPatch, options: RequestOptions = {}): Promise<BudgetPatchResponse> {
    const path = this.#externalPath(externalId);
    const body = serializeBudget(patch, this.#transport.language);
    return this.#transport.request({ method: 'PATCH', path, body, signal: options.signal }, BudgetPatchAnswerSchema);
  }
}
