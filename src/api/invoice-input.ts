/** Request shapes of the invoice endpoints and their serialisation (amounts as strings, 2 decimals, max 10 digits). */
import type { Language } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { type AmountInput, formatAmount, INVOICE_AMOUNT } from './amount';
import { InvalidRequestError } from './errors';
import type { InvoiceStatus } from './invoice-schema';
import { buildSearchParams, commaList } from './search-params';

export interface InvoiceCreateInput {
  reference: string;
  name: string;
  /** At most 10 digits, 2 decimals. */
  amount: AmountInput;
  due_date: string;
  date?: string;
  notes?: string;
  /** If omitted: positive amount gives `RE`, otherwise `PA`. */
  type?: 'RE' | 'PA';
  tags?: string;
  paid_amount?: AmountInput;
  category?: number;
  expected_date?: string;
}

interface InvoiceUpdateFields {
  name?: string;
  notes?: string;
  type?: 'RE' | 'PA';
  status?: InvoiceStatus;
  date?: string;
  amount?: AmountInput;
  due_date?: string;
  expected_date?: string;
  paid_amount?: AmountInput;
  category?: number;
  tags?: string;
  reference?: string;
  source_id?: string;
  source?: string;
}

/** One PATCH item; the key (`id`, `source_id`+`source`, or `reference`) is chosen from the first item. */
export type InvoiceUpdate = InvoiceUpdateFields & ({ id: number } | { source_id: string; source: string } | { reference: string });

export interface InvoiceListParams {
  /** Case-insensitive substring match. */
  reference?: string;
  /** Comma-separated internal IDs (an array is joined). */
  ids?: string | readonly number[];
  /** Comma-separated `source_id` values (an array is joined). */
  source_ids?: string | readonly string[];
  type?: 'receivable' | 'payable';
  paid?: boolean;
  overdue?: boolean;
  matched?: boolean;
  status?: InvoiceStatus;
  status_include?: string;
  status_exclude?: string;
  ordering?: string;
}

/** DELETE selectors: at least one is required (the service would otherwise delete every invoice). */
export type InvoiceDeleteSelector =
  | { id: number; reference?: string | readonly string[] }
  | { reference: string | readonly string[] }
  | { source_id: string; source: string };

export function invoiceListQuery(params: InvoiceListParams, language: Language): URLSearchParams {
  return buildSearchParams({ ...params, ids: commaList(params.ids), source_ids: commaList(params.source_ids) }, language);
}

function amounts<T extends { amount?: AmountInput; paid_amount?: AmountInput }>(item: T, language: Language, prefix: string) {
  return {
    ...(item.amount === undefined ? {} : { amount: formatAmount(item.amount, { ...INVOICE_AMOUNT, field: `${prefix}amount`, language }) }),
    ...(item.paid_amount === undefined
      ? {}
      : { paid_amount: formatAmount(item.paid_amount, { ...INVOICE_AMOUNT, field: `${prefix}paid_amount`, language }) }),
  };
}

export function serializeInvoiceCreate(input: InvoiceCreateInput, language: Language): Record<string, unknown> {
  return { ...input, ...amounts(input, language, '') };
}

type InvoiceKey = 'id' | 'source_id' | 'reference';

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function hasKey(item: InvoiceUpdate, key: InvoiceKey): boolean {
  const record: Readonly<Record<string, unknown>> = { ...item };
  if (key === 'id') return Number.isSafeInteger(record['id']);
  if (key === 'source_id') return nonEmpty(record['source_id']) && nonEmpty(record['source']);
  return nonEmpty(record['reference']);
}

/** The PATCH body: always an array, every item with the first item's key, amounts formatted. */
export function serializeInvoiceUpdates(items: readonly InvoiceUpdate[], language: Language): Record<string, unknown>[] {
  const first = items[0] as Record<string, unknown> | undefined;
  if (first === undefined) return [];
  const key: InvoiceKey = 'id' in first ? 'id' : 'source_id' in first ? 'source_id' : 'reference';
  return items.map((item, index) => {
    if (!hasKey(item, key)) {
      throw new InvalidRequestError({
        message: translate(language, 'api.error.invoiceKeyMismatch', { key: key === 'source_id' ? 'source_id + source' : key, index }),
        method: 'PATCH',
      });
    }
    return { ...item, ...amounts(item, language, `[${index}].`) };
  });
}

/** The DELETE query, or an error when no selector is given (checked before any request). */
export function invoiceDeleteQuery(selector: InvoiceDeleteSelector, language: Language): URLSearchParams {
  const record = selector as Record<string, unknown>;
  const id = record['id'];
  const references = record['reference'] === undefined ? [] : ([] as unknown[]).concat(record['reference']);
  const sourceId = record['source_id'];
  const source = record['source'];
  const hasId = id !== undefined && Number.isSafeInteger(id) && (id as number) > 0;
  const hasReference = references.length > 0 && references.every(nonEmpty);
  const hasSource = nonEmpty(sourceId) && nonEmpty(source);
  const malformed =
    (id !== undefined && !hasId) ||
    (record['reference'] !== undefined && !hasReference) ||
    ((sourceId !== undefined || source !== undefined) && !hasSource);
  if (malformed || !(hasId || hasReference || hasSource)) {
    throw new InvalidRequestError({ message: translate(language, 'api.error.deleteSelectorMissing'), method: 'DELETE' });
  }
  return buildSearchParams(
    {
      id: hasId ? id : undefined,
      reference: hasReference ? (references as string[]) : undefined,
      source_id: hasSource ? sourceId : undefined,
      source: hasSource ? source : undefined,
    },
    language,
  );
}
