/**
 * Creating an offline account, and telling what the service did: `POST /accounts/` answers with the Account both
 * when it made one and when an account with the same IBAN and currency existed already (the spec's rule), in the
 * same shape. The status code is the only other hint, and the spec gives none for either case; so the accounts are
 * read just before (`GET /accounts/`, one request) and the answer's id compared with theirs: an id that was there
 * before is the existing account. Someone creating the same account between our read and our write would make ours
 * look new: a window of one round trip.
 *
 * A 400 comes back as problems on the form's fields (the service's field names mapped to the form's), a 403 as a
 * refusal (the edition's account limit; or an edition without the function). Any other failure is thrown.
 */

import { ApiError, type Account, type CashflowClient, type OfflineAccountInput } from '../../api';
import type { FieldProblem, OfflineAccountField } from './offline-account-form';
import { normalizeIban } from './iban';

export type OfflineAccountOutcome =
  /** `created`: a new account; `existing`: the service returned the one it had (same IBAN and currency). */
  | { kind: 'created' | 'existing'; account: Account; ibanKept: boolean }
  /** 400: the service's messages on the form's fields; `general` for those tied to no field of the form. */
  | { kind: 'invalid'; problems: FieldProblem[]; general: string[] }
  /** 403: the edition's account limit is reached (`edition`: the edition lacks the function altogether). */
  | { kind: 'refused'; edition: boolean; detail: string | undefined };

/** The service's field names (DRF's, nested ones dotted) and the form's. */
const FIELDS: Readonly<Record<string, OfflineAccountField>> = {
  bank: 'bankName',
  'bank.name': 'bankName',
  'bank.non_field_errors': 'bankName',
  'bank.bic': 'bic',
  name: 'name',
  iban: 'iban',
  currency: 'currency',
  alias: 'alias',
  holder_name: 'holderName',
  type_name: 'typeName',
  balance: 'balance',
  overdraft_limit: 'overdraftLimit',
};

export interface CreateOfflineAccount {
  client: CashflowClient;
  input: OfflineAccountInput;
  signal?: AbortSignal;
}

export async function createOfflineAccount({ client, input, signal }: CreateOfflineAccount): Promise<OfflineAccountOutcome> {
  const options = signal === undefined ? {} : { signal };
  const before = new Set((await client.accounts.summary(options)).accounts.map((a) => a.id));
  let account: Account;
  try {
    account = await client.accounts.createOffline(input, options);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused !== undefined) return refused;
    throw error;
  }
  const ibanKept = input.iban === undefined || normalizeIban(account.iban) === normalizeIban(input.iban);
  return { kind: before.has(account.id) ? 'existing' : 'created', account, ibanKept };
}

/** A 400 or 403 as an outcome the form shows; undefined for anything else. */
function refusalOf(error: unknown): OfflineAccountOutcome | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 403) return { kind: 'refused', edition: error.isBillingPlanPermissionDenied, detail: error.detail };
  if (error.status !== 400) return undefined;
  const problems: FieldProblem[] = [];
  const general: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = FIELDS[key];
    if (field === undefined) general.push(...messages.map((m) => (key === 'non_field_errors' ? m : `${key}: ${m}`)));
    else {
      const known = problems.find((p) => p.field === field);
      if (known === undefined) problems.push({ field, message: messages.join(' ') });
      else known.message = `${known.message} ${messages.join(' ')}`;
    }
  }
  if (problems.length === 0 && general.length === 0) general.push(error.message);
  return { kind: 'invalid', problems, general };
}
