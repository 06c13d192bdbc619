import { z } from 'zod';
import { ResponseValidationError } from '../../src/api';
import fc from 'fast-check';
import { compileCheck, inPlace, inPlaceCheck } from '../../src/api/in-place-check';
import { parseResponse } from '../../src/api/parse-response';
import { BudgetPageSchema } from '../../src/api/budget-schema';
import { ExtendedTransactionPageSchema, TransactionPageSchema } from '../../src/api/transaction-schema';
import { budget, invoice, pageBody, transaction } from './support/fixtures';

const ctx = { method: 'GET', path: '/transactions/extended/', status: 200, language: 'en' as const };

function page(results: unknown[]): Record<string, unknown> {
  return pageBody('/transactions/extended/', 1, 1000, results.length, results, { sum: 0 });
}

/** The same answer through zod alone: what the copy-free check must agree with. */
function zodAccepts(schema: z.ZodType, data: unknown): boolean {
  return schema.safeParse(data).success;
}

describe('the copy-free check of transaction pages', () => {
  const valid = transaction(1, 12.5, {
    parent: transaction(2, 3, { tags: ['a', 'b'] }),
    invoice: invoice(9),
    predicted_category: {
      id: 3,
      name: 'Miete',
      slug: 'miete',
      description: '',
      type: 'E',
      order: 1,
      date_created: '2024-01-01',
      is_default: false,
      is_obsolete: false,
      tenant: 1,
      company: 1,
      parent: null,
      source: null,
    },
    tags: ['x'],
    value_time: '12:00:00',
    brand_new_field: { x: 1 },
  });

  test('a valid page is returned as decoded, not copied (fields the schema does not name stay)', () => {
    const data = page([valid, transaction(3)]);
    expect(inPlaceCheck(ExtendedTransactionPageSchema)).not.toBeNull();
    expect(inPlaceCheck(TransactionPageSchema)).not.toBeNull();
    const parsed = parseResponse(ExtendedTransactionPageSchema, data, ctx);
    expect(parsed).toBe(data);
    expect((parsed.results[0] as unknown as Record<string, unknown>).brand_new_field).toEqual({ x: 1 });
    expect(zodAccepts(ExtendedTransactionPageSchema, data)).toBe(true);
  });

  test.each([
    ['an amount as text', { amount: '12.50' }, 'results[1].amount: expected number, received string'],
    ['a missing field', { purpose: undefined }, 'results[1].purpose: expected string, missing'],
    ['a fractional id', { id: 1.5 }, 'results[1].id'],
    ['an id beyond the safe integers', { id: 2 ** 53 }, 'results[1].id'],
    ['null where the spec has none', { counterpart_name: null }, 'results[1].counterpart_name: expected string, received null'],
    ['a malformed nested account', { account: { id: 1, name: 'Main' } }, 'results[1].account.alias: expected string, missing'],
    ['a tag that is not text', { tags: ['a', 3] }, 'results[1].tags[1]: expected string, received number'],
    [
      'a malformed parent',
      { parent: transaction(7, 1, { is_payment: 'no' }) },
      'results[1].parent.is_payment: expected boolean, received string',
    ],
    ['a record that is an array', null, 'results[1]: expected object, received array'],
  ])("%s is refused with zod's message naming the field", (_name, overrides, message) => {
    const bad = overrides === null ? [] : (JSON.parse(JSON.stringify(transaction(2, 1, overrides))) as unknown);
    const data = page([transaction(1), bad]);
    expect(inPlaceCheck(ExtendedTransactionPageSchema)?.(data)).toBe(false);
    expect(zodAccepts(ExtendedTransactionPageSchema, data)).toBe(false);
    let error: unknown;
    try {
      parseResponse(ExtendedTransactionPageSchema, data, ctx);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(message);
  });

  test('a linked invoice needs only its id; what it carries besides is checked ("invoice or null | linked invoice")', () => {
    const short = transaction(4, 1, { invoice: { id: 9, reference: 'RE-9' } });
    const data = page([short]);
    expect(parseResponse(ExtendedTransactionPageSchema, data, ctx)).toBe(data);
    for (const invoiceValue of [{ reference: 'RE-9' }, { id: 9, reference: 7 }]) {
      const bad = page([transaction(4, 1, { invoice: invoiceValue })]);
      expect(() => parseResponse(ExtendedTransactionPageSchema, bad, ctx)).toThrow(ResponseValidationError);
      expect(zodAccepts(ExtendedTransactionPageSchema, bad)).toBe(false);
    }
  });

  test('a page without `sum` or with `next` of the wrong type is refused', () => {
    const { sum: _sum, ...withoutSum } = page([transaction(1)]);
    expect(() => parseResponse(ExtendedTransactionPageSchema, withoutSum, ctx)).toThrow('sum: expected number, missing');
    expect(() => parseResponse(ExtendedTransactionPageSchema, { ...page([]), next: 2 }, ctx)).toThrow(
      'next: expected string, received number',
    );
    expect(() => parseResponse(ExtendedTransactionPageSchema, undefined, ctx)).toThrow(ResponseValidationError);
  });
});

describe('the copy-free check of budget pages (a pull, a push reading the service before it writes)', () => {
  const budgetCtx = { ...ctx, path: '/forecast/budgets/' };
  const budgets = (list: unknown[]) =>
    pageBody('/forecast/budgets/', 1, 1000, list.length, { total: list.length, budgets: list }, { sum: 0 });

  test('a valid page is returned as decoded, not copied', () => {
    const data = budgets([
      budget(1, {
        recurring_budget: { frequency: 'm', frequency_multiplier: 1, sequence_type: '', sequence_term_size: 1, d: 0, r: 1 },
        brand_new_field: 1,
      }),
      budget(2),
    ]);
    expect(inPlaceCheck(BudgetPageSchema)).not.toBeNull();
    const parsed = parseResponse(BudgetPageSchema, data, budgetCtx);
    expect(parsed).toBe(data);
    expect(zodAccepts(BudgetPageSchema, data)).toBe(true);
  });

  test('a malformed budget is refused with the message zod gives for its field', () => {
    const data = budgets([budget(1), budget(2, { amount: '12.50' })]);
    expect(inPlaceCheck(BudgetPageSchema)?.(data)).toBe(false);
    expect(() => parseResponse(BudgetPageSchema, data, budgetCtx)).toThrow('results.budgets[1].amount: expected number, received string');
  });
});

describe('what the check leaves to zod', () => {
  test('refinements, transforms, defaults, unions and strict objects are not compiled', () => {
    for (const schema of [
      z.object({ a: z.string().min(1) }),
      z.object({ a: z.number().min(0) }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.union([z.string(), z.number()]) }),
      z.strictObject({ a: z.string() }),
      z.array(z.object({ a: z.enum(['x', 'y']) })),
    ]) {
      expect(inPlaceCheck(inPlace(schema))).toBeNull();
    }
  });

  test('an unmarked schema is parsed by zod (a copy without unknown fields)', () => {
    const schema = z.object({ a: z.string() });
    const data = { a: 'x', b: 1 };
    expect(inPlaceCheck(schema)).toBeNull();
    expect(parseResponse(schema, data, ctx)).toEqual({ a: 'x' });
  });

  test('loose objects, nullable, optional and unknown fields are understood', () => {
    const schema = inPlace(
      z.looseObject({ a: z.number().nullable(), b: z.boolean().optional(), c: z.unknown(), d: z.array(z.number().int()) }),
    );
    const check = inPlaceCheck(schema);
    expect(check?.({ a: null, c: 1, d: [1, 2], e: 'kept' })).toBe(true);
    expect(check?.({ a: 1, b: true, c: null, d: [] })).toBe(true);
    expect(check?.({ a: 1, b: 'yes', c: null, d: [] })).toBe(false);
    expect(check?.({ a: 1, c: null, d: [1.5] })).toBe(false);
  });
});

