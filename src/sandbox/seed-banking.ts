/** Demo banks, accounts and three years of transactions up to today. */
import { addDays, dateMs } from './calendar';
import type { Account, AccountStatus, Bank, Category, Transaction } from './model';
import { pick, randomInt, type Random } from './prng';
import { takeId, type SeedContext } from './seed-context';
import { CUSTOMERS, EMPLOYEES, EXPENSE_PURPOSES, HOSTILE_TEXTS, INCOME_PURPOSES, SUPPLIERS, TAGS } from './seed-texts';
import { reportingCents } from './store';

export interface AccountSpec {
  bank: string;
  bic: string;
  connection: number | null;
  name: string;
  alias: string;
  currency: string;
  status: AccountStatus;
  typeName: string;
  /** Share of the company's transactions. */
  weight: number;
  country: 'DE' | 'CH' | 'IT';
  overdraft?: number;
  bankingApiAccount?: number;
}

/** An IBAN with a correct mod-97 check number. */
export function makeIban(random: Random, country: 'DE' | 'CH' | 'IT'): string {
  const length = { DE: 18, CH: 17, IT: 23 }[country];
  let bban = '';
  if (country === 'IT') bban += String.fromCharCode(65 + randomInt(random, 0, 25));
  while (bban.length < length) bban += String(randomInt(random, 0, 9));
  const numeric = (bban + country + '00').replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** Creates banks (one per distinct bank name) and accounts; returns the accounts with their weights. */
export function seedAccounts(context: SeedContext, companyId: number, specs: AccountSpec[]): Array<[Account, number]> {
  const banks = new Map<string, Bank>();
  const created = context.now - 3 * 365 * 86_400_000;
  return specs.map((spec) => {
    let bank = banks.get(spec.bank);
    if (!bank) {
      bank = {
        id: takeId(context, 'bank'),
        companyId,
        name: spec.bank,
        bic: spec.bic,
        openBankingConnectionId: spec.connection,
        dateCreated: created,
        dateUpdated: created,
      };
      banks.set(spec.bank, bank);
      context.state.banks.push(bank);
    }
    const connected = spec.connection !== null;
    const account: Account = {
      id: takeId(context, 'account'),
      companyId,
      bankId: bank.id,
      currency: spec.currency,
      name: spec.name,
      alias: spec.alias,
      iban: makeIban(context.random, spec.country),
      holderName: '',
      typeName: spec.typeName,
      balance: 0,
      overdraftLimit: spec.overdraft ?? null,
      status: spec.status,
      lastSuccessfulUpdate: connected ? context.now - 3_600_000 : null,
      lastUpdateAttempt: connected || spec.status === 'API' ? context.now - 1_800_000 : null,
      bankingApiAccount: spec.bankingApiAccount ?? null,
      transactionCount: 0,
      dateCreated: created,
      dateUpdated: context.now - 3_600_000,
    };
    context.state.accounts.push(account);
    return [account, spec.weight] as [Account, number];
  });
}

export interface CategoryChoices {
  incomes: Category[];
  expenses: Category[];
  defaultIncome: Category;
  defaultExpense: Category;
  byName: Map<string, Category>;
}

function fill(template: string, date: string, random: Random): string {
  return template
    .replace('{ref}', String(randomInt(random, 1000, 99999)))
    .replace('{date}', `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`)
    .replace('{month}', date.slice(5, 7))
    .replace('{year}', date.slice(0, 4));
}

/** Generates `count` transactions spread over the accounts by weight, three years up to today. */
export function seedTransactions(
  context: SeedContext,
  companyId: number,
  accounts: Array<[Account, number]>,
  categories: CategoryChoices,
  count: number,
): Transaction[] {
  const { random, today, now } = context;
  const totalWeight = accounts.reduce((sum, [, w]) => sum + w, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const [, w] of accounts) cumulative.push((running += w / totalWeight));
  const ibanPool = Array.from({ length: 40 }, (_, i) => makeIban(random, i % 3 === 0 ? 'IT' : 'DE'));
  const created: Transaction[] = [];
  const activeIncomes = categories.incomes.filter((c) => !c.isObsolete);
  const activeExpenses = categories.expenses.filter((c) => !c.isObsolete);
  // Day tables: generating 200,000 transactions must not parse and format a date each time.
  const days = Array.from({ length: 1096 }, (_, back) => addDays(today, -back));
  const dayMs = days.map((day) => dateMs(day));
  const oldBefore = addDays(today, -730);
  for (let i = 0; i < count; i++) {
    const r = random();
    let accountIndex = cumulative.findIndex((c) => r < c);
    if (accountIndex < 0) accountIndex = accounts.length - 1;
    const [account] = accounts[accountIndex] as [Account, number];
    const hostile = i < HOSTILE_TEXTS.length;
    const back = hostile ? i + 1 : Math.floor(random() * 1095);
    const valueDate = days[back] as string;
    const isIncome = random() < 0.36;
    const old = valueDate < oldBefore;
    const pool = isIncome ? (old ? categories.incomes : activeIncomes) : old ? categories.expenses : activeExpenses;
    const uncategorized = random() < 0.12;
    const leaf = pick(random, pool);
    const category = uncategorized ? (isIncome ? categories.defaultIncome : categories.defaultExpense) : leaf;
    const predicted = uncategorized && random() < 0.45 ? leaf.id : null;
    const magnitude = isIncome
      ? Math.round(Math.exp(Math.log(20_000) + random() * Math.log(125)))
      : Math.round(Math.exp(Math.log(500) + random() * Math.log(3000)));
    const amount = isIncome ? magnitude : -magnitude;
    const counterpart = isIncome ? pick(random, CUSTOMERS) : leaf.name === 'Gehälter' ? pick(random, EMPLOYEES) : pick(random, SUPPLIERS);
    let purpose = fill(pick(random, isIncome ? INCOME_PURPOSES : EXPENSE_PURPOSES), valueDate, random);
    let counterpartName = counterpart;
    if (hostile) {
      purpose = HOSTILE_TEXTS[i] ?? purpose;
      counterpartName = HOSTILE_TEXTS[(i + 2) % HOSTILE_TEXTS.length] ?? counterpart;
    }
    const tagRoll = random();
    const offline = account.status === 'OFFLINE';
    const createdAt = Math.min((dayMs[back] as number) + 86_400_000 + 5 * 3_600_000 + (i % 3600) * 1000, now - 60_000);
    const updatedAt = random() < 0.1 ? Math.min(createdAt + randomInt(random, 1, 60) * 86_400_000, now - 30_000) : createdAt;
    const transaction: Transaction = {
      id: takeId(context, 'transaction'),
      companyId,
      accountId: account.id,
      categoryId: category.id,
      predictedCategoryId: predicted,
      invoiceId: null,
      parentId: null,
      valueDate,
      valueTime:
        random() < 0.05
          ? `${String(randomInt(random, 7, 19)).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}:00`
          : null,
      bankBookingDate: offline ? null : random() < 0.7 || back === 0 ? valueDate : (days[back - 1] as string),
      amount,
      reportingAmount: reportingCents(amount, account.currency),
      purpose,
      counterpartName,
      counterpartIban: offline ? '' : pick(random, ibanPool),
      isAdjustingEntry: random() < 0.01,
      isPayment: random() < 0.3,
      isLeafNode: true,
      tags: tagRoll < 0.12 ? [pick(random, TAGS)] : tagRoll < 0.15 ? [...new Set([pick(random, TAGS), 'Q1'])] : tagRoll < 0.18 ? [] : null,
      commentCount: random() < 0.05 ? randomInt(random, 1, 3) : 0,
      dateCreated: createdAt,
      dateUpdated: updatedAt,
    };
    account.balance += amount;
    account.transactionCount += 1;
    created.push(transaction);
  }
  for (const [account] of accounts) account.balance += 1_000_000;
  for (const t of created) context.state.transactions.push(t);
  return created;
}
