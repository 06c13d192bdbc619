/**
 * The check of budget rows before a push: every new and changed row is validated here, in the core, before
 * anything is sent. A row with problems sends nothing; the other rows go. Each problem names the column (its
 * header) and says, in the user's language, what to enter.
 *
 * Rules (api-spec.md, "Budget operations", create/replace body table and rules; section 1 rule 8; section 8):
 * - a new row needs `name`, `category`, `settlement_date` (create); a changed row is checked on the fields it has,
 *   and a value it empties that the service refuses as `""` (rule 3) is a problem;
 * - `amount`: at most 12 digits, 2 decimals; `rate`: 4 decimals (the client's `BUDGET_AMOUNT`, `BUDGET_RATE`);
 *   `d`, `r`: numbers; `frequency_multiplier`, `sequence_term_size`: whole numbers of 1 or more;
 * - `category`: an id (a numeric string too) of a category that can take budgets, see `categoryProblem`;
 * - `base`, `frequency`, `sequence_type`: the spec's values; `account`, `inter_company`, `inter_category`: an id
 *   or empty; `inter_category` only together with `inter_company`; flags are booleans;
 * - external ID: unique in the plan; `.` and `/` are refused by the service in a body (create/replace table,
 *   section 8; the sandbox answers `externalIdChars`), so a new row or a rename to such an ID is a problem. A
 *   budget pulled with such an ID (the service holds some) keeps it: it is fine, only not addressable by the
 *   external-ID paths (rule 5), so it is written by its internal id (`addressable: false`).
 */

import { z } from 'zod';
import type { Category } from '../../api';
import { type AmountFormat, BUDGET_AMOUNT, BUDGET_RATE, formatAmount } from '../../api/amount';
import { isAddressableExternalId } from '../../api/path-segment';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate, type MessageParams } from '../../i18n/translate';
import { columnOf } from './budget-patch';
import { candidateList, resolveCategory } from '../tables/category-reference';
import { categoryPaths } from '../tables/lookups';
import { codeChoices, CODES, describeCodes, type CodedField } from '../tables/code-labels';
import type { Fields, SheetRow } from './diff';

export interface BudgetCheckContext {
  /** The company's categories (`GET /categories/`), all of them: a category's children are found among them. */
  categories: readonly Category[];
  /** Known bank account ids; when given, `account` must be one of them. */
  accounts?: readonly number[];
  /** External IDs of the plan's budgets that are not among the rows checked (other rows of the sheet, budgets not pulled). */
  existingExternalIds: Iterable<string>;
  /**
   * The external ID each pulled budget had (baseline, by internal id). A changed row whose external ID differs is a
   * rename, checked like a new ID. Without it, a changed row's external ID is taken as the one it was pulled with.
   */
  pulledExternalIds?: ReadonlyMap<number, string | null>;
  language: Language;
}

export interface RowCheckProblem {
  field: string;
  /** The column header (`columnOf`). */
  column: string;
  /** In the user's language, naming the column and saying what to enter. */
  message: string;
}

interface RowRef {
  id: number | null;
  externalId: string | null;
  position: number;
}

export type BudgetRowCheck =
  | (RowRef & {
      ok: true;
      /** Normalized: numbers as numbers, `category` as a number, empty ids as null; empty optional values of a new row left out (defaults). */
      fields: Record<string, unknown>;
      /** False when the external ID is missing or has `.` or `/`: the budget is then written by its internal id. */
      addressable: boolean;
    })
  | (RowRef & { ok: false; problems: RowCheckProblem[] });

export const BUDGET_BASES = CODES.budgetBase;
export const BUDGET_FREQUENCIES = [...CODES.frequency, ''] as const;
export const BUDGET_SEQUENCE_TYPES = [...CODES.sequenceType, ''] as const;

/**
 * Why a category cannot take a budget, or null when it can. It must be among the company's categories, be a leaf
 * (no category has it as `parent`: spec section 1 rule 8), have `is_category` true and `is_aggregating` false
 * (spec "Category": "use only such categories for budgets"; the sandbox's `isMappable`: leaf, not aggregating,
 * not default), and not be a system category (`is_default`: "not usable for budgets"). Archived categories
 * (`is_obsolete`) are not refused: neither the spec nor the sandbox refuses them.
 */
