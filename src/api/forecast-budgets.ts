import { type BudgetInput, budgetList, type ForecastBudgetListParams, serializeBudget } from './budget-input';
import { type Budget, type BudgetPage, BudgetSchema, BudgetWriteAnswerSchema } from './budget-schema';
import { PagedList } from './paged-endpoint';
import { externalIdSegment } from './path-segment';
import type { RequestOptions } from './request-options';
import type { Transport } from './transport';

const PATH = '/forecast/budgets/';

/** Budgets of the forecast: `/forecast/budgets/`; listing with `all_budgets: true` gives the budgets of all plans of the company. */
export class ForecastBudgetsResource extends PagedList<ForecastBudgetListParams, BudgetPage, Budget> {
  readonly #transport: Transport;
  constructor(transport: Transport) {
    super(transport, budgetList(PATH));
    this.#transport = transport;
  }

  /** Creates a budget in the forecast (never updates an existing one). */
  async create(input: BudgetInput, options: RequestOptions = {}): Promise<Budget> {
    const body = serializeBudget(input, this.#transport.language);
    return this.#transport.request({ method: 'POST', path: PATH, body, signal: options.signal }, BudgetWriteAnswerSchema);
  }

  async getByExternalId(externalId: string, options: RequestOptions = {}): Promise<Budget> {
    const path = `${PATH}external/${externalIdSegment(externalId, this.#transport.language)}/`;
    return this.#transport.request({ method: 'GET', path, signal: options.signal }, BudgetSchema);
  }
}
