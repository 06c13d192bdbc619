/**
 * Property (#30): random cells typed into a pulled Invoices table (changed rows and new ones), sent in German,
 * English or Italian: every POST and PATCH body keeps the spec's invoice rules (test/support/spec-input-rules.ts), and
 * every row that waits or is refused names its column as the table shows it, in the user's language.
 */

import { invoiceCreateProblems, invoicePatchProblems } from '../../support/spec-input-rules';
import { setUpInvoices } from './invoice-support';
import { assertRandomRows, type RowsHarness } from './random-rows';

test('random cells in invoice rows: nothing invalid is sent, every row held back names its column in the user’s language', async () => {
  await assertRandomRows({
    setUp: async (language) => (await setUpInvoices({ language })) as unknown as RowsHarness,
    bodyProblems: (write) => {
      if (write.method === 'DELETE') return [];
      return write.method === 'PATCH' ? invoicePatchProblems(write.body) : invoiceCreateProblems(write.body);
    },
    clearedInNewRows: ['source', 'source_id'],
    numRuns: 12,
    seed: 3035,
  });
}, 120_000);
