/**
 * Field-by-field type checks for section 2 of the spec. A check returns a list of problems
 * (empty = conforming), so a failing test names every wrong field at once.
 */
export type Kind = 'integer' | 'number' | 'string' | 'boolean' | 'date' | 'datetime' | 'time' | 'array' | 'object';
/** a kind, a nullable kind (`kind?`), or a list of allowed string values */
export type FieldSpec = Kind | `${Kind}?` | readonly string[];
export type Shape = Record<string, FieldSpec>;

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 in UTC: `Z` or a zero offset */
export const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]00:?00)$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;

function kindOk(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'date':
      return typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
    case 'datetime':
      return typeof v === 'string' && UTC_TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v));
    case 'time':
      return typeof v === 'string' && TIME.test(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
  }
}

export function shapeProblems(value: unknown, shape: Shape, where: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${where}: not an object`];
  const rec = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, spec] of Object.entries(shape)) {
    if (!(field in rec)) {
      problems.push(`${where}.${field}: missing`);
      continue;
    }
    const v = rec[field];
    if (Array.isArray(spec)) {
      if (typeof v !== 'string' || !spec.includes(v)) problems.push(`${where}.${field}: ${JSON.stringify(v)} not in ${spec.join('|')}`);
      continue;
    }
    const s = spec as string;
    const nullable = s.endsWith('?');
    const kind = (nullable ? s.slice(0, -1) : s) as Kind;
    if (v === null && nullable) continue;
    if (!kindOk(kind, v)) problems.push(`${where}.${field}: expected ${s}, got ${JSON.stringify(v)}`);
  }
  return problems;
}

/** problems of every element of an array (stops after `limit` elements with problems) */
export function eachProblems(values: readonly unknown[], shape: Shape, where: string, limit = 3): string[] {
  const out: string[] = [];
  let bad = 0;
  values.forEach((v, i) => {
    if (bad >= limit) return;
    const p = shapeProblems(v, shape, `${where}[${i}]`);
    if (p.length) {
      bad += 1;
      out.push(...p);
    }
  });
  return out;
}

export const SHORT_CATEGORY: Shape = { id: 'integer', name: 'string', description: 'string' };
export const SHORT_ACCOUNT: Shape = { id: 'integer', name: 'string', alias: 'string' };

export const CATEGORY: Shape = {
  id: 'integer',
  parent: 'integer?',
  name: 'string',
  slug: 'string',
  description: 'string',
  order: 'integer',
  is_obsolete: 'boolean',
  is_category: 'boolean',
  is_aggregating: 'boolean',
  is_default: 'boolean',
};

export const EXTENDED_CATEGORY: Shape = {
  id: 'integer',
  name: 'string',
  slug: 'string',
  description: 'string',
  type: ['AG', 'EX', 'IN'],
  order: 'integer',
  date_created: 'datetime',
  is_default: 'boolean',
  is_obsolete: 'boolean',
  lft: 'integer',
  rght: 'integer',
  tree_id: 'integer',
  level: 'integer',
  tenant: 'integer',
  company: 'integer',
  parent: 'integer?',
  source: 'integer?',
};

export const PLAN: Shape = {
  id: 'integer',
  author: 'object',
  date_created: 'datetime',
  date_updated: 'datetime',
  name: 'string',
  first_year: 'integer',
  last_year: 'integer',
  type: ['REGULAR', 'FORECAST', 'SCENARIO'],
  is_active: 'boolean',
  is_committed: 'boolean',
  update_status: ['IN_PROGRESS', 'READY'],
  use_transactions: 'boolean',
  use_invoices: 'boolean',
  update_forecast: 'boolean',
  parent: 'integer?',
  comment_count: 'integer',
};

export const PLAN_AUTHOR: Shape = { id: 'string', username: 'string', full_name: 'string' };

export const BANK: Shape = {
  id: 'integer',
  accounts: 'array',
  date_created: 'datetime',
  date_updated: 'datetime',
  open_banking_connection_id: 'integer?',
  name: 'string',
  bic: 'string',
  tenant: 'integer',
};

export const ACCOUNT_STATUSES = [
  'UPDATED',
  'UPDATED_FIXED',
  'DOWNLOAD_IN_PROGRESS',
  'DOWNLOAD_FAILED',
  'DEPRECATED',
  'DISCONNECTED',
  'API',
  'OFFLINE',
] as const;

export const ACCOUNT: Shape = {
  id: 'integer',
  bank: 'object',
  transaction_count: 'integer',
  currency: 'string',
  date_created: 'datetime',
  date_updated: 'datetime',
  name: 'string',
  alias: 'string',
  iban: 'string',
  type_name: 'string',
  balance: 'number',
  overdraft_limit: 'number?',
  status: ACCOUNT_STATUSES,
  last_successful_update: 'datetime?',
  last_update_attempt: 'datetime?',
  banking_api_account: 'integer?',
};

export const ACCOUNT_BANK: Shape = { open_banking_connection_id: 'integer?', name: 'string', bic: 'string' };

export const LAST_TRANSACTION: Shape = {
  id: 'integer',
  account: 'object',
  value_date: 'date',
  amount: 'number',
  purpose: 'string',
  counterpart_name: 'string',
};

export const BALANCE_SUMMARY: Shape = {
  total: 'number',
  available_limit: 'number',
  current_month_balance: 'number?',
  next_month_balance: 'number?',
  in_3_months_balance: 'number?',
  fiscal_year_ending_balance: 'number?',
  current_month_limit: 'number?',
  next_month_limit: 'number?',
  in_3_months_limit: 'number?',
  fiscal_year_ending_limit: 'number?',
  accounts: 'array',
};

export const TRANSACTION: Shape = {
  id: 'integer',
  account: 'object',
  category: 'object',
  predicted_category: 'object?',
  invoice: 'object?',
  parent: 'object?',
  value_date: 'date',
  value_time: 'time?',
  bank_booking_date: 'date?',
  amount: 'number',
  reporting_amount: 'number',
  purpose: 'string',
  counterpart_name: 'string',
  counterpart_iban: 'string',
  is_adjusting_entry: 'boolean',
  is_payment: 'boolean',
  is_leaf_node: 'boolean',
  tags: 'array?',
};

export const INVOICE_STATUS_LABELS: Record<string, string> = {
  OD: 'Overdue',
  PL: 'Expected',
  OR: 'Lead/Order',
  PD: 'Paid',
  PP: 'Partially Paid',
  IN: 'Installments',
  HD: 'On Hold',
  PR: 'Promised',
  DP: 'In Dispute',
  CA: 'Cancelled',
  IP: 'In Progress',
};

/**
 * `date` is typed date (not "date or null"): optional on create, it is then the day of creation.
 * `source_id` is typed string but cannot be sent on create at all, so null is tolerated for it
 * (a reading, noted in the report).
 */
export const INVOICE: Shape = {
  id: 'integer',
  transactions: 'array',
  paid_amount: 'number',
  amount_due: 'number',
  date_created: 'datetime',
  date_updated: 'datetime',
  name: 'string',
  notes: 'string',
  amount: 'number',
  type: ['RE', 'PA'],
  reference: 'string',
  date: 'date',
  due_date: 'date',
  expected_date: 'date',
  source: 'string',
  source_id: 'string?',
  status: Object.keys(INVOICE_STATUS_LABELS),
  status_label: 'string',
  is_archived: 'boolean',
  category: 'integer?',
};

export const INVOICE_TRANSACTION: Shape = {
  id: 'integer',
  account: 'object',
  value_date: 'date',
  amount: 'number',
  purpose: 'string',
  counterpart_name: 'string',
  reporting_amount: 'number',
};

export const BUDGET: Shape = {
  id: 'integer',
  category: 'object',
  inter_category: 'integer?',
  inter_category_name: 'string?',
  depending_categories: 'array',
  base_categories: 'array',
  recurring_budget: 'object?',
  settlement_date: 'date',
  start_date: 'date?',
  end_date: 'date?',
  account: 'integer?',
  tags: 'array',
  integration_tags: 'array?',
  is_adjusted: 'boolean',
  inter_budget: 'object?',
  name: 'string',
  description: 'string',
  amount: 'number',
  rate: 'number',
  base: ['FS', 'S', 'F'],
  time_lags: 'array',
  frequency: ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', ''],
  frequency_multiplier: 'integer',
  sequence_type: ['AP', 'GP', 'HP', ''],
  sequence_term_size: 'integer',
  d: 'number',
  r: 'number',
  is_indefinite: 'boolean',
  external_id: 'string?',
  external_source: 'string?',
  inter_company: 'integer?',
  source: 'integer?',
};

export const RECURRING_BUDGET_KEYS = ['frequency', 'frequency_multiplier', 'sequence_type', 'sequence_term_size', 'd', 'r'];

export const TOKEN_RESPONSE: Shape = {
  access_token: 'string',
  token_type: 'string',
  refresh_token: 'string',
  expires_in: 'integer',
  refresh_expires_in: 'integer',
  scope: 'string',
};
