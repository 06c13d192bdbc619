/**
 * The balance summary of GET /accounts/: current balances plus forecast balances at the end of this
 * month, next month, three months ahead and the fiscal year. A forecast balance is today's total plus the
 * forecast budgets (recurring ones expanded) and the open invoice amounts expected up to that day.
 */
import { fromCents } from './amount';
import { addDays, addMonths, endOfMonth } from './calendar';
import type { Budget } from './model';
import { reportingCents, type Store } from './store';

function occurrences(b: Budget, after: string, until: string, planEnd: string): number {
  if (b.frequency === '') return b.settlementDate > after && b.settlementDate <= until ? 1 : 0;
  const end = b.isIndefinite ? until : planEnd < until ? planEnd : until;
  const m = Math.max(1, b.frequencyMultiplier);
  let count = 0;
  let date = b.settlementDate;
  for (let i = 0; date <= end && i < 5000; i++) {
    if (date > after) count += 1;
    switch (b.frequency) {
      case 'daily':
        date = addDays(b.settlementDate, (i + 1) * m);
        break;
      case 'weekly':
        date = addDays(b.settlementDate, (i + 1) * 7 * m);
        break;
      case 'monthly':
        date = addMonths(b.settlementDate, (i + 1) * m);
        break;
      case 'quarterly':
        date = addMonths(b.settlementDate, (i + 1) * 3 * m);
        break;
      case 'yearly':
        date = addMonths(b.settlementDate, (i + 1) * 12 * m);
        break;
    }
  }
  return count;
}

function fiscalYearEnd(today: string, startMonth: number): string {
  if (startMonth === 1) return `${today.slice(0, 4)}-12-31`;
  const start = `${today.slice(0, 4)}-${String(startMonth).padStart(2, '0')}-01`;
  const nextStart = today >= start ? addMonths(start, 12) : start;
  return addDays(nextStart, -1);
}

export function balanceSummary(store: Store, companyIds: number[], today: string): Record<string, number | null> {
  const accounts = store.accountsOf(companyIds);
  const total = accounts.reduce((sum, a) => sum + reportingCents(a.balance, a.currency), 0);
  const limit = accounts.reduce((sum, a) => sum + (a.overdraftLimit === null ? 0 : reportingCents(a.overdraftLimit, a.currency)), 0);
  const firstCompany = store.companies.get(companyIds[0] ?? -1);
  const points = [
    endOfMonth(today),
    endOfMonth(addMonths(today, 1)),
    endOfMonth(addMonths(today, 3)),
    fiscalYearEnd(today, firstCompany?.fiscalYearStartMonth ?? 1),
  ];
  const forecasts = companyIds.map((id) => store.forecastOf(id)).filter((p) => p !== undefined);
  const balances = points.map((point) => {
    if (forecasts.length === 0) return null;
    let cents = total;
    for (const plan of forecasts) {
      const planEnd = `${plan.lastYear}-12-31`;
      for (const b of store.budgetsOfPlans([plan.id])) {
        if (b.base === 'S') continue;
        cents += b.amount * occurrences(b, today, point, planEnd);
      }
      for (const invoice of store.invoicesOf([plan.companyId])) {
        if (invoice.status === 'PD' || invoice.status === 'CA' || invoice.isArchived) continue;
        if (invoice.expectedDate > today && invoice.expectedDate <= point) cents += invoice.amount - invoice.paidAmount;
      }
    }
    return fromCents(cents);
  });
  const limitValue = fromCents(limit);
  return {
    total: fromCents(total),
    available_limit: limitValue,
    current_month_balance: balances[0] ?? null,
    next_month_balance: balances[1] ?? null,
    in_3_months_balance: balances[2] ?? null,
    fiscal_year_ending_balance: balances[3] ?? null,
    current_month_limit: limitValue,
    next_month_limit: limitValue,
    in_3_months_limit: limitValue,
    fiscal_year_ending_limit: limitValue,
  };
}
