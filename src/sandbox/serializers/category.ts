/** JSON shapes of categories (full, short, extended) and plans. */
import { timestamp } from '../calendar';
import type { Category, Plan } from '../model';
import type { Store } from '../store';

export function categoryJson(store: Store, c: Category): Record<string, unknown> {
  return {
    id: c.id,
    parent: c.parent,
    name: c.name,
    slug: c.slug,
    description: c.description,
    order: c.order,
    is_obsolete: c.isObsolete,
    is_category: store.isMappable(c),
    is_aggregating: c.isAggregating,
    is_default: c.isDefault,
  };
}

export function shortCategoryJson(c: Category | undefined): Record<string, unknown> | null {
  if (!c) return null;
  return { id: c.id, name: c.name, description: c.description };
}

export function extendedCategoryJson(c: Category | undefined): Record<string, unknown> | null {
  if (!c) return null;
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    type: c.type,
    order: c.order,
    date_created: timestamp(c.dateCreated),
    is_default: c.isDefault,
    is_obsolete: c.isObsolete,
    lft: c.lft,
    rght: c.rght,
    tree_id: c.treeId,
    level: c.level,
    tenant: c.companyId,
    company: c.companyId,
    parent: c.parent,
    source: null,
  };
}

export function planJson(p: Plan): Record<string, unknown> {
  return {
    id: p.id,
    author: p.author,
    date_created: timestamp(p.dateCreated),
    date_updated: timestamp(p.dateUpdated),
    name: p.name,
    first_year: p.firstYear,
    last_year: p.lastYear,
    type: p.type,
    is_active: p.isActive,
    is_committed: p.isCommitted,
    update_status: p.updateStatus,
    use_transactions: p.useTransactions,
    use_invoices: p.useInvoices,
    update_forecast: p.updateForecast,
    parent: p.parent,
    comment_count: p.commentCount,
  };
}
