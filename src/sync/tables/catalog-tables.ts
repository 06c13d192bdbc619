/** Categories and plans: reference tables, read-only (the API has no write for them). */

import type { Category, Plan } from '../../api';
import { column, type TableModel } from './table-model';

export const CATEGORIES_TABLE: TableModel<Category> = {
  tableName: 'Categories',
  sheetName: 'Categories',
  keyColumn: 'id',
  readOnly: true,
  needs: [],
  columns: [
    column<Category>('id', 'Id', 'integer', (c) => c.id),
    column<Category>('parent', 'Parent Id', 'integer', (c) => c.parent),
    column<Category>('name', 'Name', 'text', (c) => c.name),
    column<Category>('path', 'Path', 'text', (c, l) => l.categoryPath(c.id) ?? c.name),
    column<Category>('level', 'Level', 'integer', (c, l) => l.categoryLevel(c.id)),
    column<Category>('slug', 'Slug', 'text', (c) => c.slug),
    column<Category>('description', 'Description', 'text', (c) => c.description),
    column<Category>('order', 'Order', 'integer', (c) => c.order),
    column<Category>('is_category', 'Mappable', 'boolean', (c) => c.is_category),
    column<Category>('is_aggregating', 'Aggregating', 'boolean', (c) => c.is_aggregating),
    column<Category>('is_default', 'Default', 'boolean', (c) => c.is_default),
    column<Category>('is_obsolete', 'Archived', 'boolean', (c) => c.is_obsolete),
  ],
};

export const PLANS_TABLE: TableModel<Plan> = {
  tableName: 'Plans',
  sheetName: 'Plans',
  keyColumn: 'id',
  readOnly: true,
  needs: [],
  columns: [
    column<Plan>('id', 'Id', 'integer', (p) => p.id),
    column<Plan>('name', 'Name', 'text', (p) => p.name),
    column<Plan>('type', 'Type', 'text', (p) => p.type),
    column<Plan>('is_active', 'Active', 'boolean', (p) => p.is_active),
    column<Plan>('is_committed', 'Committed', 'boolean', (p) => p.is_committed),
    column<Plan>('update_status', 'Update status', 'text', (p) => p.update_status),
    column<Plan>('first_year', 'First year', 'integer', (p) => p.first_year),
    column<Plan>('last_year', 'Last year', 'integer', (p) => p.last_year),
    column<Plan>('parent', 'Parent Id', 'integer', (p) => p.parent),
    column<Plan>('author', 'Author', 'text', (p) => p.author.full_name || p.author.username),
    column<Plan>('use_transactions', 'Uses transactions', 'boolean', (p) => p.use_transactions),
    column<Plan>('use_invoices', 'Uses invoices', 'boolean', (p) => p.use_invoices),
    column<Plan>('update_forecast', 'Updates forecast', 'boolean', (p) => p.update_forecast),
    column<Plan>('date_created', 'Created', 'datetime', (p) => p.date_created),
    column<Plan>('date_updated', 'Updated', 'datetime', (p) => p.date_updated),
    column<Plan>('comment_count', 'Comments', 'integer', (p) => p.comment_count),
  ],
};
