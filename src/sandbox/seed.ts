/** The seeded demo world: the business-edition demo company, a basic-edition company and a group of two. */
import type { Category, Company, Plan, PlanType, StoreState } from './model';
import { mulberry32 } from './prng';
import { seedAccounts, seedTransactions, type AccountSpec, type CategoryChoices } from './seed-banking';
import { seedBudgets } from './seed-budgets';
import { seedCategories } from './seed-categories';
import type { SeedContext } from './seed-context';
import { seedInvoices } from './seed-invoices';

export const COMPANY_IDS = { demo: 4711, basic: 4712, group: [5101, 5102] } as const;

export const CREDENTIALS = {
  company: { clientId: 'demo-company', clientSecret: 'demo-secret' },
  group: { clientId: 'demo-group', clientSecret: 'demo-group-secret' },
  basic: { clientId: 'demo-basic', clientSecret: 'demo-secret' },
} as const;

export interface SeedOptions {
  seed: number;
  transactions: number;
  now: number;
  accountLimit: number;
}

const DEMO_ACCOUNTS: AccountSpec[] = [
  {
    bank: 'Sparkasse KölnBonn',
    bic: 'COLSDE33XXX',
    connection: 9001,
    name: 'Geschäftskonto',
    alias: 'Spk Giro',
    currency: 'EUR',
    status: 'UPDATED',
    typeName: 'Girokonto',
    weight: 50,
    country: 'DE',
    overdraft: 2_000_000,
  },
  {
    bank: 'Sparkasse KölnBonn',
    bic: 'COLSDE33XXX',
    connection: 9001,
    name: 'Tagesgeld',
    alias: 'Spk TG',
    currency: 'EUR',
    status: 'UPDATED_FIXED',
    typeName: 'Tagesgeldkonto',
    weight: 3,
    country: 'DE',
  },
  {
    bank: 'Deutsche Bank',
    bic: 'DEUTDEDBXXX',
    connection: 9002,
    name: 'Kontokorrent',
    alias: 'DB KK',
    currency: 'EUR',
    status: 'DOWNLOAD_FAILED',
    typeName: 'Kontokorrentkonto',
    weight: 15,
    country: 'DE',
    overdraft: 5_000_000,
  },
  {
    bank: 'Deutsche Bank',
    bic: 'DEUTDEDBXXX',
    connection: 9002,
    name: 'Firmenkreditkarte',
    alias: 'DB Visa',
    currency: 'EUR',
    status: 'DISCONNECTED',
    typeName: 'Kreditkarte',
    weight: 5,
    country: 'DE',
  },
  {
    bank: 'Deutsche Bank',
    bic: 'DEUTDEDBXXX',
    connection: 9002,
    name: 'Altes Geschäftskonto',
    alias: 'DB alt',
    currency: 'EUR',
    status: 'DEPRECATED',
    typeName: 'Girokonto',
    weight: 2,
    country: 'DE',
  },
  {
    bank: 'UBS Switzerland AG',
    bic: 'UBSWCHZH80A',
    connection: 9003,
    name: 'Geschäftskonto CHF',
    alias: 'UBS CHF',
    currency: 'CHF',
    status: 'UPDATED',
    typeName: 'Kontokorrent',
    weight: 8,
    country: 'CH',
  },
  {
    bank: 'UBS Switzerland AG',
    bic: 'UBSWCHZH80A',
    connection: 9003,
    name: 'Festgeld',
    alias: 'UBS FG',
    currency: 'EUR',
    status: 'DOWNLOAD_IN_PROGRESS',
    typeName: 'Festgeldkonto',
    weight: 1,
    country: 'CH',
  },
  {
    bank: 'Qonto',
    bic: 'QNTOFRP1XXX',
    connection: null,
    name: 'API-Konto',
    alias: 'Qonto API',
    currency: 'EUR',
    status: 'API',
    typeName: 'Business Account',
    weight: 6,
    country: 'DE',
    bankingApiAccount: 5501,
  },
  {
    bank: 'Barkasse',
    bic: '',
    connection: null,
    name: 'Kasse',
    alias: 'Kasse',
    currency: 'EUR',
    status: 'OFFLINE',
    typeName: '',
    weight: 3,
    country: 'DE',
  },
  {
    bank: 'DATEV Buchhaltung',
    bic: '',
    connection: null,
    name: 'Treuhandkonto',
    alias: 'Treuhand',
    currency: 'EUR',
    status: 'OFFLINE',
    typeName: '',
    weight: 2,
    country: 'DE',
  },
];

