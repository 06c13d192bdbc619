/**
 * Relative periods: a table's date filter named by what it means ("this year", "last 12 months") rather than by
 * its dates, resolved to `min_date`/`max_date` at each refresh, so a planning workbook is not edited every January.
 * Pure: the day it resolves against comes in (`todayOf(clock)` reads a clock), and dates are `YYYY-MM-DD` strings
 * computed from year, month and day numbers, never through a time zone.
 */

import { z } from 'zod';

export const RELATIVE_PERIODS = ['last12Months', 'thisYear', 'yearToDate', 'thisQuarter', 'nextQuarter', 'fiscalYear'] as const;
export const RelativePeriodSchema = z.enum(RELATIVE_PERIODS);
export type RelativePeriod = z.infer<typeof RelativePeriodSchema>;

/** A resolved period: both bounds inclusive, as the service's `min_date`/`max_date`. */
export interface DateRange {
  min_date: string;
  max_date: string;
}

export interface PeriodContext {
  /** The day the period is resolved on, `YYYY-MM-DD`. */
  today: string;
  /** The first month of the fiscal year, 1 (January, the calendar year) to 12. */
  fiscalYearStartMonth: number;
}

/** The day a clock (ms since the epoch) shows on this computer, `YYYY-MM-DD`: a user's "today" is local. */
export function todayOf(clock: () => number): string {
  const now = new Date(clock());
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The dates a relative period covers on `context.today`. */
export function resolvePeriod(period: RelativePeriod, context: PeriodContext): DateRange {
  const { year, month } = parseDay(context.today);
  switch (period) {
    case 'last12Months':
      // The current month and the eleven before it, whole: stable for a month, so refreshes stay incremental.
      return months(shiftMonth(year, month, -11), 12);
    case 'thisYear':
      return months({ year, month: 1 }, 12);
    case 'yearToDate':
      return { min_date: isoDate(year, 1, 1), max_date: context.today };
    case 'thisQuarter':
      return months({ year, month: quarterStart(month) }, 3);
    case 'nextQuarter':
      return months(shiftMonth(year, quarterStart(month), 3), 3);
    case 'fiscalYear': {
      const start = checkMonth(context.fiscalYearStartMonth);
      return months({ year: month >= start ? year : year - 1, month: start }, 12);
    }
  }
}

interface YearMonth {
  year: number;
  month: number;
}

/** `count` whole months from the first day of `from` to the last day of the last one. */
function months(from: YearMonth, count: number): DateRange {
  const last = shiftMonth(from.year, from.month, count - 1);
  return { min_date: isoDate(from.year, from.month, 1), max_date: isoDate(last.year, last.month, daysInMonth(last.year, last.month)) };
}

function shiftMonth(year: number, month: number, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function quarterStart(month: number): number {
  return month - ((month - 1) % 3);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function checkMonth(month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new RangeError(`The fiscal year's first month must be 1 to 12, got ${month}.`);
  return month;
}

function parseDay(day: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) throw new RangeError(`Not a date (YYYY-MM-DD): ${day}`);
  return { year: Number(match[1]), month: checkMonth(Number(match[2])) };
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
