import { z } from 'zod';
import { ShortAccountSchema } from './account-schema';
import { ExtendedCategorySchema, ShortCategorySchema } from './category-schema';
import { InvoiceSchema } from './invoice-schema';
import { inPlace } from './in-place-check';
import { pageEnvelope } from './page-schema';
import { tolerantAnswer } from './write-answer';

/**
 * The invoice a transaction links to ("invoice or null | linked invoice"): the Invoice object, read leniently (only
 * its `id` required, the other fields checked when present), so a service that embeds a shorter form still reads.
 */
export const LinkedInvoiceSchema = InvoiceSchema.partial().extend({ id: InvoiceSchema.shape.id });

const transactionFields = {
  id: z.number().int(),
  account: ShortAccountSchema,
  category: ShortCategorySchema,
  predicted_category: ExtendedCategorySchema.nullable(),
  invoice: LinkedInvoiceSchema.nullable(),
  value_date: z.string(),
  value_time: z.string().nullable(),
  bank_booking_date: z.string().nullable(),
  amount: z.number(),
  reporting_amount: z.number(),
  purpose: z.string(),
  counterpart_name: z.string(),
  counterpart_iban: z.string(),
  is_adjusting_entry: z.boolean(),
  is_payment: z.boolean(),
  is_leaf_node: z.boolean(),
  tags: z.array(z.string()).nullable(),
  comment_count: z.number().int().optional(),
};

export interface Transaction extends z.infer<z.ZodObject<typeof transactionFields>> {
  /** The parent transaction (same shape, recursive) or null. */
  parent: Transaction | null;
}

export const TransactionSchema: z.ZodType<Transaction> = z.object({
  ...transactionFields,
  get parent(): z.ZodType<Transaction | null> {
    return TransactionSchema.nullable();
  },
});
export const TransactionListSchema = z.array(TransactionSchema);

/** The answers of transaction writes (create, category changes), read tolerantly (`write-answer.ts`). */
export const TransactionWriteAnswerSchema = tolerantAnswer(TransactionSchema);
export const TransactionListWriteAnswerSchema = tolerantAnswer(TransactionListSchema);

/**
 * `GET /transactions/`: `predicted_unmapped_transactions` is deprecated, so it may disappear. Both pages are checked
 * in place (`in-place-check.ts`): a pull reads 1,000 records a page and never sends one back whole.
 */
export const TransactionPageSchema = inPlace(
  z.object({
    ...pageEnvelope,
    predicted_unmapped_transactions: z.boolean().optional(),
    results: z.array(TransactionSchema),
  }),
);
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

/** `GET /transactions/extended/`: plus `sum` of `reporting_amount` over all matches. */
export const ExtendedTransactionPageSchema = inPlace(
  z.object({
    ...pageEnvelope,
    predicted_unmapped_transactions: z.boolean().optional(),
    sum: z.number(),
    results: z.array(TransactionSchema),
  }),
);
export type ExtendedTransactionPage = z.infer<typeof ExtendedTransactionPageSchema>;
