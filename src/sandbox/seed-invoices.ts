/** Demo invoices of every status and both types, some matched to bank transactions. */
import { addDays } from './calendar';
import { INVOICE_STATUSES, type Account, type Invoice, type InvoiceStatus, type Transaction } from './model';
import { pick, randomInt } from './prng';
import type { CategoryChoices } from './seed-banking';
import { takeId, type SeedContext } from './seed-context';
import { CUSTOMERS, HOSTILE_TEXTS, INVOICE_NOTES, SUPPLIERS } from './seed-texts';

const SOURCES: Array<[string, string]> = [
  ['Manually Added', ''],
  ['Manually Added', ''],
  ['direct_api', 'api'],
  ['lexoffice', 'lx'],
  ['DATEV', 'dv'],
];

/** References that show the substring match of the `reference` filter (RE-1 also matches RE-10). */
const FIXED_REFERENCES = ['RE-1', 'RE-10', 'RE-100', ...HOSTILE_TEXTS];

export function seedInvoices(
  context: SeedContext,
  companyId: number,
  count: number,
  categories: CategoryChoices,
  transactions: Transaction[],
  accounts: Account[],
): Invoice[] {
  const { random, today, now } = context;
  const eurAccounts = new Set(accounts.filter((a) => a.currency === 'EUR').map((a) => a.id));
  const created: Invoice[] = [];
  let sequence = 1;
  for (let i = 0; i < count; i++) {
    const status: InvoiceStatus = i < INVOICE_STATUSES.length ? (INVOICE_STATUSES[i] as InvoiceStatus) : pick(random, INVOICE_STATUSES);
    const receivable = i < 2 * INVOICE_STATUSES.length ? i < INVOICE_STATUSES.length : random() < 0.6;
    const date = addDays(today, -randomInt(random, 0, 400));
    let dueDate = addDays(date, pick(random, [14, 30, 45]));
    if (status === 'OD' && dueDate >= today) dueDate = addDays(today, -randomInt(random, 1, 40));
    if (status === 'PL' && dueDate < today) dueDate = addDays(today, randomInt(random, 1, 60));
    let amount = randomInt(random, 5_000, 2_500_000) * (receivable ? 1 : -1);
    let paidAmount = 0;
    const [source, prefix] = pick(random, SOURCES);
    const reference =
      i < FIXED_REFERENCES.length
        ? (FIXED_REFERENCES[i] as string)
        : `${receivable ? 'RE' : 'ER'}-${date.slice(0, 4)}-${String(sequence++).padStart(4, '0')}`;
    const invoice: Invoice = {
      id: takeId(context, 'invoice'),
      companyId,
      paidAmount: 0,
      name: pick(random, receivable ? CUSTOMERS : SUPPLIERS),
      notes: pick(random, INVOICE_NOTES),
      amount,
      type: receivable ? 'RE' : 'PA',
      reference,
      date,
      dueDate,
      expectedDate: status === 'PD' || dueDate >= today ? dueDate : addDays(today, randomInt(random, 0, 30)),
      source,
      sourceId: prefix === '' ? '' : `${prefix}-${String(randomInt(random, 1, 999999)).padStart(6, '0')}`,
      status,
      isArchived: status === 'CA' && random() < 0.5,
      category: random() < 0.7 ? pick(random, receivable ? categories.incomes : categories.expenses).id : null,
      tags: '',
      commentCount: random() < 0.1 ? randomInt(random, 1, 4) : 0,
      dateCreated: Math.min(Date.parse(`${date}T09:00:00Z`), now - 120_000),
      dateUpdated: Math.min(Date.parse(`${date}T09:00:00Z`) + randomInt(random, 0, 20) * 86_400_000, now - 60_000),
    };
    if (status === 'PD' || status === 'PP' || status === 'IN') {
      const match = findPayment(transactions, eurAccounts, receivable, random);
      if (match) {
        match.invoiceId = invoice.id;
        match.isPayment = true;
        if (status === 'PD') amount = match.amount;
        else amount = match.amount * 3;
        paidAmount = match.amount;
      } else {
        paidAmount = status === 'PD' ? amount : Math.round(amount / 3);
      }
    }
    invoice.amount = amount;
    invoice.paidAmount = paidAmount;
    created.push(invoice);
  }
  context.state.invoices.push(...created);
  return created;
}

function findPayment(
  transactions: Transaction[],
  eurAccounts: Set<number>,
  receivable: boolean,
  random: () => number,
): Transaction | undefined {
  for (let attempt = 0; attempt < 30 && transactions.length > 0; attempt++) {
    const candidate = transactions[Math.floor(random() * transactions.length)];
    if (
      candidate &&
      candidate.invoiceId === null &&
      eurAccounts.has(candidate.accountId) &&
      candidate.amount > 0 === receivable &&
      Math.abs(candidate.amount) < 30_000_000
    ) {
      return candidate;
    }
  }
  return undefined;
}
