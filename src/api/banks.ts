import { type Bank, type BankPage, BankPageSchema } from './bank-schema';
import { PagedList } from './paged-endpoint';
import type { PageIterator, PaginateOptions } from './paginate';
import type { PageParams } from './request-options';
import type { Transport } from './transport';

type BankListParams = Pick<PageParams, 'page_size'>;

/** `GET /banks/` (paginated; no filters). */
export class BanksResource extends PagedList<BankListParams, BankPage, Bank> {
  constructor(transport: Transport) {
    super(transport, { path: '/banks/', schema: BankPageSchema, itemsOf: (page) => page.results, query: () => new URLSearchParams() });
  }

  /** All pages; `params.page_size` is used when `options.pageSize` is not given. */
  override pages(params: BankListParams = {}, options: PaginateOptions = {}): PageIterator<BankPage, Bank> {
    return super.pages(params, { ...options, pageSize: options.pageSize ?? params.page_size });
  }
}