export function categoryProblem(
  id: number,
  categories: readonly Category[],
): 'push.check.categoryUnknown' | 'push.check.categoryNotLeaf' | 'push.check.categoryDefault' | null {
  const category = categories.find((c) => c.id === id);
  if (category === undefined) return 'push.check.categoryUnknown';
  if (category.is_default) return 'push.check.categoryDefault';
  const isParent = categories.some((c) => c.parent === id);
  if (isParent || !category.is_category || category.is_aggregating) return 'push.check.categoryNotLeaf';
  return null;
}

/** The first issue that carries its own message key, also inside the branches of a union. */
function ownIssue(issues: readonly unknown[]): IssueParams | undefined {
  for (const issue of issues) {
    const params = (issue as { params?: IssueParams }).params;
    if (params?.key !== undefined) return params;
    const branches = (issue as { errors?: unknown[][] }).errors;
    for (const branch of branches ?? []) {
      const inner = ownIssue(branch);
      if (inner) return inner;
    }
  }
  return undefined;
}

// ---- the category: an id, a name or a path ----

/**
 * The category cell takes what the sheets show: the id (`Category Id`), the path (`Category`, `Ausgaben › Miete`) or a
 * name when only one category has it (`resolveCategory`). A name several categories share is refused with their paths.
 */
function categoryReference(categories: readonly Category[]) {
  const paths = categoryPaths(categories);
  return z.union([
    id,
    z.string().transform((text, ctx) => {
      const resolved = resolveCategory(text, categories, paths);
      if (resolved.ok) return resolved.id;
      if (resolved.problem === 'ambiguous') {
        const candidates = candidateList(resolved.candidates);
        ctx.addIssue({
          code: 'custom',
          message: 'ambiguous',
          params: { key: 'push.check.categoryAmbiguous', values: { value: text.trim(), candidates } } satisfies IssueParams,
        });
      } else
        ctx.addIssue({
          code: 'custom',
          message: 'unknown',
          params: { key: 'push.check.categoryId', values: { value: text.trim() } } satisfies IssueParams,
        });
      return z.NEVER;
    }),
  ]);
}

// ---- the field schemas ----

type Mode = 'new' | 'changed';
/** What an empty cell means: needed for a new row; the service's default; a valid empty text; null. */
type Empty = 'required' | 'default' | 'keep' | 'null';

interface IssueParams {
  key: MessageKey;
  values?: MessageParams;
}

const blank = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const numericString = (pattern: RegExp) => z.string().trim().regex(pattern).transform(Number);
const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const integer = z.union([z.number().int(), numericString(INTEGER).pipe(z.number().int())]);
const id = integer.pipe(z.number().positive());
const positiveInteger = integer.pipe(z.number().min(1));
const finite = z.union([z.number(), numericString(NUMBER)]).pipe(z.number().finite());
const choice = <T extends readonly [string, ...string[]]>(values: T, normalize: (s: string) => string) =>
  z
    .string()
    .transform((s) => normalize(s.trim()))
    .pipe(z.enum(values));

/** A decimal within the client's format (`formatAmount`), refused rather than rounded when it has more decimals. */
const decimal = (format: AmountFormat) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    try {
      const exact = Number(formatAmount(value, format));
      const given = typeof value === 'number' ? value : Number(value.trim());
      if (Math.abs(exact - given) < 1e-9) return exact;
    } catch {
      // refused by the client's format: not a decimal, or too many digits
    }
    ctx.addIssue({ code: 'custom', message: 'decimal' });
    return z.NEVER;
  });

/**
 * One cell: empty cells by `empty` and the mode; a value through `schema`, its failure reported with `key`.
 * The issue carries the message key in `params`.
 */
