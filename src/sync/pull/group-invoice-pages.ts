/**
 * The invoices of a group's companies as one stream of pages (group credentials, `/companies/{id}/invoices/`),
 * each invoice with its company. Page 1 of every company comes first (at most `concurrency` requests at a time),
 * so the sum of their `count`s is the total from the first row written on; then each company's pages in turn,
 * with the pagination's own concurrency. Progress is summed over the companies.
 */

import type { CashflowClient, GroupInvoicesResource, Invoice, InvoiceListParams, PageProgress, PaginateOptions } from '../../api';
import type { CompanyInvoice } from '../tables';

interface CompanyPages {
  companyId: number;
  pages: AsyncIterator<readonly Invoice[]>;
}

/**
 * The companies' paths are made at once (an id that is no positive integer is refused here, before any request);
 * the returned function streams them with the given paging.
 */
export function groupInvoiceBatches(
  client: CashflowClient,
  companyIds: readonly number[],
  filters: InvoiceListParams,
): (options: PaginateOptions) => AsyncIterable<CompanyInvoice[]> {
  const lists = companyIds.map((companyId) => ({ companyId, list: client.groupInvoices(companyId) }));
  return (options) => ({ [Symbol.asyncIterator]: () => companiesInTurn(lists, filters, options) });
}

async function* companiesInTurn(
  lists: readonly { companyId: number; list: GroupInvoicesResource }[],
  filters: InvoiceListParams,
  options: PaginateOptions,
): AsyncGenerator<CompanyInvoice[]> {
  const progress: PageProgress[] = lists.map(() => ({ pagesDone: 0, pagesTotal: 0, rows: 0, total: 0 }));
  const companies: CompanyPages[] = lists.map(({ companyId, list }, i) => {
    const onProgress = (p: PageProgress): void => {
      progress[i] = p;
      options.onProgress?.(sumOf(progress));
    };
    const batches = list.pages(filters, { ...options, onProgress }).batches();
    return { companyId, pages: batches[Symbol.asyncIterator]() };
  });
  try {
    const firsts = await firstPages(companies, options.concurrency ?? 1);
    for (const [i, company] of companies.entries()) {
      for (let page = firsts[i]; page !== undefined && page.done !== true; page = await company.pages.next()) {
        yield page.value.map((invoice) => ({ ...invoice, company: company.companyId }));
      }
    }
  } finally {
    // Ends the companies' page iterators (prefetched pages are cancelled); one still fetching ends when the
    // pull's signal aborts, which the read-ahead does once this stream has stopped.
    for (const { pages } of companies) void pages.return?.().catch(() => undefined);
  }
}

/** Page 1 of every company, at most `limit` at a time; the first failure stops starting more. */
async function firstPages(companies: readonly CompanyPages[], limit: number): Promise<IteratorResult<readonly Invoice[]>[]> {
  const results: IteratorResult<readonly Invoice[]>[] = [];
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    for (let i = next++; !failed && i < companies.length; i = next++) {
      try {
        const company = companies[i] as CompanyPages;
        results[i] = await company.pages.next();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(Math.floor(limit), companies.length)) }, worker));
  return results;
}

function sumOf(progress: readonly PageProgress[]): PageProgress {
  const sum = { pagesDone: 0, pagesTotal: 0, rows: 0, total: 0 };
  for (const p of progress) {
    sum.pagesDone += p.pagesDone;
    sum.pagesTotal += p.pagesTotal;
    sum.rows += p.rows;
    sum.total += p.total;
  }
  return sum;
}
