import { z } from 'zod';
import { ShortCategorySchema } from './category-schema';
import { pageEnvelope } from './page-schema';
import { inPlace } from './in-place-check';
import { tolerantAnswer } from './write-answer';

export const RecurringBudgetSchema = z.object({
  frequency: z.string(),
  frequency_multiplier: z.number().int(),
  sequence_type: z.string(),
  sequence_term_size: z.number().int(),
  d: z.number(),
  r: z.number(),
});

export const BudgetSchema = z.object({
  id: z.number().int(),
  category: ShortCategorySchema,
  inter_category: z.number().int().nullable(),
  inter_category_name: z.string().nullable(),
  depending_categories: z.array(z.unknown()),
  base_categories: z.array(z.unknown()),
  recurring_budget: RecurringBudgetSchema.nullable(),
  settlement_date: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  account: z.number().int().nullable(),
  tags: z.array(z.string()),
  integration_tags: z.array(z.string()).nullable(),
  is_adjusted: z.boolean(),
  inter_budget: z.unknown(),
  name: z.string(),
  description: z.string(),
  amount: z.number(),
  rate: z.number(),
  base: z.string(),
  time_lags: z.array(z.number().int()),
  // The recurrence fields, flat as well as in `recurring_budget`.
  ...RecurringBudgetSchema.shape,
  is_indefinite: z.boolean(),
  external_id: z.string().nullable(),
  external_source: z.string().nullable(),
  inter_company: z.number().int().nullable(),
  source: z.number().int().nullable(),
});
export type Budget = z.infer<typeof BudgetSchema>;

/** A budget PATCH answers with `id` and the fields that were sent. */
export const BudgetPatchResponseSchema = BudgetSchema.partial().required({ id: true });
export type BudgetPatchResponse = z.infer<typeof BudgetPatchResponseSchema>;

/** The answers of budget writes (create, replace, update), read tolerantly (`write-answer.ts`). */
export const BudgetWriteAnswerSchema = tolerantAnswer(BudgetSchema);
export const BudgetPatchAnswerSchema = tolerantAnswer(BudgetPatchResponseSchema);

/**
 * Budget lists: `sum` of all matches; `results` holds `total` and the page's budgets. Checked in place
 * (`in-place-check.ts`): a pull and a push's conflict read take up to 1,000 budgets a page, and none is sent back
 * whole (a whole-row write builds its body field by field, `budgetBodyOf`).
 */
export const BudgetPageSchema = inPlace(
  z.object({
    ...pageEnvelope,
    sum: z.number(),
    results: z.object({
      total: z.number(),
      budgets: z.array(BudgetSchema),
    }),
  }),
);
export type BudgetPage = z.infer<typeof BudgetPageSchema>;
