/**
 * The service's input rules as api-spec.md states them (section 2, section 4's field tables, section 8's limits),
 * written here from the spec and not from the client (so one misreading cannot pass both sides): each function lists
 * what a request body breaks, empty when it keeps every rule. The writers' property tests (#30) check every body sent.
 */

type Body = Record<string, unknown>;
type Rule = (value: unknown) => boolean;

const isRecord = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `YYYY-MM-DD`, a real calendar day. */
export const isDate: Rule = (v) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** A decimal as a JSON number or numeric string, at most `digits` digits of which at most `decimals` after the point. */
export function isDecimal(digits: number | undefined, decimals: number): Rule {
  return (v) => {
    const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
    if (typeof text !== 'string') return false;
    const m = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
    if (m === null) return false;
    const whole = (m[1] ?? '').replace(/^0+/, '');
    const fraction = m[2] ?? '';
    return fraction.length <= decimals && (digits === undefined || whole.length + fraction.length <= digits);
  };
}

const isInteger: Rule = (v) => Number.isSafeInteger(v);
/** An integer, or (where the spec says so) a numeric string. */
const isIntegerOrText: Rule = (v) => isInteger(v) || (typeof v === 'string' && /^-?\d+$/.test(v));
const isText: Rule = (v) => typeof v === 'string';
/** A required text: DRF trims it and refuses a blank one. */
const isFilledText: Rule = (v) => typeof v === 'string' && v.trim() !== '';
const isNumber: Rule = (v) => typeof v === 'number' && Number.isFinite(v);
const isFlag: Rule = (v) => typeof v === 'boolean';
const oneOf =
  (...values: unknown[]): Rule =>
  (v) =>
    values.includes(v);
const nullOr =
  (rule: Rule): Rule =>
  (v) =>
    v === null || rule(v);
const listOf =
  (rule: Rule): Rule =>
  (v) =>
    Array.isArray(v) && v.every(rule);

/** What `body` breaks of `rules` (unknown fields too), and which of `required` it lacks. */
function problemsOf(body: unknown, rules: Record<string, Rule>, required: readonly string[] = []): string[] {
  if (!isRecord(body)) return ['not an object'];
  const problems = required.filter((f) => !(f in body)).map((f) => `${f}: missing`);
  for (const [field, value] of Object.entries(body)) {
    const rule = rules[field];
    if (rule === undefined) problems.push(`${field}: not a field of the body`);
    else if (!rule(value)) problems.push(`${field}: ${JSON.stringify(value)}`);
  }
  return problems;
}

const BUDGET_FIELDS: Record<string, Rule> = {
  name: isFilledText,
  category: isIntegerOrText,
  settlement_date: isDate,
  description: isText,
  amount: isDecimal(12, 2),
  tags: listOf(isText),
  external_id: (v) => isFilledText(v) && !/[./]/.test(v as string),
  external_source: isText,
  account: nullOr(isInteger),
  rate: isDecimal(undefined, 4),
  base: oneOf('FS', 'S', 'F'),
  frequency: oneOf('daily', 'weekly', 'monthly', 'quarterly', 'yearly', ''),
  frequency_multiplier: isInteger,
  sequence_type: oneOf('AP', 'GP', 'HP', ''),
  sequence_term_size: isInteger,
  d: isNumber,
  r: isNumber,
  time_lags: listOf(isInteger),
  depending_categories: listOf(isInteger),
  is_adjusted: isFlag,
  is_indefinite: isFlag,
  inter_company: nullOr(isInteger),
  inter_category: nullOr(isInteger),
  integration_tags: nullOr(listOf(isText)),
};

/** Fields a budget PATCH may empty with `''` (rule 3 of "Budget operations"). */
const BUDGET_EMPTIABLE = ['description', 'external_source', 'frequency', 'sequence_type', 'account', 'inter_company', 'inter_category'];

/** A budget create or replace body (POST, PUT): `name`, `category`, `settlement_date` required. */
export function budgetBodyProblems(body: unknown): string[] {
  return problemsOf(body, BUDGET_FIELDS, ['name', 'category', 'settlement_date']);
}