const NORD_ACCOUNTS: AccountSpec[] = [
  {
    bank: 'Hamburger Sparkasse',
    bic: 'HASPDEHHXXX',
    connection: 9101,
    name: 'Girokonto Nord',
    alias: 'Haspa',
    currency: 'EUR',
    status: 'UPDATED',
    typeName: 'Girokonto',
    weight: 8,
    country: 'DE',
    overdraft: 1_000_000,
  },
  {
    bank: 'Kasse Nord',
    bic: '',
    connection: null,
    name: 'Kasse Nord',
    alias: 'Kasse N',
    currency: 'EUR',
    status: 'OFFLINE',
    typeName: '',
    weight: 1,
    country: 'DE',
  },
];

const SUD_ACCOUNTS: AccountSpec[] = [
  {
    bank: 'Intesa Sanpaolo',
    bic: 'BCITITMMXXX',
    connection: 9201,
    name: 'Conto corrente',
    alias: 'Intesa',
    currency: 'EUR',
    status: 'UPDATED',
    typeName: 'Conto corrente',
    weight: 8,
    country: 'IT',
  },
  {
    bank: 'Cassa',
    bic: '',
    connection: null,
    name: 'Cassa contanti',
    alias: 'Cassa',
    currency: 'EUR',
    status: 'OFFLINE',
    typeName: '',
    weight: 1,
    country: 'IT',
  },
];

const BASIC_ACCOUNTS: AccountSpec[] = [
  {
    bank: 'Volksbank Köln Bonn',
    bic: 'GENODED1VBK',
    connection: 9301,
    name: 'Girokonto',
    alias: 'VoBa',
    currency: 'EUR',
    status: 'UPDATED',
    typeName: 'Girokonto',
    weight: 1,
    country: 'DE',
  },
];

function choices(categories: Category[], isLeaf: (c: Category) => boolean): CategoryChoices {
  const mappable = categories.filter((c) => isLeaf(c) && !c.isDefault && !c.isAggregating);
  const find = (type: 'IN' | 'EX') => {
    const found = categories.find((c) => c.isDefault && c.type === type);
    if (!found) throw new Error('no default category');
    return found;
  };
  return {
    incomes: mappable.filter((c) => c.type === 'IN'),
    expenses: mappable.filter((c) => c.type === 'EX'),
    defaultIncome: find('IN'),
    defaultExpense: find('EX'),
    byName: new Map(mappable.map((c) => [c.name, c])),
  };
}

function seedPlans(context: SeedContext, companyId: number, full: boolean): Plan[] {
  const year = Number(context.today.slice(0, 4));
  const author = { id: 'u-1001', username: 'planer@demo.example', full_name: 'Petra Planer' };
  const make = (name: string, type: PlanType, extra: Partial<Plan> = {}): Plan => ({
    id: context.nextPlanId++,
    companyId,
    author,
    dateCreated: context.now - 200 * 86_400_000,
    dateUpdated: context.now - 2 * 86_400_000,
    name,
    firstYear: year - 1,
    lastYear: year + 1,
    type,
    isActive: true,
    isCommitted: false,
    updateStatus: 'READY',
    useTransactions: true,
    useInvoices: true,
    updateForecast: false,
    parent: null,
    commentCount: 0,
    ...extra,
  });
  const forecast = make('Forecast', 'FORECAST', { updateForecast: true });
  if (!full) return [forecast];
  return [
    forecast,
    make('Szenario Best Case', 'SCENARIO', { parent: forecast.id, commentCount: 2 }),
    make('Szenario Worst Case', 'SCENARIO', { parent: forecast.id, updateStatus: 'IN_PROGRESS' }),
    make(`Budget ${year}`, 'REGULAR', { firstYear: year, lastYear: year }),
    make(`Budget ${year - 1} (festgeschrieben)`, 'REGULAR', {
      firstYear: year - 1,
      lastYear: year - 1,
      isCommitted: true,
      isActive: false,
    }),
  ];
}

