/**
 * Reading the budget create/replace/update body. `full` (create, PUT): `name`, `category`,
 * `settlement_date` required, unsent fields take their defaults. `partial` (PATCH): only sent fields.
 * Empty strings: `description`, `external_source`, `frequency`, `sequence_type` are cleared;
 * `account`, `inter_company`, `inter_category` become null; everything else is a 400.
 */
import { toCents } from './amount';
import { BodyReader, type FieldErrors } from './body-reader';
import { categoryOfCompany, categoryProblem } from './category-rules';
import type { Language } from './messages';
import { FREQUENCIES, SEQUENCE_TYPES, type Budget } from './model';
import type { Store } from './store';

export type BudgetFields = Omit<Budget, 'id' | 'companyId' | 'planId' | 'source' | 'dateCreated' | 'dateUpdated' | 'baseCategories'>;

export const BUDGET_DEFAULTS: Omit<BudgetFields, 'name' | 'categoryId' | 'settlementDate'> = {
  interCategory: null,
  interCompany: null,
  dependingCategories: [],
  account: null,
  tags: [],
  integrationTags: null,
  isAdjusted: false,
  description: '',
  amount: 0,
  rate: 0,
  base: 'FS',
  timeLags: [],
  frequency: '',
  frequencyMultiplier: 1,
  sequenceType: '',
  sequenceTermSize: 1,
  d: 0,
  r: 1,
  isIndefinite: false,
  externalId: null,
  externalSource: null,
};

/** Request field name → record property, in response order. */
export const BUDGET_FIELD_NAMES: Record<string, keyof BudgetFields> = {
  name: 'name',
  category: 'categoryId',
  settlement_date: 'settlementDate',
  description: 'description',
  amount: 'amount',
  tags: 'tags',
  external_id: 'externalId',
  external_source: 'externalSource',
  account: 'account',
  rate: 'rate',
  base: 'base',
  frequency: 'frequency',
  frequency_multiplier: 'frequencyMultiplier',
  sequence_type: 'sequenceType',
  sequence_term_size: 'sequenceTermSize',
  d: 'd',
  r: 'r',
  time_lags: 'timeLags',
  depending_categories: 'dependingCategories',
  is_adjusted: 'isAdjusted',
  is_indefinite: 'isIndefinite',
  inter_company: 'interCompany',
  inter_category: 'interCategory',
  integration_tags: 'integrationTags',
};

export interface BudgetRead {
  values: Partial<BudgetFields>;
  /** Request field names that were sent (known fields only). */
  sent: string[];
  errors: FieldErrors;
}

const AMOUNT = { maxDigits: 12, decimalPlaces: 2 };
const RATE = { maxDigits: 10, decimalPlaces: 4 };
const FACTOR = { maxDigits: 20, decimalPlaces: 10 };

export function readBudgetFields(
  store: Store,
  companyId: number,
  input: Record<string, unknown>,
  lang: Language,
  mode: 'full' | 'partial',
): BudgetRead {
  const body = { ...input };
  const r = new BodyReader(body, lang);
  const required = mode === 'full';
  const v: Partial<BudgetFields> = {};
  const blankToNull = (key: string) => {
    if (body[key] === '') body[key] = null;
  };
  const set = <K extends keyof BudgetFields>(key: K, value: BudgetFields[K] | undefined) => {
    if (value !== undefined) v[key] = value;
  };
  set('name', r.string('name', { required }) ?? undefined);
  if (body.category === '') r.fail('category', 'notNull');
  else
    set(
      'categoryId',
      r.pk('category', categoryOfCompany(store, companyId), { required, check: (c) => categoryProblem(store, c) }) ?? undefined,
    );
  set('settlementDate', r.date('settlement_date', { required }) ?? undefined);
  set('description', r.string('description', { allowBlank: true }) ?? undefined);
  const amount = r.decimal('amount', AMOUNT);
  set('amount', typeof amount === 'number' ? toCents(amount) : undefined);
  set('tags', r.stringList('tags') ?? undefined);
  const externalId = r.string('external_id', { allowNull: true });
  if (typeof externalId === 'string' && /[./]/.test(externalId)) r.fail('external_id', 'externalIdChars');
  if (externalId !== undefined) v.externalId = externalId;
  const externalSource = r.string('external_source', { allowBlank: true, allowNull: true });
  if (externalSource !== undefined) v.externalSource = externalSource;
  blankToNull('account');
  const account = r.pk('account', (id) => store.accounts.get(id)?.companyId === companyId, { allowNull: true });
  if (account !== undefined) v.account = account;
  const rate = r.decimal('rate', RATE);
  set('rate', typeof rate === 'number' ? rate : undefined);
  set('base', r.choice('base', ['FS', 'S', 'F'] as const) ?? undefined);
  set('frequency', r.choice('frequency', FREQUENCIES) ?? undefined);
  set('frequencyMultiplier', r.integer('frequency_multiplier') ?? undefined);
  set('sequenceType', r.choice('sequence_type', SEQUENCE_TYPES) ?? undefined);
  set('sequenceTermSize', r.integer('sequence_term_size') ?? undefined);
  set('d', r.decimal('d', FACTOR) ?? undefined);
  set('r', r.decimal('r', FACTOR) ?? undefined);
  set('timeLags', r.integerList('time_lags') ?? undefined);
  const depending = r.integerList('depending_categories');
  if (depending) {
    const missing = depending.find((id) => store.categories.get(id)?.companyId !== companyId);
    if (missing !== undefined) r.fail('depending_categories', 'doesNotExist', { pk_value: missing });
    else v.dependingCategories = depending;
  }
  set('isAdjusted', r.boolean('is_adjusted') ?? undefined);
  set('isIndefinite', r.boolean('is_indefinite') ?? undefined);
  blankToNull('inter_company');
  const interCompany = r.integer('inter_company', { allowNull: true });
  if (interCompany !== undefined) v.interCompany = interCompany;
  blankToNull('inter_category');
  const interCategory = r.integer('inter_category', { allowNull: true });
  if (interCategory !== undefined) v.interCategory = interCategory;
  const integrationTags = r.stringList('integration_tags', { allowNull: true });
  if (integrationTags !== undefined) v.integrationTags = integrationTags;
  const sent = Object.keys(BUDGET_FIELD_NAMES).filter((key) => r.has(key));
  return { values: v, sent, errors: r.errors };
}
