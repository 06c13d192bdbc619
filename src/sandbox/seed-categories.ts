/** The demo category tree: incomes, expenses, aggregating parents, default and archived categories. */
import type { Category, CategoryType } from './model';
import type { SeedContext } from './seed-context';

interface Node {
  name: string;
  type: CategoryType;
  obsolete?: boolean;
  isDefault?: boolean;
  aggregating?: boolean;
  description?: string;
  children?: Node[];
}

const TREE: Node[] = [
  {
    name: 'Einnahmen',
    type: 'IN',
    children: [
      {
        name: 'Umsatzerlöse',
        type: 'IN',
        children: [
          { name: 'Umsatz Inland', type: 'IN', description: 'Erlöse aus Lieferungen und Leistungen im Inland' },
          { name: 'Umsatz EU', type: 'IN' },
          { name: 'Umsatz Drittland', type: 'IN' },
        ],
      },
      {
        name: 'Sonstige Einnahmen',
        type: 'IN',
        children: [
          { name: 'Zinserträge', type: 'IN' },
          { name: 'Fördermittel', type: 'IN' },
          { name: 'Erstattungen', type: 'IN', obsolete: true, description: 'archiviert' },
        ],
      },
    ],
  },
  { name: 'Nicht kategorisierte Einnahmen', type: 'IN', isDefault: true },
  {
    name: 'Ausgaben',
    type: 'EX',
    children: [
      {
        name: 'Personal',
        type: 'EX',
        children: [
          { name: 'Gehälter', type: 'EX' },
          { name: 'Sozialabgaben', type: 'EX' },
          { name: 'Freelancer', type: 'EX' },
        ],
      },
      {
        name: 'Betriebskosten',
        type: 'EX',
        children: [
          { name: 'Miete & Nebenkosten', type: 'EX' },
          { name: 'Energie', type: 'EX' },
          { name: 'Telekommunikation', type: 'EX' },
          { name: 'Software & Lizenzen', type: 'EX' },
          { name: 'Versicherungen', type: 'EX' },
        ],
      },
      { name: 'Wareneinkauf', type: 'EX' },
      {
        name: 'Steuern',
        type: 'EX',
        children: [
          { name: 'Umsatzsteuer', type: 'EX' },
          { name: 'Gewerbesteuer', type: 'EX' },
        ],
      },
      { name: 'Reisekosten', type: 'EX', obsolete: true, description: 'archiviert' },
      {
        name: 'Marketing',
        type: 'EX',
        children: [
          { name: 'Online-Werbung', type: 'EX' },
          { name: 'Messen', type: 'EX' },
        ],
      },
    ],
  },
  { name: 'Nicht kategorisierte Ausgaben', type: 'EX', isDefault: true },
  { name: 'Rohertrag', type: 'AG', aggregating: true, description: 'Einnahmen abzüglich Wareneinkauf' },
];

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Creates the tree for one company with MPTT numbers; returns its categories. */
export function seedCategories(context: SeedContext, companyId: number): Category[] {
  const created: Category[] = [];
  const dateCreated = context.now - 3 * 365 * 86_400_000;
  let treeId = 0;
  const visit = (node: Node, parent: number | null, level: number, order: number, counter: { n: number }): void => {
    const category: Category = {
      id: context.nextCategoryId++,
      companyId,
      parent,
      name: node.name,
      slug: slugify(node.name),
      description: node.description ?? '',
      order,
      type: node.type,
      isObsolete: node.obsolete ?? false,
      isAggregating: node.aggregating ?? (node.children !== undefined && node.children.length > 0),
      isDefault: node.isDefault ?? false,
      dateCreated,
      lft: counter.n++,
      rght: 0,
      treeId,
      level,
    };
    created.push(category);
    (node.children ?? []).forEach((child, index) => visit(child, category.id, level + 1, index + 1, counter));
    category.rght = counter.n++;
  };
  TREE.forEach((root, index) => {
    treeId += 1;
    visit(root, null, 0, index + 1, { n: 1 });
  });
  context.state.categories.push(...created);
  return created;
}
