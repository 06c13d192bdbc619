import { z } from 'zod';

/** `GET /categories/` item. */
export const CategorySchema = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  order: z.number().int(),
  is_obsolete: z.boolean(),
  is_category: z.boolean(),
  is_aggregating: z.boolean(),
  is_default: z.boolean(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListSchema = z.array(CategorySchema);

/** Embedded in transactions and budgets. */
export const ShortCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type ShortCategory = z.infer<typeof ShortCategorySchema>;

/** Embedded as `predicted_category` in transactions. `lft`, `rght`, `tree_id`, `level` are internal. */
export const ExtendedCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  type: z.string(),
  order: z.number().int(),
  date_created: z.string(),
  is_default: z.boolean(),
  is_obsolete: z.boolean(),
  lft: z.number().int().optional(),
  rght: z.number().int().optional(),
  tree_id: z.number().int().optional(),
  level: z.number().int().optional(),
  tenant: z.number().int(),
  company: z.number().int(),
  parent: z.number().int().nullable(),
  source: z.number().int().nullable(),
});
export type ExtendedCategory = z.infer<typeof ExtendedCategorySchema>;
