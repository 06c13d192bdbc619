/**
 * How Excel (en-US locale) reads a typed string as a number, date or time, and the number format it
 * applies to a `General` cell when it does. A subset: what a cash-flow workbook meets.
 */

export interface ParsedNumber {
  value: number;
  /** The format Excel applies when the cell was `General` (undefined: stays General). */
  format?: string;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * Excel serial day number of a calendar date, in the 1900 date system with its leap-year bug: 1900-01-01 is 1, and
 * February 1900 has a 29th day (60), so from 1900-03-01 (61) on the serial is the days since 1899-12-30. Months and
 * days beyond their range roll over as in DATE (month 13 is January of the next year, day 0 the month's last day).
 */
export function serialFromDate(year: number, month: number, day: number): number {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  const first = y === 1900 && m <= 2 ? (m === 1 ? 1 : 32) : Math.round((Date.UTC(y, m - 1, 1) - EXCEL_EPOCH_MS) / DAY_MS);
  return first + day - 1;
}

/** The calendar date of a serial as Excel shows it: 0 is 1900-01-00, 60 the 1900-02-29 that never was. */
export function dateFromSerial(serial: number): { year: number; month: number; day: number } {
  const n = Math.floor(serial);
  if (n === 0) return { year: 1900, month: 1, day: 0 };
  if (n === 60) return { year: 1900, month: 2, day: 29 };
  const d = new Date(EXCEL_EPOCH_MS + (n > 0 && n < 60 ? n + 1 : n) * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The weekday (0 Sunday … 6 Saturday) Excel gives a serial: serial 1 is a Sunday, as its calendar counts. */
export function weekdayOfSerial(serial: number): number {
  return (((Math.floor(serial) + 6) % 7) + 7) % 7;
}

/** Excel keeps 15 significant digits. */
function toExcelPrecision(n: number): number {
  return n === 0 ? 0 : Number(n.toPrecision(15));
}

const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

export function parseNumberText(input: string): ParsedNumber | null {
  let s = input.trim();
  if (s === '') return null;
  let negate = false;
  let percent = false;
  let currency = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negate = true;
    s = s.slice(1, -1).trim();
  }
  if (s.endsWith('%')) {
    percent = true;
    s = s.slice(0, -1).trim();
  }
  const signed = /^[+-]/.exec(s);
  let sign = '';
  if (signed) {
    sign = signed[0];
    s = s.slice(1);
  }
  if (s.startsWith('$')) {
    currency = true;
    s = s.slice(1);
  }
  s = sign + s;
  let grouped = false;
  if (GROUPED.test(s)) {
    grouped = true;
    s = s.replace(/,/g, '');
  } else if (!PLAIN.test(s)) {
    return null;
  }
  if (negate && /^[+-]/.test(s)) return null;
  let value = Number(s);
  if (!Number.isFinite(value)) return null;
  if (negate) value = -value;
  const decimals = /\.(\d+)/.exec(s)?.[1]?.length ?? 0;
  if (percent) return { value: toExcelPrecision(value / 100), format: decimals > 0 ? '0.00%' : '0%' };
  if (currency) return { value: toExcelPrecision(value), format: decimals > 0 ? '$#,##0.00' : '$#,##0' };
  if (/[eE]/.test(s)) return { value: toExcelPrecision(value), format: '0.00E+00' };
  if (grouped) return { value: toExcelPrecision(value), format: decimals > 0 ? '#,##0.00' : '#,##0' };
  return { value: toExcelPrecision(value) };
}

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 9999) return false;
  if (year === 1900 && month === 2 && day === 29) return true; // Excel's calendar has it
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function twoDigitYear(y: number): number {
  return y < 30 ? 2000 + y : 1900 + y;
}

/** US date rules: m/d/yyyy, m/d/yy, m/d and m-d (current year), yyyy-m-d, yyyy/m/d. */
export function parseDateText(input: string, currentYear: number): ParsedNumber | null {
  const s = input.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(s);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDate(year, month, day) ? { value: serialFromDate(year, month, day), format: 'm/d/yyyy' } : null;
  }
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{2}|\d{4})$/.exec(s);
  if (m) {
    const raw = Number(m[3]);
    const year = m[3]?.length === 2 ? twoDigitYear(raw) : raw;
    const [month, day] = [Number(m[1]), Number(m[2])];
    return validDate(year, month, day) ? { value: serialFromDate(year, month, day), format: 'm/d/yyyy' } : null;
  }
  m = /^(\d{1,2})[-/](\d{1,2})$/.exec(s);
  if (m) {
    const [month, day] = [Number(m[1]), Number(m[2])];
    return validDate(currentYear, month, day) ? { value: serialFromDate(currentYear, month, day), format: 'd-mmm' } : null;
  }
  return null;
}

/** h:mm and h:mm:ss, optionally with AM/PM. */
export function parseTimeText(input: string): ParsedNumber | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(input.trim());
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = m[3] === undefined ? 0 : Number(m[3]);
  const meridiem = m[4]?.toUpperCase();
  if (meridiem !== undefined) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'PM' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const format = meridiem !== undefined ? 'h:mm AM/PM' : m[3] === undefined ? 'h:mm' : 'h:mm:ss';
  return { value: (hours * 3600 + minutes * 60 + seconds) / 86_400, format };
}
