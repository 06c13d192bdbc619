/**
 * DUE: the open amount (`amount_due`) of receivables or payables, optionally of one status, due in a date range.
 * Open means what the overview means (`openInvoiceFilters`: `paid=false`).
 *
 * - Without dates: the list's own `results.amount_due` for the filters, from a page of one row (1 request per distinct
 *   argument set).
 * - With a date (either end): the invoice lists have no due-date filter, so the batch's ranged calls share one read of
 *   the open invoices (1000 a page; filtered by type and status when all those calls agree), summed locally per call
 *   over each invoice's `amount_due` with `due_date` in the range, in cents. The read is checked like a pull: distinct
 *   invoices = `count`, their `amount_due` adds up to the list's `amount_due`, every page telling the same; a read that
 *   does not add up is repeated once, then the calls fail as `changing`.
 */

import {
  CompletenessTally,
  type CompletenessExpectation,
  type InvoiceListParams,
  type InvoicePage,
  type InvoiceStatus,
  MAX_PAGE_SIZE,
  type PageParams,
  type PaginateOptions,
  type RequestOptions,
  toCents,
} from '../../api';
import type { Language } from '../../i18n/catalog';
import { openInvoiceFilters } from '../overview/open-invoices';
import { runBounded } from '../bounded-pool';
import { FigureError } from './figure-error';
import { type InvoiceKind, TYPE_CODE } from './invoice-arguments';
import type { Work } from './keyed-jobs';

export interface DueCall {
  type: InvoiceKind;
  status: InvoiceStatus | undefined;
  /** Bounds on `due_date`; undefined: open at that end. */
  from: string | undefined;
  to: string | undefined;
}

/** What DUE and INVOICES need of the company's invoice list. */
export interface InvoiceList {
  page(params: InvoiceListParams & PageParams, options?: RequestOptions): Promise<InvoicePage>;
  pages(filters: InvoiceListParams, options?: PaginateOptions): AsyncIterable<InvoicePage>;
}

export interface DueContext {
  invoices: InvoiceList;
  signal: AbortSignal;
  language: Language;
}

const CALL_CONCURRENCY = 4;
const PAGE_CONCURRENCY = 3;

export function dueKey(call: DueCall): string {
  return `due|${call.type}|${call.from ?? ''}|${call.to ?? ''}|${call.status ?? ''}`;
}

/** The one value all share, or undefined. */
function shared<T>(values: readonly T[]): T | undefined {
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

async function askEach(works: readonly Work<DueCall, number>[], context: DueContext): Promise<void> {
  await runBounded(works, CALL_CONCURRENCY, async ({ job, settle }) => {
    try {
      const page = await context.invoices.page(
        { ...openInvoiceFilters(job.type, job.status), page: 1, page_size: 1 },
        { signal: context.signal },
      );
      settle({ ok: true, value: toCents(page.results.amount_due) });
    } catch (error) {
      settle({ ok: false, error });
    }
  });
}

/** One read of the open invoices the ranged calls need; false when it did not add up. */
async function sumRanged(works: readonly Work<DueCall, number>[], context: DueContext): Promise<boolean> {
  const filters = openInvoiceFilters(shared(works.map((w) => w.job.type)), shared(works.map((w) => w.job.status)));
  const tally = new CompletenessTally();
  const cents = works.map(() => 0);
  let expected: CompletenessExpectation | undefined;
  let changed = false;
  for await (const page of context.invoices.pages(filters, {
    pageSize: MAX_PAGE_SIZE,
    concurrency: PAGE_CONCURRENCY,
    signal: context.signal,
  })) {
    const figures = { count: page.count, sum: page.results.amount_due };
    if (expected === undefined) expected = figures;
    else if (figures.count !== expected.count || toCents(figures.sum) !== toCents(expected.sum)) changed = true;
    for (const invoice of page.results.invoices) {
      if (!tally.add(invoice.id, invoice.amount_due)) continue;
      works.forEach(({ job }, i) => {
        if (invoice.type !== TYPE_CODE[job.type] || (job.status !== undefined && invoice.status !== job.status)) return;
        if ((job.from !== undefined && invoice.due_date < job.from) || (job.to !== undefined && invoice.due_date > job.to)) return;
        cents[i] = (cents[i] ?? 0) + toCents(invoice.amount_due);
      });
    }
  }
  if (changed || !tally.report(expected ?? { count: 0, sum: 0 }).ok) return false;
  works.forEach((work, i) => work.settle({ ok: true, value: cents[i] ?? 0 }));
  return true;
}

/** Settles every DUE work of a batch. */
export async function serveDue(works: readonly Work<DueCall, number>[], context: DueContext): Promise<void> {
  const ranged = works.filter((w) => w.job.from !== undefined || w.job.to !== undefined);
  await Promise.all([
    askEach(
      works.filter((w) => !ranged.includes(w)),
      context,
    ),
    (async () => {
      if (ranged.length === 0) return;
      let error: unknown = FigureError.changing(context.language);
      try {
        if ((await sumRanged(ranged, context)) || (await sumRanged(ranged, context))) return;
      } catch (failure) {
        error = failure;
      }
      for (const work of ranged) work.settle({ ok: false, error });
    })(),
  ]);
}