/** A budget PATCH body: only the fields sent, `''` only where it clears or nulls a field. */
export function budgetPatchProblems(body: unknown): string[] {
  const rules = Object.fromEntries(
    Object.entries(BUDGET_FIELDS).map(([field, rule]) => [
      field,
      BUDGET_EMPTIABLE.includes(field) ? (v: unknown) => v === '' || rule(v) : rule,
    ]),
  );
  return problemsOf(body, rules);
}

const INVOICE_STATUSES = ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'];
const INVOICE_FIELDS: Record<string, Rule> = {
  reference: isFilledText,
  name: isFilledText,
  amount: isDecimal(10, 2),
  due_date: isDate,
  date: isDate,
  notes: isText,
  type: oneOf('RE', 'PA'),
  tags: isText,
  paid_amount: isDecimal(10, 2),
  category: isInteger,
  expected_date: isDate,
};

/** An invoice POST: `reference`, `name`, `amount`, `due_date` required. */
export function invoiceCreateProblems(body: unknown): string[] {
  return problemsOf(body, INVOICE_FIELDS, ['reference', 'name', 'amount', 'due_date']);
}

/** An invoice PATCH: an array, every item with the first item's key. */
export function invoicePatchProblems(body: unknown): string[] {
  if (!Array.isArray(body)) return ['not an array'];
  const rules = { ...INVOICE_FIELDS, id: isInteger, source_id: isFilledText, source: isFilledText, status: oneOf(...INVOICE_STATUSES) };
  const first: unknown = body[0];
  const key = isRecord(first) ? (['id', 'source_id', 'reference'] as const).find((k) => k in first) : undefined;
  return body.flatMap((item, i) => [
    ...(key !== undefined && isRecord(item) && key in item ? [] : [`[${i}]: without the key ${String(key)}`]),
    ...problemsOf(item, rules).map((p) => `[${i}].${p}`),
  ]);
}

/** `PATCH /transactions/`: an array of at most 1000 `{id, category}`. */
export function categoryChangeProblems(body: unknown): string[] {
  if (!Array.isArray(body)) return ['not an array'];
  if (body.length > 1000) return [`${body.length} items`];
  return body.flatMap((item, i) => problemsOf(item, { id: isInteger, category: isInteger }, ['id', 'category']).map((p) => `[${i}].${p}`));
}

const TRANSACTION_FIELDS: Record<string, Rule> = {
  value_date: (v) => isDate(v) && (v as string) >= '2000-01-01',
  amount: isDecimal(undefined, 2),
  purpose: isText,
  counterpart_name: isText,
  tags: listOf(isText),
  // Not in the create call's field table, sent for the service to keep (docs/service-contract.md).
  counterpart_iban: isText,
};

/** `POST /accounts/{id}/transactions/`: one item or an array of at most 1000; `value_date`, `amount` required. */
export function transactionCreateProblems(body: unknown): string[] {
  const items: unknown[] = Array.isArray(body) ? body : [body];
  if (items.length > 1000) return [`${items.length} items`];
  return items.flatMap((item, i) => problemsOf(item, TRANSACTION_FIELDS, ['value_date', 'amount']).map((p) => `[${i}].${p}`));
}

/** `POST /accounts/`: `bank` with `name` and `bic` required; ISO 4217 currency. */
export function offlineAccountProblems(body: unknown): string[] {
  const bank = isRecord(body) ? body['bank'] : undefined;
  return [
    ...problemsOf(
      body,
      {
        bank: isRecord,
        name: isText,
        alias: isText,
        currency: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v),
        holder_name: isText,
        type_name: isText,
        balance: isDecimal(undefined, 2),
        overdraft_limit: nullOr((v) => isDecimal(undefined, 2)(v)),
        // Not in the field table; the IBAN-and-currency rule needs it (src/api/accounts.ts).
        iban: isText,
      },
      ['bank'],
    ),
    ...(isRecord(bank) ? problemsOf(bank, { name: isFilledText, bic: isText }, ['name', 'bic']).map((p) => `bank.${p}`) : []),
  ];
}
