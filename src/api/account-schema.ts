import { z } from 'zod';
import { tolerantAnswer } from './write-answer';

/** Embedded in transactions: `id`, `name`, `alias`; the create-transactions answer adds `bank` and `currency`. */
export const ShortAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  bank: z.string().optional(),
  currency: z.string().optional(),
});
export type ShortAccount = z.infer<typeof ShortAccountSchema>;

/** Most recent transaction of an account (only in `GET /accounts/`). */
export const LastTransactionSchema = z.object({
  id: z.number().int(),
  account: ShortAccountSchema,
  value_date: z.string(),
  amount: z.number(),
  purpose: z.string(),
  counterpart_name: z.string(),
});
export type LastTransaction = z.infer<typeof LastTransactionSchema>;

export const AccountSchema = z.object({
  id: z.number().int(),
  bank: z.object({
    open_banking_connection_id: z.number().int().nullable(),
    name: z.string(),
    bic: z.string(),
  }),
  transaction_count: z.number().int(),
  // Only in `GET /accounts/`; an account without transactions has none to show.
  last_transaction: LastTransactionSchema.nullable().optional(),
  currency: z.string(),
  date_created: z.string(),
  date_updated: z.string(),
  name: z.string(),
  alias: z.string(),
  iban: z.string(),
  type_name: z.string(),
  balance: z.number(),
  overdraft_limit: z.number().nullable(),
  status: z.string(),
  last_successful_update: z.string().nullable(),
  last_update_attempt: z.string().nullable(),
  banking_api_account: z.number().int().nullable(),
});

/** The answer of `POST /accounts/`, read tolerantly (`write-answer.ts`). */
export const AccountWriteAnswerSchema = tolerantAnswer(AccountSchema);
export type Account = z.infer<typeof AccountSchema>;

/** `GET /accounts/`: balances and limits (null without a current forecast) plus the accounts. */
export const BalanceSummarySchema = z.object({
  total: z.number(),
  available_limit: z.number(),
  current_month_balance: z.number().nullable(),
  next_month_balance: z.number().nullable(),
  in_3_months_balance: z.number().nullable(),
  fiscal_year_ending_balance: z.number().nullable(),
  current_month_limit: z.number().nullable(),
  next_month_limit: z.number().nullable(),
  in_3_months_limit: z.number().nullable(),
  fiscal_year_ending_limit: z.number().nullable(),
  accounts: z.array(AccountSchema),
});
export type BalanceSummary = z.infer<typeof BalanceSummarySchema>;
