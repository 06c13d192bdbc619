/** The records the sandbox keeps. Amounts of two decimals are integer cents; timestamps are epoch milliseconds. */
export type Edition = 'basic' | 'business' | 'enterprise';

export interface Company {
  id: number;
  name: string;
  edition: Edition;
  currency: string;
  /** First month (1-12) of the fiscal year. */
  fiscalYearStartMonth: number;
  accountLimit: number;
}

export type CategoryType = 'IN' | 'EX' | 'AG';

export interface Category {
  id: number;
  companyId: number;
  parent: number | null;
  name: string;
  slug: string;
  description: string;
  order: number;
  type: CategoryType;
  isObsolete: boolean;
  isAggregating: boolean;
  isDefault: boolean;
  dateCreated: number;
  lft: number;
  rght: number;
  treeId: number;
  level: number;
}

export type PlanType = 'REGULAR' | 'FORECAST' | 'SCENARIO';

export interface Plan {
  id: number;
  companyId: number;
  author: { id: string; username: string; full_name: string };
  dateCreated: number;
  dateUpdated: number;
  name: string;
  firstYear: number;
  lastYear: number;
  type: PlanType;
  isActive: boolean;
  isCommitted: boolean;
  updateStatus: 'IN_PROGRESS' | 'READY';
  useTransactions: boolean;
  useInvoices: boolean;
  updateForecast: boolean;
  parent: number | null;
  commentCount: number;
}

export interface Bank {
  id: number;
  companyId: number;
  name: string;
  bic: string;
  openBankingConnectionId: number | null;
  dateCreated: number;
  dateUpdated: number;
}

export type AccountStatus =
  'UPDATED' | 'UPDATED_FIXED' | 'DOWNLOAD_IN_PROGRESS' | 'DOWNLOAD_FAILED' | 'DEPRECATED' | 'DISCONNECTED' | 'API' | 'OFFLINE';

export interface Account {
  id: number;
  companyId: number;
  bankId: number;
  currency: string;
  name: string;
  alias: string;
  iban: string;
  holderName: string;
  typeName: string;
  /** Balance in cents, account currency. */
  balance: number;
  /** Overdraft limit in cents, or null. */
  overdraftLimit: number | null;
  status: AccountStatus;
  lastSuccessfulUpdate: number | null;
  lastUpdateAttempt: number | null;
  bankingApiAccount: number | null;
  transactionCount: number;
  dateCreated: number;
  dateUpdated: number;
}

export interface Transaction {
  id: number;
  companyId: number;
  accountId: number;
  categoryId: number;
  predictedCategoryId: number | null;
  invoiceId: number | null;
  parentId: number | null;
  valueDate: string;
  valueTime: string | null;
  bankBookingDate: string | null;
  amount: number;
  reportingAmount: number;
  purpose: string;
  counterpartName: string;
  counterpartIban: string;
  isAdjustingEntry: boolean;
  isPayment: boolean;
  isLeafNode: boolean;
  tags: string[] | null;
  commentCount: number;
  dateCreated: number;
  dateUpdated: number;
}

export type InvoiceType = 'RE' | 'PA';

export const INVOICE_STATUSES = ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface Invoice {
  id: number;
  companyId: number;
  paidAmount: number;
  name: string;
  notes: string;
  amount: number;
  type: InvoiceType;
  reference: string;
  date: string;
  dueDate: string;
  expectedDate: string;
  source: string;
  sourceId: string;
  status: InvoiceStatus;
  isArchived: boolean;
  category: number | null;
  tags: string;
  commentCount: number;
  dateCreated: number;
  dateUpdated: number;
}

export type BudgetBase = 'FS' | 'S' | 'F';
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', ''] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SEQUENCE_TYPES = ['AP', 'GP', 'HP', ''] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

export interface Budget {
  id: number;
  companyId: number;
  planId: number;
  categoryId: number;
  interCategory: number | null;
  interCompany: number | null;
  dependingCategories: number[];
  baseCategories: number[];
  settlementDate: string;
  account: number | null;
  tags: string[];
  integrationTags: string[] | null;
  isAdjusted: boolean;
  name: string;
  description: string;
  amount: number;
  rate: number;
  base: BudgetBase;
  timeLags: number[];
  frequency: Frequency;
  frequencyMultiplier: number;
  sequenceType: SequenceType;
  sequenceTermSize: number;
  d: number;
  r: number;
  isIndefinite: boolean;
  externalId: string | null;
  externalSource: string | null;
  source: number | null;
  dateCreated: number;
  dateUpdated: number;
}

export type Principal =
  { kind: 'company'; companyId: number; clientId: string } | { kind: 'group'; companyIds: number[]; clientId: string };

export interface Credential {
  clientId: string;
  clientSecret: string;
  scope: string;
  principal: Principal;
}

/** Everything persisted: the records plus the id counters. */
export interface StoreState {
  companies: Company[];
  categories: Category[];
  plans: Plan[];
  banks: Bank[];
  accounts: Account[];
  transactions: Transaction[];
  invoices: Invoice[];
  budgets: Budget[];
  credentials: Credential[];
  nextIds: Record<'account' | 'bank' | 'transaction' | 'invoice' | 'budget', number>;
}
