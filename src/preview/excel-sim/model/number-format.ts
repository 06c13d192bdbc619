/**
 * `Range.text`: a value rendered through its number format. Covers General, text (`@`), digit patterns
 * (`0`, `0.00`, `#,##0.00`, with literal prefixes/suffixes such as `$` or `"CHF "`), percentages, scientific,
 * a negative section (`#,##0.00;(#,##0.00)`), currency literals (`[$EUR]`, `[$€-407]`: the text before the `-`,
 * as Excel shows it; the locale after it is not modelled) and date/time tokens
 * (`yyyy yy mmmm mmm mm m dddd ddd dd d hh h mm ss AM/PM`).
 * Colours, conditions and fractions are not modelled: those parts are ignored.
 */

import type { Result } from './cell';
import { dateFromSerial, weekdayOfSerial } from './number-text';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatGeneral(n: number): string {
  if (n === 0) return '0';
  const abs = Math.abs(n);
  if (abs >= 1e11 || abs < 1e-9) {
    const [mantissa = '0', exp = '0'] = n.toExponential(5).split('e');
    const trimmed = mantissa.replace(/\.?0+$/, '');
    const e = Number(exp);
    return `${trimmed}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (Number.isInteger(n)) return String(n);
  const digits = Math.max(1, 10 - Math.floor(Math.log10(abs)));
  return String(Number(n.toFixed(Math.min(digits, 15)))).replace(/^(-?)0\./, '$10.');
}

/** Currency literals become quoted text (`[$EUR]` → `"EUR"`); colours, conditions and padding are dropped. */
function stripDecorations(section: string): string {
  return section
    .replace(/\[\$([^\]-]*)(?:-[^\]]*)?\]/g, (_m, text: string) => `"${text.replace(/"/g, '')}"`)
    .replace(/\[[^\]]*\]/g, '')
    .replace(/_./g, '')
    .replace(/\*./g, '');
}

function isDateFormat(section: string): boolean {
  const bare = section.replace(/"[^"]*"/g, '').replace(/\\./g, '');
  return /[ymdhs]/i.test(bare) && !/[0#]/.test(bare);
}

function renderDate(serial: number, section: string): string {
  const { year, month, day } = dateFromSerial(serial);
  const secondsOfDay = Math.round((serial - Math.floor(serial)) * 86_400);
  const hours = Math.floor(secondsOfDay / 3600);
  const minutes = Math.floor((secondsOfDay % 3600) / 60);
  const seconds = secondsOfDay % 60;
  const ampm = /AM\/PM/i.test(section);
  const tokens = /"[^"]*"|\\.|AM\/PM|yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|./gi;
  const parts = section.match(tokens) ?? [];
  let out = '';
  let lastWasHour = false;
  parts.forEach((tok, i) => {
    const lower = tok.toLowerCase();
    const next = (parts[i + 1] ?? '').toLowerCase();
    const minuteContext = lastWasHour || next.startsWith(':s') || next === 's' || next === 'ss';
    let piece: string;
    if (tok.startsWith('"')) piece = tok.slice(1, -1);
    else if (tok.startsWith('\\')) piece = tok.slice(1);
    else if (lower === 'am/pm') piece = hours < 12 ? 'AM' : 'PM';
    else if (lower === 'yyyy') piece = String(year);
    else if (lower === 'yy') piece = String(year % 100).padStart(2, '0');
    else if (lower === 'mmmm') piece = MONTHS[month - 1] ?? '';
    else if (lower === 'mmm') piece = (MONTHS[month - 1] ?? '').slice(0, 3);
    else if (lower === 'mm') piece = minuteContext ? String(minutes).padStart(2, '0') : String(month).padStart(2, '0');
    else if (lower === 'm') piece = minuteContext ? String(minutes) : String(month);
    else if (lower === 'dddd' || lower === 'ddd') {
      const weekday = WEEKDAYS[weekdayOfSerial(serial)] ?? '';
      piece = lower === 'ddd' ? weekday.slice(0, 3) : weekday;
    } else if (lower === 'dd') piece = String(day).padStart(2, '0');
    else if (lower === 'd') piece = String(day);
    else if (lower === 'hh' || lower === 'h') {
      const h = ampm ? ((hours + 11) % 12) + 1 : hours;
      piece = lower === 'hh' ? String(h).padStart(2, '0') : String(h);
    } else if (lower === 'ss' || lower === 's') piece = lower === 'ss' ? String(seconds).padStart(2, '0') : String(seconds);
    else piece = tok;
    if (lower === 'hh' || lower === 'h') lastWasHour = true;
    else if (lower !== ':') lastWasHour = false;
    out += piece;
  });
  return out;
}

function renderNumber(n: number, section: string): string {
  const literal = (s: string): string => s.replace(/"([^"]*)"/g, '$1').replace(/\\(.)/g, '$1');
  const pattern = /[0#?,.]+(E[+-]0+)?%?|%/.exec(section.replace(/"[^"]*"/g, (m) => ' '.repeat(m.length)));
  if (!pattern) return literal(section);
  const spec = pattern[0];
  const prefix = literal(section.slice(0, pattern.index));
  const suffix = literal(section.slice(pattern.index + spec.length));
  let value = spec.includes('%') ? n * 100 : n;
  const decimals = /\.([0#?]*)/.exec(spec)?.[1]?.length ?? 0;
  let body: string;
  if (/E[+-]/.test(spec)) {
    const [mantissa = '0', exp = '0'] = value.toExponential(decimals).split('e');
    const e = Number(exp);
    body = `${mantissa}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  } else {
    const scaled = /[0#],+(?=[.%]|$)/.test(spec) ? (spec.match(/,+(?=[.%]|$)/)?.[0].length ?? 0) : 0;
    value /= Math.pow(1000, scaled);
    body = Math.abs(value).toFixed(decimals);
    // Each 0 before the decimal point is a digit always shown: `00` shows 9 as 09.
    const minDigits = (spec.split('.')[0] ?? '').replace(/[^0]/g, '').length;
    if (minDigits > 1) body = body.replace(/^\d+/, (int) => int.padStart(minDigits, '0'));
    if (value < 0 && Number(body) !== 0) body = `-${body}`;
    if (/[0#],[0#]/.test(spec)) {
      const [int = '0', frac] = body.split('.');
      const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      body = frac === undefined ? grouped : `${grouped}.${frac}`;
    }
    if (/^[#,]+(\.|%|$)/.test(spec) && /^-?0(\.|$)/.test(body)) body = body.replace(/^(-?)0/, '$1');
  }
  if (spec.includes('%')) body += '%';
  return `${prefix}${body}${suffix}`;
}

export function formatNumber(n: number, format: string): string {
  if (format === 'General' || format === '@' || format === '') return formatGeneral(n);
  const sections = format.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  let section = sections[0] ?? 'General';
  let value = n;
  if (n < 0 && sections.length > 1 && sections[1] !== undefined) {
    section = sections[1];
    value = -n;
  } else if (n === 0 && sections.length > 2 && sections[2] !== undefined) {
    section = sections[2];
  }
  section = stripDecorations(section);
  if (/^general$/i.test(section.trim())) return formatGeneral(value);
  if (isDateFormat(section)) {
    if (value < 0) return '#'.repeat(11);
    return renderDate(value, section);
  }
  return renderNumber(value, section);
}

export function formatResult(result: Result, format: string): string {
  switch (result.kind) {
    case 'Empty':
      return '';
    case 'Boolean':
      return result.value ? 'TRUE' : 'FALSE';
    case 'Double':
      return formatNumber(result.value, format);
    default:
      return result.value;
  }
}
