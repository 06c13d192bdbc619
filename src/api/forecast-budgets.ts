import { type BudgetInput, budgetListQuery, type ForecastBudgetListParams, serializeBudget } from './budget-input';
import { type Budget, type BudgetPage, BudgetPageSchema, BudgetSchema } from './budget-schema';
import { fetchPage, pageIterator, type PagedEndpoint } from './paged-endpoint';
import type { PageIterator, PaginateOptions } from './paginate';
import { externalIdSegment } from './path-segment';
import type { PageParams, RequestOptions } from './request-options';
import type { Transport } from './transport';

const PATH = '/forecast/budgets/';

/** Budgets of the forecast: `/forecast/budgets/`. */
export class ForecastBudgetsResource {
  readonly #transport: Transport;
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  #endpoint(params: ForecastBudgetListParams): PagedEndpoint<typeof BudgetPageSchema> {
    return { transport: this.#transport, path: PATH, schema: BudgetPageSchema, query: budgetListQuery(params, this.#transport.language) };
  }

  async page(params: ForecastBudgetListParams & PageParams = {}, options: RequestOptions = {}): Promise<BudgetPage> {
    const { page, page_size, ...filters } = params;
    return fetchPage(this.#endpoint(filters), { page, page_size }, options);
  }

  /** All pages; `all_budgets: true` lists the budgets of all plans of the company. */
  pages(params: ForecastBudgetListParams = {}, options: PaginateOptions = {}): PageIterator<BudgetPage, Budget> {
    return pageIterator(this.#endpoint(params), (page) => page.results.budgets, options);
  }

  items(params: ForecastBudgetListParams = {}, options: PaginateOptions = {}): AsyncIterable<Budget> {
    return this.pages(params, options).items();
  }

  /** Creates a budget in the forecast (never updates an existing one). */
  async create(input: BudgetInput, options: RequestOptions = {}): Promise<Budget> {
    const body = serializeBudget(input, this.#transport.language);
    return this.#transport.request({ method: 'POST', path: PATH, body, signal: options.signal }, BudgetSchema);
  }

  async getByExternalId(externalId: string, options: RequestOptions = {}): Promise<Budget> {
    const path = `${PATH}external/${externalIdSegment(externalId, this.#transport.language)}/`;
    return this.#transport.request({ method: 'GET', path, signal: options.signal }, BudgetSchema);
  }
}