interface CompanyPlan {
  company: Company;
  accounts: AccountSpec[];
  transactions: number;
  invoices: number;
  budgetScale: number;
  fullPlans: boolean;
}

export function seedState(options: SeedOptions): StoreState {
  const state: StoreState = {
    companies: [],
    categories: [],
    plans: [],
    banks: [],
    accounts: [],
    transactions: [],
    invoices: [],
    budgets: [],
    credentials: [
      {
        ...CREDENTIALS.company,
        scope: 'read write',
        principal: { kind: 'company', companyId: COMPANY_IDS.demo, clientId: CREDENTIALS.company.clientId },
      },
      {
        ...CREDENTIALS.basic,
        scope: 'read write',
        principal: { kind: 'company', companyId: COMPANY_IDS.basic, clientId: CREDENTIALS.basic.clientId },
      },
      {
        ...CREDENTIALS.group,
        scope: 'all',
        principal: { kind: 'group', companyIds: [...COMPANY_IDS.group], clientId: CREDENTIALS.group.clientId },
      },
    ],
    nextIds: { bank: 51, account: 701, transaction: 1_000_001, invoice: 20_001, budget: 90_001 },
  };
  const today = new Date(options.now).toISOString().slice(0, 10);
  const context: SeedContext = { random: mulberry32(options.seed), now: options.now, today, state, nextCategoryId: 1001, nextPlanId: 301 };
  const company = (id: number, name: string, edition: Company['edition'], accountLimit: number): Company => ({
    id,
    name,
    edition,
    currency: 'EUR',
    fiscalYearStartMonth: 1,
    accountLimit,
  });
  const plans: CompanyPlan[] = [
    {
      company: company(COMPANY_IDS.demo, 'Demo GmbH', 'business', options.accountLimit),
      accounts: DEMO_ACCOUNTS,
      transactions: options.transactions,
      invoices: 400,
      budgetScale: 1,
      fullPlans: true,
    },
    {
      company: company(COMPANY_IDS.basic, 'Basis Einzelunternehmen', 'basic', 3),
      accounts: BASIC_ACCOUNTS,
      transactions: 40,
      invoices: 0,
      budgetScale: 0,
      fullPlans: false,
    },
    {
      company: company(5101, 'Gruppe Nord GmbH', 'enterprise', 100),
      accounts: NORD_ACCOUNTS,
      transactions: 600,
      invoices: 40,
      budgetScale: 0.2,
      fullPlans: false,
    },
    {
      company: company(5102, 'Gruppo Sud S.r.l.', 'enterprise', 100),
      accounts: SUD_ACCOUNTS,
      transactions: 400,
      invoices: 30,
      budgetScale: 0.2,
      fullPlans: false,
    },
  ];
  for (const plan of plans) {
    state.companies.push(plan.company);
    const categories = seedCategories(context, plan.company.id);
    const parents = new Set(categories.map((c) => c.parent));
    const categoryChoices = choices(categories, (c) => !parents.has(c.id));
    const accounts = seedAccounts(context, plan.company.id, plan.accounts);
    const transactions = seedTransactions(context, plan.company.id, accounts, categoryChoices, plan.transactions);
    seedInvoices(
      context,
      plan.company.id,
      plan.invoices,
      categoryChoices,
      transactions,
      accounts.map(([a]) => a),
    );
    const companyPlans = seedPlans(context, plan.company.id, plan.fullPlans);
    state.plans.push(...companyPlans);
    if (plan.budgetScale > 0) seedBudgets(context, companyPlans, categoryChoices, plan.budgetScale);
  }
  return state;
}
