import { type BudgetInput, type BudgetListParams, budgetListQuery, type BudgetPatch, serializeBudget } from './budget-input';
import {
  type Budget,
  type BudgetPage,
  BudgetPageSchema,
  type BudgetPatchResponse,
  BudgetPatchResponseSchema,
  BudgetSchema,
} from './budget-schema';
import { fetchPage, pageIterator, type PagedEndpoint } from './paged-endpoint';
import type { PageIterator, PaginateOptions } from './paginate';
import { externalIdSegment, pathId } from './path-segment';
import type { PageParams, RequestOptions } from './request-options';
import type { Transport } from './transport';

/** Budgets of one scenario: `/scenarios/{scenario_id}/budgets/` (the scenario's own budgets only). */
export class ScenarioBudgetsResource {
  readonly #transport: Transport;
  readonly path: string;

  constructor(transport: Transport, scenarioId: number) {
    this.#transport = transport;
    this.path = `/scenarios/${pathId(scenarioId, 'scenario_id', transport.language)}/budgets/`;
  }

  #endpoint(params: BudgetListParams): PagedEndpoint<typeof BudgetPageSchema> {
    return { transport: this.#transport, path: this.path, schema: BudgetPageSchema, query: budgetListQuery(params, this.#transport.language) };
  }

  #externalPath(externalId: string): string {
    return `${this.path}external/${externalIdSegment(externalId, this.#transport.language)}/`;
  }

  async page(params: BudgetListParams & PageParams = {}, options: RequestOptions = {}): Promise<BudgetPage> {
    const { page, page_size, ...filters } = params;
    return fetchPage(this.#endpoint(filters), { page, page_size }, options);
  }

  pages(params: BudgetListParams = {}, options: PaginateOptions = {}): PageIterator<BudgetPage, Budget> {
    return pageIterator(this.#endpoint(params), (page) => page.results.budgets, options);
  }

  items(params: BudgetListParams = {}, options: PaginateOptions = {}): AsyncIterable<Budget> {
    return this.pages(params, options).items();
  }

  /** Creates a budget in the scenario (the scenario comes from the path, not the body). */
  async create(input: BudgetInput, options: RequestOptions = {}): Promise<Budget> {
    const body = serializeBudget(input, this.#transport.language);
    return this.#transport.request({ method: 'POST', path: this.path, body, signal: options.signal }, BudgetSchema);
  }

  async getByExternalId(externalId: string, options: RequestOptions = {}): Promise<Budget> {
    return this.#transport.request({ method: 'GET', path: this.#externalPath(externalId), signal: options.signal }, BudgetSchema);
  }

  /** PUT: replaces the whole budget; fields not sent reset to defaults. A different `external_id` renames it. */
  async replaceByExternalId(externalId: string, input: BudgetInput, options: RequestOptions = {}): Promise<Budget> {
    const path = this.#externalPath(externalId);
    const body = serializeBudget(input, this.#transport.language);
    return this.#transport.request({ method: 'PUT', path, body, signal: options.signal }, BudgetSchema);
  }

  /** PATCH: only the given fields change; the answer has `id` and the fields sent. */
  async updateByExternalId(externalId: string, patch: BudgetPatch, options: RequestOptions = {}): Promise<BudgetPatchResponse> {
    const path = this.#externalPath(externalId);
    const body = serializeBudget(patch, this.#transport.language);
    return this.#transport.request({ method: 'PATCH', path, body, signal: options.signal }, BudgetPatchResponseSchema);
  }
}
