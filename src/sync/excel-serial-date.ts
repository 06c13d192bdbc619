/**
 * Excel serial dates, computed in UTC only. A serial is days since 1899-12-30 (the epoch Excel's 1900 date
 * system effectively uses from 1900-03-01 on); the fraction is the time of day. Local time never enters:
 * every conversion goes through `Date.UTC` and `getUTC*`, so a date is the same serial in every time zone.
 *
 * The 1900 leap-year bug (Excel counts a 1900-02-29 that never was, serial 60) only shifts serials before
 * 1900-03-01. Dates before that day are rejected, so the bug is irrelevant here.
 */

const MS_PER_DAY = 86_400_000;
const EPOCH_MS = Date.UTC(1899, 11, 30);
/** 1900-03-01: the first day whose serial means the same date in Excel and in the proleptic calendar. */
export const FIRST_SERIAL = 61;
/** 9999-12-31, Excel's last date. */
export const LAST_SERIAL = 2_958_465;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function utcDays(year: number, month: number, day: number): number | null {
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // Date.UTC maps years 0-99 to 1900-1999 and rolls over 2024-02-30: both mean the input was not a date.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return (ms - EPOCH_MS) / MS_PER_DAY;
}

function checkRange(serial: number, input: string): number {
  if (serial < FIRST_SERIAL || serial >= LAST_SERIAL + 1)
    throw new RangeError(`Date out of Excel's range (1900-03-01 to 9999-12-31): ${input}`);
  return serial;
}

/** The number written by the `count` ASCII digits of `text` from `from`, or -1 where one is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i += 1) {
    const d = text.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Days in `month` (1-12) of `year`, proleptic Gregorian. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * Serial of a well-formed `YYYY-MM-DD` from 1900 on, by arithmetic on its characters (days from the civil date, H.
 * Hinnant's algorithm): no regular expression, no Date, no string hashing, as a pull converts two dates a row. Null for
 * anything else, which the general path then judges (and names in its error).
 */
function fastDateSerial(date: string): number | null {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null;
  const year = digitsAt(date, 0, 4);
  const month = digitsAt(date, 5, 2);
  const day = digitsAt(date, 8, 2);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const serial = era * 146_097 + dayOfEra - 719_468 + UNIX_EPOCH_SERIAL;
  return serial >= FIRST_SERIAL && serial < LAST_SERIAL + 1 ? serial : null;
}

/** Serial of 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

/** `YYYY-MM-DD` → whole serial. Throws RangeError for anything that is not a real date in range. */
export function dateToSerial(date: string): number {
  return fastDateSerial(date) ?? computeDateSerial(date);
}

function computeDateSerial(date: string): number {
  const m = DATE.exec(date);
  const days = m ? utcDays(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  if (days === null) throw new RangeError(`Not a date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return checkRange(days, date);
}

/**
 * ISO 8601 timestamp → serial with the time of day as fraction, in UTC. An offset is applied
 * (`2024-01-05T01:00:00+02:00` is 2024-01-04 23:00 UTC); a timestamp without a zone is taken as UTC, as the
 * service sends UTC. Precision: milliseconds.
 */
export function timestampToSerial(timestamp: string): number {
  const m = TIMESTAMP.exec(timestamp);
  if (!m) throw new RangeError(`Not an ISO 8601 timestamp: ${JSON.stringify(timestamp)}`);
  const days = utcDays(Number(m[1]), Number(m[2]), Number(m[3]));
  const hours = Number(m[4]);
  const minutes = Number(m[5]);
  const seconds = Number(m[6] ?? '0');
  const millis = Math.round(Number(`0.${m[7] ?? '0'}`) * 1000);
  if (days === null || hours > 23 || minutes > 59 || seconds > 59)
    throw new RangeError(`Not an ISO 8601 timestamp: ${JSON.stringify(timestamp)}`);
  let offsetMinutes = 0;
  const zone = m[8];
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const ms = ((hours * 60 + minutes - offsetMinutes) * 60 + seconds) * 1000 + millis;
  return checkRange(days + ms / MS_PER_DAY, timestamp);
}

function checkSerial(serial: number): void {
  if (!Number.isFinite(serial) || serial < FIRST_SERIAL || serial >= LAST_SERIAL + 1) {
    throw new RangeError(`Not an Excel date serial in range: ${serial}`);
  }
}

/** Serial → `YYYY-MM-DD` (the time of day, if any, is dropped). */
export function serialToDate(serial: number): string {
  checkSerial(serial);
  return new Date(EPOCH_MS + Math.floor(serial) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Serial → ISO timestamp in UTC (`2024-01-05T10:30:00.000Z`), rounded to the millisecond. */
export function serialToTimestamp(serial: number): string {
  checkSerial(serial);
  return new Date(EPOCH_MS + Math.round(serial * MS_PER_DAY)).toISOString();
}
