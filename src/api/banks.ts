import { type Bank, type BankPage, BankPageSchema } from './bank-schema';
import { fetchPage, pageIterator, type PagedEndpoint } from './paged-endpoint';
import type { PageIterator, PaginateOptions } from './paginate';
import type { PageParams, RequestOptions } from './request-options';
import type { Transport } from './transport';

/** `GET /banks/` (paginated; no filters). */
export class BanksResource {
  readonly #transport: Transport;
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  #endpoint(): PagedEndpoint<typeof BankPageSchema> {
    return { transport: this.#transport, path: '/banks/', schema: BankPageSchema, query: new URLSearchParams() };
  }

  async page(params: PageParams = {}, options: RequestOptions = {}): Promise<BankPage> {
    return fetchPage(this.#endpoint(), params, options);
  }

  /** All pages; `params.page_size` is used when `options.pageSize` is not given. */
  pages(params: Pick<PageParams, 'page_size'> = {}, options: PaginateOptions = {}): PageIterator<BankPage, Bank> {
    return pageIterator(this.#endpoint(), (page) => page.results, { ...options, pageSize: options.pageSize ?? params.page_size });
  }

  items(params: Pick<PageParams, 'page_size'> = {}, options: PaginateOptions = {}): AsyncIterable<Bank> {
    return this.pages(params, options).items();
  }
}
