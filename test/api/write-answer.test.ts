/**
 * Issue #25 item 7: write answers are read tolerantly (numeric strings are numbers, unknown fields are kept), read
 * paths stay strict.
 */
import { BudgetPatchAnswerSchema, BudgetPatchResponseSchema, TransactionSchema, TransactionWriteAnswerSchema } from '../../src/api';
import { tolerantAnswer } from '../../src/api/write-answer';
import { z } from 'zod';

const transaction = {
  id: 1,
  account: { id: 2, name: 'Main', alias: '' },
  category: { id: 3, name: 'Rent', description: '' },
  predicted_category: null,
  invoice: null,
  value_date: '2026-01-02',
  value_time: null,
  bank_booking_date: null,
  amount: '-12.50',
  reporting_amount: '-12.5',
  purpose: 'x',
  counterpart_name: 'y',
  counterpart_iban: '',
  is_adjusting_entry: false,
  is_payment: true,
  is_leaf_node: true,
  tags: null,
  parent: { id: 9 },
  added_later: 'kept',
};

test('a PATCH answer with amounts as numeric strings and an unknown field is read; the strict schema refuses it', () => {
  const answer = { id: 5, amount: '-39000.00', rate: '0.0125', frequency_multiplier: '2', a_new_field: [1] };
  expect(BudgetPatchResponseSchema.safeParse(answer).success).toBe(false);
  const parsed = BudgetPatchAnswerSchema.parse(answer);
  expect(parsed).toMatchObject({ id: 5, amount: -39000, rate: 0.0125, frequency_multiplier: 2 });
  expect((parsed as Record<string, unknown>).a_new_field).toEqual([1]);
});

test('every other check stays: a text where a number belongs, a fraction where an integer belongs, a missing id', () => {
  expect(BudgetPatchAnswerSchema.safeParse({ id: 5, amount: 'lots' }).success).toBe(false);
  expect(BudgetPatchAnswerSchema.safeParse({ id: 5, frequency_multiplier: '2.5' }).success).toBe(false);
  expect(BudgetPatchAnswerSchema.safeParse({ amount: 1 }).success).toBe(false);
  expect(BudgetPatchAnswerSchema.safeParse({ id: '5x' }).success).toBe(false);
});

test('a recursive answer (a transaction and its parent) is read tolerantly at every level', () => {
  const parent = { ...transaction, id: 9, parent: null, amount: '-1' };
  const parsed = TransactionWriteAnswerSchema.parse({ ...transaction, parent });
  expect(parsed.amount).toBe(-12.5);
  expect(parsed.parent?.amount).toBe(-1);
  expect(TransactionSchema.safeParse({ ...transaction, parent }).success).toBe(false);
});

test('optional, nullable and arrays of numbers take numeric strings too', () => {
  const schema = tolerantAnswer(z.object({ a: z.number().optional(), b: z.number().nullable(), c: z.array(z.number().int()) }));
  expect(schema.parse({ a: '1.5', b: null, c: ['1', 2] })).toEqual({ a: 1.5, b: null, c: [1, 2] });
  expect(schema.parse({ b: '3', c: [] })).toEqual({ b: 3, c: [] });
});
