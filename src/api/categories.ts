import { CategoryListSchema, type Category } from './category-schema';
import type { RequestOptions } from './request-options';
import type { Transport } from './transport';

/** `GET /categories/` (not paginated). */
export class CategoriesResource {
  readonly #transport: Transport;
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  async list(options: RequestOptions = {}): Promise<Category[]> {
    return this.#transport.request({ method: 'GET', path: '/categories/', signal: options.signal }, CategoryListSchema);
  }
}
