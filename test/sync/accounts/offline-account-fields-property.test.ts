/**
 * Property (#30): random entries in the New offline account form (names and banks blank or hostile, BICs, IBANs good,
 * misspelt or of the wrong length, currencies in any case or unknown, balances and overdraft limits in any language's
 * way of writing numbers, huge, negative, with too many decimals), checked and sent in German, English or Italian:
 * every `POST /accounts/` body keeps the spec's rules (test/support/spec-input-rules.ts); a form the check refuses names
 * each field with a catalog message of the user's language; one the service refuses lands on the form's own fields.
 */

import fc from 'fast-check';
import { CashflowClient, TokenCache } from '../../../src/api';
import { catalogs, LANGUAGES, type Language } from '../../../src/i18n/catalog';
import { startSandbox } from '../../../src/sandbox';
import {
  createOfflineAccount,
  emptyOfflineAccountForm,
  OFFLINE_ACCOUNT_FIELDS,
  parseOfflineAccountForm,
  type OfflineAccountForm,
} from '../../../src/sync/accounts';
import { recordingFetch, type SentRequest } from '../../support/recording-fetch';
import { offlineAccountProblems } from '../../support/spec-input-rules';

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', '=1+1', '@SUM(A1)', 'Kasse', 'x'.repeat(300), 'Unicode 😀'));
const amount = fc.oneof(
  text,
  fc.constantFrom('1.234,56', '1,234.56', '-5', '0', '12,345', '-0,001', '99999999999999999999', '1e3', '€ 12', ' 42 '),
);
/** Mostly a good entry (so that many forms are sent), else anything. */
const mostly = (good: fc.Arbitrary<string>, other: fc.Arbitrary<string> = text): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: other });
const form: fc.Arbitrary<OfflineAccountForm> = fc.record({
  name: mostly(fc.constantFrom('Handkasse', '=Kasse', ' Petty cash 😀 ')),
  bankName: mostly(fc.constantFrom('Kasse', '@Bank')),
  bic: mostly(fc.constantFrom('', 'COBADEFFXXX', 'cobadeff', 'COBA DE FF')),
  iban: mostly(
    fc.constantFrom('DE89 3704 0044 0532 0130 00', 'de89370400440532013000', 'AT61 1904 3002 3457 3201'),
    fc.constantFrom('DE89370400440532013001', 'DE89', ''),
  ),
  currency: mostly(fc.constantFrom('EUR', 'chf', ' usd '), fc.constantFrom('XXX', 'EU', 'EURO', '')),
  alias: text,
  holderName: text,
  typeName: text,
  balance: mostly(fc.constantFrom('', '1.234,56', '1,234.56', '-5', '0', '99999999999999999999', '999999999999,99'), amount),
  overdraftLimit: mostly(fc.constantFrom('', '500', '12,5', '99999999999999999999'), amount),
});

/** Every catalog message of a language as a pattern. */
const own = (language: Language, message: string): boolean =>
  Object.values(catalogs[language]).some((template) => {
    const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('[\\s\\S]*')}$`).test(message);
  });

test('random offline-account forms: nothing invalid is sent, every problem sits on its field in the user’s language', async () => {
  const sandbox = await startSandbox({ port: 0, transactions: 0 });
  try {
    await fc.assert(
      fc.asyncProperty(form, fc.constantFrom(...LANGUAGES), async (typed, language) => {
        const parsed = parseOfflineAccountForm({ ...emptyOfflineAccountForm(), ...typed }, language);
        if (!parsed.ok) {
          expect(parsed.problems.length).toBeGreaterThan(0);
          for (const problem of parsed.problems)
            expect({ problem, ok: OFFLINE_ACCOUNT_FIELDS.includes(problem.field) && own(language, problem.message) }).toEqual({
              problem,
              ok: true,
            });
          return;
        }
        const sent: SentRequest[] = [];
        const client = new CashflowClient({
          baseUrl: sandbox.url,
          ...sandbox.credentials.company,
          language,
          fetch: recordingFetch(sent, {}),
          tokenCache: new TokenCache(),
          sleep: async () => undefined,
        });
        const outcome = await createOfflineAccount({ client, input: parsed.input });
        for (const post of sent.filter((s) => s.method === 'POST' && s.path === '/accounts/'))
          expect({ body: post.body, problems: offlineAccountProblems(post.body) }).toEqual({ body: post.body, problems: [] });
        if (outcome.kind === 'invalid')
          expect({ general: outcome.general, problems: outcome.problems.length > 0 }).toEqual({ general: [], problems: true });
        else expect(['created', 'existing']).toContain(outcome.kind);
      }),
      { numRuns: 60, seed: 3038, endOnFailure: true },
    );
  } finally {
    await sandbox.close();
  }
}, 120_000);