function cell(mode: Mode, empty: Empty, schema: z.ZodType, key: MessageKey, values: MessageParams = {}) {
  return z.unknown().transform((value, ctx) => {
    const fail = (issue: IssueParams) => {
      ctx.addIssue({ code: 'custom', message: issue.key, params: issue });
      return z.NEVER;
    };
    if (blank(value)) {
      switch (empty) {
        case 'keep':
          return '';
        case 'null':
          return null;
        case 'required':
          return fail({ key: mode === 'new' ? 'push.check.required' : 'push.error.cleared' });
        case 'default':
          return mode === 'new' ? undefined : fail({ key: 'push.error.cleared' });
      }
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as unknown;
    // A schema that knows better (a category name that fits several) says so itself.
    const own = ownIssue(parsed.error.issues);
    return fail(own ?? { key, values: { ...values, value: String(value) } });
  });
}

function rowSchema(mode: Mode, context: BudgetCheckContext) {
  const c = (empty: Empty, schema: z.ZodType, key: MessageKey, values?: MessageParams) => cell(mode, empty, schema, key, values);
  // The codes with their words, as the column's in-cell list says them (`FS (Forecast and scenario), S (Scenario), …`).
  const choices = (field: CodedField, emptyAllowed: boolean): MessageParams => {
    const list = codeChoices(field, emptyAllowed);
    return {
      choices: describeCodes(list, context.language),
      ...(list.empty === null ? {} : { empty: translate(context.language, list.empty) }),
    };
  };
  const category = c('required', categoryReference(context.categories), 'push.check.categoryId').superRefine((value, ctx) => {
    if (typeof value !== 'number') return;
    const key = categoryProblem(value, context.categories);
    if (key !== null) ctx.addIssue({ code: 'custom', message: key, params: { key, values: { value } } satisfies IssueParams });
  });
  const account = c('null', id, 'push.check.id').superRefine((value, ctx) => {
    if (typeof value !== 'number' || context.accounts === undefined || context.accounts.includes(value)) return;
    ctx.addIssue({
      code: 'custom',
      message: 'accountUnknown',
      params: { key: 'push.check.accountUnknown', values: { value } } satisfies IssueParams,
    });
  });
  return z.looseObject({
    name: c('required', z.string().trim().min(1), 'push.check.text'),
    category,
    settlement_date: c('required', z.string().trim().pipe(z.iso.date()), 'push.check.date'),
    amount: c('default', decimal(BUDGET_AMOUNT), 'push.check.amount', {
      maxDigits: BUDGET_AMOUNT.maxDigits ?? 12,
      decimals: BUDGET_AMOUNT.decimals,
    }),
    description: c('keep', z.string(), 'push.check.text'),
    frequency: c(
      'keep',
      choice(BUDGET_FREQUENCIES, (s) => s.toLowerCase()),
      'push.check.choiceOrEmpty',
      choices('frequency', true),
    ),
    frequency_multiplier: c('default', positiveInteger, 'push.check.positiveInteger'),
    sequence_type: c(
      'keep',
      choice(BUDGET_SEQUENCE_TYPES, (s) => s.toUpperCase()),
      'push.check.choiceOrEmpty',
      choices('sequenceType', true),
    ),
    sequence_term_size: c('default', positiveInteger, 'push.check.positiveInteger'),
    d: c('default', finite, 'push.check.number'),
    r: c('default', finite, 'push.check.number'),
    rate: c('default', decimal(BUDGET_RATE), 'push.check.rate', { decimals: BUDGET_RATE.decimals }),
    base: c(
      'default',
      choice(BUDGET_BASES, (s) => s.toUpperCase()),
      'push.check.choice',
      choices('budgetBase', false),
    ),
    account,
    tags: c('keep', z.array(z.string()), 'push.check.tags').transform((v) => (v === '' ? [] : v)),
    is_indefinite: c('default', z.boolean(), 'push.check.boolean'),
    is_adjusted: c('default', z.boolean(), 'push.check.boolean'),
    external_source: c('keep', z.string(), 'push.check.text'),
    inter_company: c('null', id, 'push.check.id'),
    inter_category: c('null', id, 'push.check.id'),
  });
}

type RowSchema = ReturnType<typeof rowSchema>;
const BUDGET_FIELDS = Object.keys(rowSchema('new', { categories: [], existingExternalIds: [], language: 'en' }).shape) as readonly string[];

/**
 * The fields of a changed row are checked only as far as it has them: the schema keeps only those keys. Rows of one
 * table have the same keys, so the picked schema is built once per key set (building one costs far more than using it).
 */
function schemaFor(
  schemas: Record<Mode, RowSchema>,
  picked: Map<string, z.ZodType<Record<string, unknown>>>,
  mode: Mode,
  fields: Fields,
): z.ZodType<Record<string, unknown>> {
  if (mode === 'new') return schemas.new;
  const keys = BUDGET_FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(fields, f));
  const cacheKey = keys.join(',');
  const cached = picked.get(cacheKey);
  if (cached) return cached;
  const schema = schemas.changed.pick(
    Object.fromEntries(keys.map((f) => [f, true as const])) as Partial<Record<keyof RowSchema['shape'], true>>,
  );
  picked.set(cacheKey, schema);
  return schema;
}

