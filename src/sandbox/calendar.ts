/** Date arithmetic on `YYYY-MM-DD` strings in UTC, and timestamp formatting. */
const DAY_MS = 86_400_000;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function dateMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return isoDate(dateMs(date) + days * DAY_MS);
}

/** Adds months, clamping the day to the end of the target month. */
export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export function endOfMonth(date: string): string {
  return addDays(addMonths(`${date.slice(0, 7)}-01`, 1), -1);
}

/** Strict `YYYY-MM-DD` with a real calendar day. */
export function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = dateMs(text);
  return Number.isFinite(ms) && isoDate(ms) === text;
}

/** ISO 8601 in UTC as the service writes it (`2024-05-01T10:20:30.123000Z`). */
export function timestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? iso.replace('.000Z', 'Z') : iso.replace(/\.(\d{3})Z$/, '.$1000Z');
}

/**
 * Parses an ISO 8601 date-time (a date alone means midnight UTC; no offset means UTC); NaN when invalid.
 */
export function parseDateTime(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim());
  if (!match) return NaN;
  const [, date = '', hh, mm, ss, fraction, zone] = match;
  if (!isValidDate(date)) return NaN;
  if (hh === undefined) return dateMs(date);
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? '0') > 59) return NaN;
  const ms = Math.floor(Number(`0.${fraction ?? '0'}`) * 1000);
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  return dateMs(date) + ((Number(hh) * 60 + Number(mm) - offsetMinutes) * 60 + Number(ss ?? '0')) * 1000 + ms;
}
