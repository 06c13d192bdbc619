/**
 * Property (#28): creating offline accounts through random faults (non-JSON 500s before the service applied the
 * create, answers lost after it did, 429s), each create tried again until the service answers, ends with exactly one
 * account per IBAN and currency, holding what the form said: the service's IBAN-and-currency rule makes a create sent
 * again after a lost answer come back as the existing account, never a second one.
 */

import fc from 'fast-check';
import { CashflowClient, TokenCache, type Account } from '../../../src/api';
import { startSandbox } from '../../../src/sandbox';
import { createOfflineAccount, emptyOfflineAccountForm, parseOfflineAccountForm } from '../../../src/sync/accounts';
import { faultHook, recordingFetch, type Fault } from '../push/push-support';

const IBANS = ['DE89 3704 0044 0532 0130 00', 'DE02 1203 0000 0000 2020 51', 'AT61 1904 3002 3457 3201'];
const fault: fc.Arbitrary<Fault> = fc.constantFrom('none', 'error500', 'lostAnswer', 'throttled');
const wish = fc.record({
  iban: fc.nat(IBANS.length - 1),
  currency: fc.constantFrom('EUR', 'CHF'),
  name: fc.constantFrom('Kasse', 'Handkasse', 'Petty cash'),
});

test('offline accounts created through random faults and tried again: one account per IBAN and currency, as the form said', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(wish, { minLength: 1, maxLength: 5 }),
      fc.array(fault, { minLength: 1, maxLength: 8 }),
      async (wishes, faults) => {
        const sandbox = await startSandbox({ port: 0, transactions: 0 });
        try {
          const { hook, fetch } = recordingFetch();
          const options = { baseUrl: sandbox.url, ...sandbox.credentials.company, language: 'en' as const, sleep: async () => undefined };
          const client = new CashflowClient({ ...options, tokenCache: new TokenCache(), fetch });
          const other = new CashflowClient({ ...options, tokenCache: new TokenCache() });
          const before = (await other.accounts.summary()).accounts;
          // Each fault once, in turn, then a healthy service.
          hook.current = faultHook([...faults, ...Array<Fault>(1000).fill('none')]);
          const firstName = new Map<string, string>();
          for (const w of wishes) {
            const form = { ...emptyOfflineAccountForm(w.currency), name: w.name, bankName: 'Handkasse', iban: IBANS[w.iban] ?? '' };
            const parsed = parseOfflineAccountForm(form, 'en');
            if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
            let outcome;
            for (let attempt = 0; outcome === undefined; attempt += 1) {
              if (attempt > 20) throw new Error('the service never answered');
              outcome = await createOfflineAccount({ client, input: parsed.input }).catch(() => undefined);
            }
            expect(['created', 'existing']).toContain(outcome.kind);
            const key = `${parsed.input.iban}|${w.currency}`;
            if (!firstName.has(key)) firstName.set(key, w.name);
          }
          const made = (await other.accounts.summary()).accounts.filter((a: Account) => !before.some((b) => b.id === a.id));
          expect(made.map((a) => `${a.iban}|${a.currency}`).sort()).toEqual([...firstName.keys()].sort());
          for (const account of made) expect(account.name).toBe(firstName.get(`${account.iban}|${account.currency}`));
        } finally {
          await sandbox.close();
        }
      },
    ),
    { numRuns: 25, seed: 2028, endOnFailure: true },
  );
}, 120_000);
