/**
 * The few fields of each resource the suite reads (section 2 of the spec), and lookups in the
 * demo data that go through the API (ids are discovered, never hard-coded).
 */
import type { Harness } from './support';

export interface Category {
  id: number;
  parent: number | null;
  name: string;
  is_obsolete: boolean;
  is_category: boolean;
  is_aggregating: boolean;
  is_default: boolean;
}

export interface Plan {
  id: number;
  name: string;
  type: 'REGULAR' | 'FORECAST' | 'SCENARIO';
  is_committed: boolean;
  update_status: string;
}

export interface ShortAccount {
  id: number;
  name: string;
  alias: string;
  bank?: unknown;
  currency?: unknown;
}

export interface Account {
  id: number;
  bank: { open_banking_connection_id: number | null; name: string; bic: string };
  currency: string;
  iban: string;
  status: string;
  transaction_count: number;
  balance: number;
  type_name: string;
  last_transaction?: unknown;
}

export interface Tx {
  id: number;
  account: ShortAccount;
  category: { id: number; name: string; description: string };
  predicted_category: { id: number } | null;
  invoice: unknown;
  value_date: string;
  amount: number;
  reporting_amount: number;
  purpose: string;
  counterpart_name: string;
  counterpart_iban: string;
  is_payment: boolean;
  tags: string[] | null;
}

export interface Invoice {
  id: number;
  transactions: unknown[];
  paid_amount: number;
  amount_due: number;
  name: string;
  notes: string;
  amount: number;
  type: 'RE' | 'PA';
  reference: string;
  date: string | null;
  due_date: string;
  expected_date: string;
  source: string;
  source_id: string | null;
  status: string;
  status_label: string;
  category: number | null;
  date_updated: string;
}

export interface Budget {
  id: number;
  category: { id: number; name: string; description: string };
  settlement_date: string;
  account: number | null;
  tags: string[];
  name: string;
  description: string;
  amount: number;
  rate: number;
  base: string;
  frequency: string;
  frequency_multiplier: number;
  sequence_type: string;
  sequence_term_size: number;
  d: number;
  r: number;
  external_id: string | null;
  external_source: string | null;
  inter_company: number | null;
  inter_category: number | null;
}

export class CategoryTree {
  constructor(readonly all: readonly Category[]) {}

  static async load(h: Harness): Promise<CategoryTree> {
    const reply = await h.get('/categories/');
    if (reply.status !== 200 || !Array.isArray(reply.body)) throw new Error(`GET /categories/: ${reply.status}`);
    return new CategoryTree(reply.body as Category[]);
  }

  isLeaf(id: number): boolean {
    return !this.all.some((c) => c.parent === id);
  }

  children(id: number): Category[] {
    return this.all.filter((c) => c.parent === id);
  }

  /** the category and all categories below it */
  subtree(id: number): Set<number> {
    const out = new Set<number>([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of this.all) {
        if (c.parent !== null && out.has(c.parent) && !out.has(c.id)) {
          out.add(c.id);
          grew = true;
        }
      }
    }
    return out;
  }

  /** active leaf categories that budgets, invoices and transactions can be mapped to */
  usableLeaves(): Category[] {
    return this.all.filter((c) => this.isLeaf(c.id) && c.is_category && !c.is_default && !c.is_obsolete);
  }

  usableLeaf(index = 0): Category {
    const leaves = this.usableLeaves();
    const c = leaves[index % Math.max(leaves.length, 1)];
    if (!c) throw new Error('demo data has no usable leaf category');
    return c;
  }

  /** an active category that is the parent of another category */
  nonLeaf(): Category {
    const c = this.all.find((p) => !p.is_obsolete && !this.isLeaf(p.id));
    if (!c) throw new Error('demo data has no parent category');
    return c;
  }

  defaultIds(): Set<number> {
    return new Set(this.all.filter((c) => c.is_default).map((c) => c.id));
  }
}

export async function loadPlans(h: Harness): Promise<Plan[]> {
  const reply = await h.get('/plans/');
  if (reply.status !== 200 || !Array.isArray(reply.body)) throw new Error(`GET /plans/: ${reply.status}`);
  return reply.body as Plan[];
}

export async function loadAccounts(h: Harness): Promise<Account[]> {
  const reply = await h.get('/accounts/');
  const body = reply.body as { accounts?: unknown } | undefined;
  if (reply.status !== 200 || !Array.isArray(body?.accounts)) throw new Error(`GET /accounts/: ${reply.status}`);
  return body.accounts as Account[];
}

export function isOffline(a: Account): boolean {
  return a.status === 'OFFLINE';
}