describe.each([
  ['compiled with new Function', true],
  ['walked in a loop (where eval is not allowed)', false],
])('the check %s', (_name, evaluate) => {
  const check = compileCheck(ExtendedTransactionPageSchema, { evaluate });
  const base = JSON.parse(JSON.stringify(transaction(2, 1, { parent: transaction(5, 2), tags: ['a'] }))) as Record<string, unknown>;

  test('passes a valid page and refuses what zod refuses, field by field', () => {
    expect(check).not.toBeNull();
    expect(check?.(page([transaction(1), base]))).toBe(true);
    for (const [field, value] of [
      ['amount', '1'],
      ['id', 1.5],
      ['purpose', null],
      ['is_payment', 'no'],
      ['tags', ['a', 3]],
      ['parent', { id: 1 }],
    ] as const) {
      const data = page([transaction(1), { ...base, [field]: value }]);
      expect([field, check?.(data)]).toEqual([field, false]);
      expect(zodAccepts(ExtendedTransactionPageSchema, data)).toBe(false);
    }
  });

  test('never passes what zod refuses (random values in random fields, nested parents included)', () => {
    const keys = Object.keys(base);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue(), fc.boolean(), (key, value, nested) => {
        const record = { ...base, [key]: value };
        const data = page([nested ? { ...base, parent: record } : record]);
        if (check?.(data) === true) expect(zodAccepts(ExtendedTransactionPageSchema, data)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test('a missing field is refused unless the schema makes it optional, like zod', () => {
    for (const key of Object.keys(base)) {
      const { [key]: _dropped, ...rest } = base;
      const data = page([rest]);
      expect([key, check?.(data)]).toEqual([key, zodAccepts(ExtendedTransactionPageSchema, data)]);
    }
  });
});
