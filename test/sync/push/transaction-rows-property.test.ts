/**
 * Property (#30): random cells typed into a pulled Transactions table's Category column (category ids, paths that
 * exist or not, numbers, texts, empty cells, formula-like text) and rows added (the service creates no transaction
 * from Excel), sent in German, English or Italian: every `PATCH /transactions/` body keeps the spec's rules (an array
 * of at most 1,000 `{id, category}`), and every row held back names its column in the user's language.
 */

import fc from 'fast-check';
import { TRANSACTIONS_TABLE } from '../../../src/sync/tables';
import { categoryChangeProblems } from '../../support/spec-input-rules';
import { assertRandomRows, type RowsHarness } from './random-rows';
import { hostileCell } from './random-cells';
import { setUpTransactions } from './transaction-support';

test('random category cells in transaction rows: nothing invalid is sent, every row held back names its column', async () => {
  await assertRandomRows({
    setUp: async (language) => ({ ...(await setUpTransactions({ language })), model: TRANSACTIONS_TABLE }) as unknown as RowsHarness,
    bodyProblems: (write) =>
      write.method === 'PATCH' ? categoryChangeProblems(write.body) : [`${write.method}: not a write of this table`],
    // Ids of the demo company's categories (leaves, parents, system ones) and others, besides any cell.
    cells: fc.oneof(hostileCell, fc.integer({ min: 995, max: 1045 }), fc.integer({ min: 995, max: 1045 }).map(String)),
    numRuns: 12,
    seed: 3036,
  });
}, 120_000);
