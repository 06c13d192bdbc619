/**
 * The months of a planning grid (#31): `YYYY-MM` keys, the horizon the user picks (a first month and a count), each
 * month's days, and the day in a month a typed figure is settled on.
 */

import type { DayWindow } from '../figures/budget-occurrences';

/** A horizon of the grid: `months` months from `from` (`YYYY-MM`). */
export interface GridHorizon {
  from: string;
  months: number;
}

/** Months a grid holds at most: three years, beyond which a grid is no longer a plan one reads. */
export const MAX_GRID_MONTHS = 36;

/** The day a grid budget is settled on: a day of the month (clamped to its last) or the month's last day. */
export type SettlementDay = number | 'last';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export class GridHorizonError extends RangeError {
  override readonly name = 'GridHorizonError';
}

function parts(month: string): [number, number] {
  const match = MONTH.exec(month);
  if (!match) throw new GridHorizonError(`Not a month (YYYY-MM): ${month}`);
  return [Number(match[1]), Number(match[2])];
}

/** `YYYY-MM` of a `YYYY-MM-DD` day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The month `count` months after `month` (before, when negative). */
export function addMonths(month: string, count: number): string {
  const [year, m] = parts(month);
  const index = year * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The horizon's months in order. */
export function gridMonths(horizon: GridHorizon): string[] {
  parts(horizon.from);
  if (!Number.isInteger(horizon.months) || horizon.months < 1 || horizon.months > MAX_GRID_MONTHS)
    throw new GridHorizonError(`A grid holds 1 to ${MAX_GRID_MONTHS} months, not ${horizon.months}.`);
  return Array.from({ length: horizon.months }, (_, i) => addMonths(horizon.from, i));
}

/** The month's last day, `YYYY-MM-DD`. */
export function lastDayOf(month: string): string {
  const [year, m] = parts(month);
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

/** The month's days. */
export function monthWindow(month: string): DayWindow {
  return { from: `${month}-01`, to: lastDayOf(month) };
}

/** The day of `month` a grid budget is settled on: `day` clamped to the month's last (31 in February: the 28th/29th). */
export function settlementDateIn(month: string, day: SettlementDay): string {
  const last = lastDayOf(month);
  if (day === 'last') return last;
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new GridHorizonError(`A settlement day is 1 to 31, not ${day}.`);
  return Number(last.slice(8)) < day ? last : `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * The date a grid figure is settled on: the chosen day of its month, but in the current month never on or before
 * today. The service's balances count the budgets after today (and the grid's balance line as they do): a figure
 * planned for this month on a day already past would move no balance. On the month's last day, today is all it has.
 */
export function gridSettlementDate(month: string, day: SettlementDay, today: string): string {
  const date = settlementDateIn(month, day);
  if (month !== today.slice(0, 7) || date > today) return date;
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return tomorrow.slice(0, 7) === month ? tomorrow : today;
}
