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

/** Serials of recently converted date texts: a pull converts the same few thousand dates over and over. */
const serialCache = new Map<string, number>();
const SERIAL_CACHE_LIMIT = 8_192;

/** `YYYY-MM-DD` → whole serial. Throws RangeError for anything that is not a real date in range. */
export function dateToSerial(date: string): number {
  const cached = serialCache.get(date);
  if (cached !== undefined) return cached;
  const serial = computeDateSerial(date);
  if (serialCache.size >= SERIAL_CACHE_LIMIT) serialCache.clear();
  serialCache.set(date, serial);
  return serial;
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