// ---- the check ----

/** Checks the rows to be sent (new rows: `id` null; changed rows: a pulled id), in their order. */
export function checkBudgetRows(rows: readonly SheetRow[], context: BudgetCheckContext): BudgetRowCheck[] {
  const schemas: Record<Mode, RowSchema> = { new: rowSchema('new', context), changed: rowSchema('changed', context) };
  const picked = new Map<string, z.ZodType<Record<string, unknown>>>();
  const problem = (field: string, key: MessageKey, values: MessageParams = {}): RowCheckProblem => {
    const column = columnOf(field);
    return { field, column, message: translate(context.language, key, { ...values, column }) };
  };
  const existing = new Set(context.existingExternalIds);
  const owns = (row: SheetRow): boolean =>
    row.id !== null && context.pulledExternalIds !== undefined && context.pulledExternalIds.get(row.id) === row.externalId;
  const renamed = (row: SheetRow): boolean => row.id === null || (context.pulledExternalIds !== undefined && !owns(row));
  const users = new Map<string, number>();
  for (const row of rows)
    if (!blank(row.externalId) && row.externalId !== null) users.set(row.externalId, (users.get(row.externalId) ?? 0) + 1);

  return rows.map((row) => {
    const mode: Mode = row.id === null ? 'new' : 'changed';
    const ref: RowRef = { id: row.id, externalId: row.externalId, position: row.position };
    const problems: RowCheckProblem[] = [];
    const input = mode === 'new' ? { ...Object.fromEntries(BUDGET_FIELDS.map((f) => [f, undefined])), ...row.fields } : { ...row.fields };
    const parsed = schemaFor(schemas, picked, mode, row.fields).safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (seen.has(field)) continue;
        seen.add(field);
        const params = (issue as { params?: IssueParams }).params;
        problems.push(problem(field, params?.key ?? 'push.check.text', params?.values));
      }
    }

    const fields = parsed.success ? parsed.data : {};
    // inter_category needs inter_company (create/replace body table). A changed row without the column is not judged.
    const hasCompany = mode === 'new' || Object.prototype.hasOwnProperty.call(row.fields, 'inter_company');
    if (
      parsed.success &&
      hasCompany &&
      fields.inter_category !== null &&
      fields.inter_category !== undefined &&
      (fields.inter_company ?? null) === null
    ) {
      problems.push(problem('inter_category', 'push.check.interCategoryAlone', { other: columnOf('inter_company') }));
    }

    const externalId = row.externalId;
    if (externalId !== null && !blank(externalId)) {
      if (renamed(row) && !isAddressableExternalId(externalId)) {
        problems.push(problem('external_id', 'push.check.externalIdChars', { value: externalId }));
      } else if (!owns(row) && (existing.has(externalId) || (users.get(externalId) ?? 0) > 1)) {
        problems.push(problem('external_id', 'push.check.externalIdTaken', { value: externalId }));
      }
    }

    if (problems.length > 0) return { ...ref, ok: false, problems };
    const normalized = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    return { ...ref, ok: true, fields: normalized, addressable: isAddressableExternalId(externalId) };
  });
}
