import { PlanListSchema, type Plan } from './plan-schema';
import type { RequestOptions } from './request-options';
import type { Transport } from './transport';

/** `GET /plans/` (not paginated). */
export class PlansResource {
  readonly #transport: Transport;
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  async list(options: RequestOptions = {}): Promise<Plan[]> {
    return this.#transport.request({ method: 'GET', path: '/plans/', signal: options.signal }, PlanListSchema);
  }
}
