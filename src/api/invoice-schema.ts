import { z } from 'zod';
import { tolerantAnswer } from './write-answer';
import { pageEnvelope } from './page-schema';

export const INVOICE_STATUSES = ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** A bank transaction matched to an invoice. The shape of its `account` is not documented. */
export const InvoiceTransactionSchema = z.object({
  id: z.number().int(),
  account: z.unknown(),
  value_date: z.string(),
  amount: z.number(),
  purpose: z.string(),
  counterpart_name: z.string(),
  reporting_amount: z.number(),
});

export const InvoiceSchema = z.object({
  id: z.number().int(),
  transactions: z.array(InvoiceTransactionSchema),
  paid_amount: z.number(),
  amount_due: z.number(),
  date_created: z.string(),
  date_updated: z.string(),
  name: z.string(),
  notes: z.string(),
  amount: z.number(),
  type: z.string(),
  reference: z.string(),
  date: z.string(),
  due_date: z.string(),
  expected_date: z.string(),
  source: z.string(),
  source_id: z.string(),
  status: z.string(),
  status_label: z.string(),
  is_archived: z.boolean(),
  category: z.number().int().nullable(),
  comment_count: z.number().int().optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.array(InvoiceSchema);

/** The answers of invoice writes (create, update), read tolerantly (`write-answer.ts`). */
export const InvoiceWriteAnswerSchema = tolerantAnswer(InvoiceSchema);
export const InvoiceListWriteAnswerSchema = tolerantAnswer(InvoiceListSchema);

/** Invoice lists: `sum` of all matches; `results` holds `amount_due`, `total` and the page's invoices. */
export const InvoicePageSchema = z.object({
  ...pageEnvelope,
  sum: z.number(),
  results: z.object({
    amount_due: z.number(),
    total: z.number(),
    invoices: z.array(InvoiceSchema),
  }),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;
