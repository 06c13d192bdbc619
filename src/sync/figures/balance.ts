/**
 * BALANCE: today's balance or a forecast balance of the accounts' balance summary (`GET /accounts/`), read through the
 * `BalanceSummary` table's rows (`balanceRows`), so the function and the pulled table name the same horizons and show
 * the same figures. Every call of a batch reads the one summary the batch loaded.
 */

import { toCents, type BalanceSummary } from '../../api';
import type { Language } from '../../i18n/catalog';
import { BALANCE_HORIZONS, balanceRows, type BalanceHorizon } from '../tables/accounts-tables';
import { type ArgumentValue, blank, check, type Checked, fail } from './argument-check';
import { FigureError } from './figure-error';
import { z } from 'zod';
import type { Work } from './keyed-jobs';

const horizonSchema = z.unknown().transform((value, ctx): BalanceHorizon => {
  if (blank(value)) return 'today';
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return BALANCE_HORIZONS.find((h) => h === text) ?? fail(ctx, 'functions.error.horizon', { allowed: BALANCE_HORIZONS.join(', ') });
});

/** The optional horizon (left out: today), case-insensitive. */
export function parseHorizon(value: ArgumentValue, language: Language, argument = 'horizon'): Checked<BalanceHorizon> {
  return check(horizonSchema, value, argument, language);
}

/** Settles each horizon's work with its balance in cents; a forecast balance the service does not tell is `unavailable`. */
export function serveBalance(works: readonly Work<BalanceHorizon, number>[], summary: BalanceSummary, language: Language): Promise<void> {
  const rows = balanceRows(summary);
  for (const work of works) {
    const balance = rows.find((row) => row.horizon === work.job)?.balance ?? null;
    work.settle(
      balance === null
        ? { ok: false, error: FigureError.unavailable(language, 'functions.error.noForecast', { horizon: work.job }) }
        : { ok: true, value: toCents(balance) },
    );
  }
  return Promise.resolve();
}
