/**
 * The balance summary of GET /accounts/: current balances plus forecast balances at the end of this
 * month, next month, three months ahead and the fiscal year. A forecast balance is today's total plus the
 * forecast budgets (recurring ones expanded, sequences followed: budget-series.ts) and the open invoice amounts expected
 * up to that day.
 */
import { fromCents } from './amount';
import { paidBetween } from './budget-series';
import { addDays, addMonths, endOfMonth } from './calendar';
import { reportingCents, type Store } from './store';

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
        // The series' end as the budget's `end_date` tells it (serializers/budget.ts): the plan's last day, or the
        // settlement date when the plan ends before it.
        cents += paidBetween(b, today, point, planEnd < b.settlementDate ? b.settlementDate : planEnd);
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
