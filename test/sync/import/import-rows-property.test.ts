/**
 * Property (#30): random cells in the Import table's columns (dates as serials, ISO or dotted text, impossible days,
 * dates before 2000, amounts as numbers or text in any language's form, with too many decimals, huge, formula-like
 * text, IBANs good and bad, accounts offline, linked, unknown or empty), sent in German, English or Italian: every
 * `POST /accounts/{id}/transactions/` body keeps the spec's rules (test/support/spec-input-rules.ts), every row held back says why naming each column as the table shows it, in the user's language, and
 * a row the service refuses for a limit the spec does not state says so after the column.
 */

import fc from 'fast-check';
import { LANGUAGES } from '../../../src/i18n/catalog';
import { translate } from '../../../src/i18n/translate';
import { IMPORT_COLUMNS, type MemoryImportRow } from '../../../src/sync/import';
import { transactionCreateProblems } from '../../support/spec-input-rules';
import { hostileCell as anyCell } from '../push/random-cells';
import { setUpImport } from './import-support';

/** A cell as Excel gives it: never null (an empty cell reads as ''). */
const hostileCell = anyCell.map((v) => v ?? '');
const date = fc.oneof(
  hostileCell,
  fc.constantFrom('2025-03-01', '01.03.2025', '1.3.2025', '29.02.2025', '2024-02-29', '1999-12-31', '2000-01-01', ' 2025-03-02 '),
  fc.integer({ min: 30_000, max: 60_000 }),
);
const amount = fc.oneof(
  hostileCell,
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => c / 100),
  fc.constantFrom('-1.234,56', '-1,234.56', '1 234,5', "1'234.50", '12.345', '-0,001', '99999999999999999999', '€ 12'),
);
const iban = fc.oneof(hostileCell, fc.constantFrom('DE89 3704 0044 0532 0130 00', 'DE89370400440532013001', 'AT61 1904 3002 3457 3201'));
const account = fc.oneof(
  fc.constantFrom('Kasse', 'Treuhandkonto', 'kasse', 'Firmenkreditkarte', 'API-Konto', 'Geschäftskonto', 'Nowhere', '', '#1'),
  hostileCell,
);
const row: fc.Arbitrary<MemoryImportRow> = fc.record({
  value_date: date,
  amount,
  purpose: hostileCell,
  counterpart_name: hostileCell,
  counterpart_iban: iban,
  tags: hostileCell,
  account,
});

test('random Import rows: nothing invalid is sent, every row held back names its columns in the user’s language', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), fc.constantFrom(...LANGUAGES), async (rows, language) => {
      const h = await setUpImport(rows);
      try {
        const result = await h.send({ language });
        for (const post of h.sent.filter((s) => s.method === 'POST' && s.path.endsWith('/transactions/'))) {
          const sent = `${post.path} ${JSON.stringify(post.body)}`;
          expect({ sent, problems: transactionCreateProblems(post.body) }).toEqual({ sent, problems: [] });
        }
        const statuses = h.sheet.rows ?? [];
        const headers = IMPORT_COLUMNS.map((c) => c.header);
        for (const { position, outcome } of result.rows) {
          expect({ position, outcome: outcome.kind }).toEqual({
            position,
            outcome: expect.stringMatching(/^(imported|waiting|refused)$/) as unknown,
          });
          const status = String(statuses[position]?.status);
          if (outcome.kind === 'refused') {
            // A limit the spec does not state (the sandbox's 14 digits of an amount): the service's words, after the column.
            const named = outcome.reasons.every((reason) => headers.some((header) => reason.startsWith(`${header}: `)));
            expect({ status, named }).toEqual({ status, named: true });
          }
          if (outcome.kind !== 'waiting') continue;
          expect(status.startsWith(translate(language, 'import.status.waiting', { reasons: '' }))).toBe(true);
          expect(outcome.problems.length).toBeGreaterThan(0);
          for (const problem of outcome.problems) {
            const header = IMPORT_COLUMNS.find((c) => c.key === problem.column)?.header;
            expect({ status, names: header !== undefined && status.includes(`${header}: `) }).toEqual({ status, names: true });
          }
        }
      } finally {
        await h.close();
      }
    }),
    { numRuns: 15, seed: 3037, endOnFailure: true },
  );
}, 120_000);
