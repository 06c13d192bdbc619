/** GET /banks/, GET /accounts/ and POST /accounts/ (offline accounts). */
import { ApiError } from '../api-error';
import { toCents } from '../amount';
import { balanceSummary } from '../balance-summary';
import { BodyReader, isRecord, pythonType } from '../body-reader';
import { t } from '../messages';
import type { Account, Transaction } from '../model';
import { paginate } from '../paginate';
import { companyOf, readableCompanies, type RequestContext } from '../request-context';
import { defineRoute, type Route } from '../router';
import { accountJson, bankJson } from '../serializers/account';
import type { Store } from '../store';

const BALANCE = { maxDigits: 14, decimalPlaces: 2 };

/** Most recent transaction per account (first hit in the default order `-value_date,id`). */
function lastTransactions(store: Store, accounts: Account[]): Map<number, Transaction> {
  const wanted = new Set(accounts.filter((a) => a.transactionCount > 0).map((a) => a.id));
  const found = new Map<number, Transaction>();
  for (const companyId of new Set(accounts.map((a) => a.companyId))) {
    for (const t of store.transactionsOf(companyId)) {
      if (wanted.has(t.accountId) && !found.has(t.accountId)) {
        found.set(t.accountId, t);
        if (found.size === wanted.size) break;
      }
    }
  }
  return found;
}

function createAccount(context: RequestContext): { status: number; body: unknown } {
  const { store, lang, now } = context;
  const companyId = companyOf(context.principal);
  if (!isRecord(context.body)) {
    throw new ApiError(400, { non_field_errors: [t(lang, 'notADict', { datatype: pythonType(context.body) })] });
  }
  const reader = new BodyReader(context.body, lang);
  const errors: Record<string, unknown> = {};
  let bankName = '';
  let bankBic = '';
  if (!reader.has('bank')) errors.bank = [t(lang, 'required')];
  else if (!isRecord(context.body.bank)) {
    errors.bank = { non_field_errors: [t(lang, 'notADict', { datatype: pythonType(context.body.bank) })] };
  } else {
    const bank = new BodyReader(context.body.bank, lang);
    bankName = bank.string('name', { required: true }) ?? '';
    bankBic = bank.string('bic', { required: true, allowBlank: true }) ?? '';
    if (!bank.ok) errors.bank = bank.errors;
  }
  const name = reader.string('name', { allowBlank: true }) ?? '';
  const alias = reader.string('alias', { allowBlank: true }) ?? '';
  const holderName = reader.string('holder_name', { allowBlank: true }) ?? '';
  const typeName = reader.string('type_name', { allowBlank: true }) ?? '';
  const iban = (reader.string('iban', { allowBlank: true }) ?? '').replace(/\s+/g, '').toUpperCase();
  let currency = reader.string('currency') ?? store.companies.get(companyId)?.currency ?? 'EUR';
  if (reader.has('currency') && typeof currency === 'string' && !/^[A-Za-z]{3}$/.test(currency)) {
    reader.fail('currency', 'invalidChoice', { input: currency });
  }
  currency = currency.toUpperCase();
  const balance = reader.decimal('balance', BALANCE) ?? 0;
  const overdraft = reader.decimal('overdraft_limit', BALANCE, { allowNull: true });
  Object.assign(errors, reader.errors);
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);

  const existing = iban === '' ? undefined : store.accountsOf([companyId]).find((a) => a.iban === iban && a.currency === currency);
  if (existing) return { status: 200, body: accountJson(store, existing) };

  const company = store.companies.get(companyId);
  const limit = company?.accountLimit ?? 25;
  if (store.accountsOf([companyId]).length >= limit) {
    throw new ApiError(403, { detail: t(lang, 'accountLimit', { limit }) });
  }
  let bank = [...store.banks.values()].find(
    (b) => b.companyId === companyId && b.openBankingConnectionId === null && b.name === bankName && b.bic === bankBic,
  );
  if (!bank) {
    bank = {
      id: store.nextId('bank'),
      companyId,
      name: bankName,
      bic: bankBic,
      openBankingConnectionId: null,
      dateCreated: now,
      dateUpdated: now,
    };
    store.banks.set(bank.id, bank);
  }
  const account: Account = {
    id: store.nextId('account'),
    companyId,
    bankId: bank.id,
    currency,
    name,
    alias,
    iban,
    holderName,
    typeName,
    balance: toCents(balance),
    overdraftLimit: overdraft === null || overdraft === undefined ? null : toCents(overdraft),
    status: 'OFFLINE',
    lastSuccessfulUpdate: null,
    lastUpdateAttempt: null,
    bankingApiAccount: null,
    transactionCount: 0,
    dateCreated: now,
    dateUpdated: now,
  };
  store.accounts.set(account.id, account);
  store.touch();
  return { status: 201, body: accountJson(store, account) };
}

export function accountRoutes(): Route[] {
  return [
    defineRoute('/banks/', {
      GET: {
        scope: 'company-or-group',
        run: (context) => {
          const page = paginate(context.store.banksOf(readableCompanies(context.principal)), context);
          return {
            status: 200,
            body: {
              count: page.count,
              next: page.next,
              previous: page.previous,
              results: page.items.map((b) => bankJson(context.store, b)),
            },
          };
        },
      },
    }),
    defineRoute('/accounts/', {
      GET: {
        scope: 'company-or-group',
        run: ({ store, principal, today }) => {
          const companies = readableCompanies(principal);
          const accounts = store.accountsOf(companies);
          const last = lastTransactions(store, accounts);
          return {
            status: 200,
            body: {
              ...balanceSummary(store, companies, today),
              accounts: accounts.map((a) => accountJson(store, a, last.get(a.id) ?? null)),
            },
          };
        },
      },
      POST: { scope: 'company', run: createAccount },
    }),
  ];
}
