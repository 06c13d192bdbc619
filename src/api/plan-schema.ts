import { z } from 'zod';

export const PlanTypeSchema = z.enum(['REGULAR', 'FORECAST', 'SCENARIO']);

/** `GET /plans/` item. Its `id` is the `plan_id` of plan budgets and the `scenario_id` of scenario budgets. */
export const PlanSchema = z.object({
  id: z.number().int(),
  author: z.object({ id: z.string(), username: z.string(), full_name: z.string() }),
  date_created: z.string(),
  date_updated: z.string(),
  name: z.string(),
  first_year: z.number().int(),
  last_year: z.number().int(),
  type: z.string(),
  is_active: z.boolean(),
  is_committed: z.boolean(),
  update_status: z.string(),
  use_transactions: z.boolean(),
  use_invoices: z.boolean(),
  update_forecast: z.boolean(),
  parent: z.number().int().nullable(),
  comment_count: z.number().int(),
});
export type Plan = z.infer<typeof PlanSchema>;
export type PlanType = z.infer<typeof PlanTypeSchema>;
export const PlanListSchema = z.array(PlanSchema);
