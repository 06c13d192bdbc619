/** Demo budgets: recurring and single ones in the forecast, the scenarios and the regular plans. */
import { BUDGET_DEFAULTS } from './budget-fields';
import { addDays, addMonths } from './calendar';
import type { Budget, Frequency, Plan } from './model';
import { pick, randomInt } from './prng';
import type { CategoryChoices } from './seed-banking';
import { takeId, type SeedContext } from './seed-context';
import { HOSTILE_TEXTS } from './seed-texts';

interface Recurring {
  name: string;
  category: string;
  amount: number;
  frequency: Frequency;
  externalId: string | null;
}

const FORECAST_RECURRING: Recurring[] = [
  { name: 'Miete Büro', category: 'Miete & Nebenkosten', amount: -450_000, frequency: 'monthly', externalId: 'fc-miete' },
  { name: 'Gehälter', category: 'Gehälter', amount: -3_800_000, frequency: 'monthly', externalId: 'fc-gehaelter' },
  { name: 'Sozialabgaben', category: 'Sozialabgaben', amount: -760_000, frequency: 'monthly', externalId: 'fc-sozial' },
  { name: 'Umsatz Stammkunden', category: 'Umsatz Inland', amount: 5_200_000, frequency: 'monthly', externalId: 'fc-umsatz' },
  { name: 'Umsatzsteuer', category: 'Umsatzsteuer', amount: -1_200_000, frequency: 'quarterly', externalId: 'sap.4711' },
  { name: 'Versicherungen', category: 'Versicherungen', amount: -980_000, frequency: 'yearly', externalId: '2025/versicherung' },
  { name: 'Cloud-Abo', category: 'Software & Lizenzen', amount: -12_900, frequency: 'weekly', externalId: null },
];

const SINGLE_NAMES = ['Messeauftritt', 'Fördermittel Zusage', 'Server-Anschaffung', 'Bonuszahlung', 'Progetto Milano', 'Beratung'];

function budget(
  context: SeedContext,
  plan: Plan,
  fields: Partial<Budget> & Pick<Budget, 'name' | 'categoryId' | 'amount' | 'settlementDate'>,
): Budget {
  const created = context.now - randomInt(context.random, 10, 300) * 86_400_000;
  return {
    id: takeId(context, 'budget'),
    companyId: plan.companyId,
    planId: plan.id,
    ...BUDGET_DEFAULTS,
    baseCategories: [],
    source: null,
    dateCreated: created,
    dateUpdated: created,
    ...fields,
  };
}

/** Budgets for each plan of a company; `scale` 1 is the demo company, smaller for the others. */
export function seedBudgets(context: SeedContext, plans: Plan[], categories: CategoryChoices, scale: number): Budget[] {
  const { random, today } = context;
  const created: Budget[] = [];
  const leaf = (name: string) => categories.byName.get(name) ?? categories.expenses[0];
  const active = [...categories.incomes, ...categories.expenses].filter((c) => !c.isObsolete);
  let hostileIndex = 0;
  for (const plan of plans) {
    const prefix = { FORECAST: 'fc', SCENARIO: `sc${plan.id}`, REGULAR: `pl${plan.id}` }[plan.type];
    const recurring = plan.type === 'FORECAST' ? FORECAST_RECURRING : FORECAST_RECURRING.slice(0, 2);
    for (const item of recurring) {
      const category = leaf(item.category);
      if (!category) continue;
      created.push(
        budget(context, plan, {
          name: item.name,
          categoryId: category.id,
          amount: plan.type === 'SCENARIO' ? Math.round(item.amount * 1.1) : item.amount,
          settlementDate: addMonths(`${today.slice(0, 7)}-01`, -2),
          frequency: item.frequency,
          isIndefinite: item.frequency === 'monthly',
          externalId: plan.type === 'FORECAST' ? item.externalId : item.externalId && `${prefix}-${item.externalId.replace(/[./]/g, '-')}`,
          externalSource: item.externalId ? 'ERP' : null,
          tags: item.frequency === 'monthly' ? ['Fixkosten'] : [],
        }),
      );
    }
    const singles = Math.max(2, Math.round((plan.type === 'FORECAST' ? 40 : 8) * scale));
    for (let i = 0; i < singles; i++) {
      const category = pick(random, active);
      const income = category.type === 'IN';
      const hostile = plan.type === 'FORECAST' && hostileIndex < HOSTILE_TEXTS.length;
      const name = hostile ? (HOSTILE_TEXTS[hostileIndex++] as string) : `${pick(random, SINGLE_NAMES)} ${i + 1}`;
      const roll = random();
      const externalId =
        roll < 0.15
          ? null
          : roll < 0.2
            ? `${prefix}.${i + 1}`
            : roll < 0.25
              ? `${prefix}/${i + 1}`
              : `${prefix}-${String(i + 1).padStart(4, '0')}`;
      created.push(
        budget(context, plan, {
          name,
          categoryId: category.id,
          amount: randomInt(random, 10_000, 5_000_000) * (income ? 1 : -1),
          settlementDate: addDays(today, randomInt(random, -60, 420)),
          description: random() < 0.3 ? 'Planwert aus Excel' : '',
          externalId,
          externalSource: externalId === null ? null : pick(random, ['Excel', 'SAP', 'DATEV Planung']),
          tags: random() < 0.3 ? [pick(random, ['Invest', 'Personal', 'Q3', 'Projekt Alpha'])] : [],
          rate: random() < 0.1 ? 0.19 : 0,
          base: pick(random, ['FS', 'FS', 'FS', 'F', 'S'] as const),
          dependingCategories: random() < 0.08 ? [pick(random, active).id] : [],
          integrationTags: random() < 0.08 ? ['contract'] : null,
        }),
      );
    }
  }
  for (const b of created) {
    if (b.dependingCategories.length > 0) b.baseCategories = [...b.dependingCategories];
  }
  context.state.budgets.push(...created);
  return created;
}
