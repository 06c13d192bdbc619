/**
 * Property (#30): random cells typed into a pulled budget table (numbers, texts, dates, empty cells, formula-like
 * text, wrong types, huge values) in changed and new rows, pushed in German, English or Italian: no request carries
 * a body that breaks the spec's input rules (test/support/spec-input-rules.ts), every row held back carries reasons
 * that name their column as the table shows it, in the user's language, and a row the service refuses for a limit the
 * spec does not state (the sandbox's digits of `d`, `r`, `rate`) names its column in that language too.
 */

import { budgetBodyProblems, budgetPatchProblems } from '../../support/spec-input-rules';
import { setUpPush } from './push-support';
import { assertRandomRows, type RowsHarness } from './random-rows';

test('random cells in budget rows: nothing invalid is sent, every row held back names its column in the user’s language', async () => {
  await assertRandomRows({
    setUp: async (language) => (await setUpPush({ language })) as unknown as RowsHarness,
    bodyProblems: (write) => {
      if (write.method === 'DELETE') return [];
      return write.method === 'PATCH' ? budgetPatchProblems(write.body) : budgetBodyProblems(write.body);
    },
    clearedInNewRows: ['external_id'],
    numRuns: 12,
    seed: 3034,
  });
}, 120_000);
