/**
 * A formula as Excel keeps it in a file: an add-in's custom function `CASHFLOW.BALANCE(` is stored as
 * `_xldudf_CASHFLOW_BALANCE(` (the form Excel writes and resolves once the add-in has registered its functions;
 * without the add-in the cell shows that name and #NAME?, office-js #5611, #2568). Text in double quotes is left
 * as it is, so a string that merely reads like a call stays a string. Names are case-insensitive, as in Excel.
 */

const NAMESPACE = 'CASHFLOW';
const FILE_PREFIX = `_xldudf_${NAMESPACE}_`;

const IN_EXCEL = new RegExp(`(^|[^A-Za-z0-9_.!])${NAMESPACE}\\.([A-Za-z][A-Za-z0-9]*)\\s*\\(`, 'gi');
const IN_FILE = new RegExp(`(^|[^A-Za-z0-9_.!])${FILE_PREFIX}([A-Za-z][A-Za-z0-9]*)\\s*\\(`, 'gi');

/** `CASHFLOW.BALANCE()` → `_xldudf_CASHFLOW_BALANCE()`, outside string literals. */
export function toFileFormula(formula: string): string {
  return outsideStrings(formula, (part) =>
    part.replace(IN_EXCEL, (_m, before: string, name: string) => `${before}${FILE_PREFIX}${name.toUpperCase()}(`),
  );
}

/** `_xldudf_CASHFLOW_BALANCE()` → `CASHFLOW.BALANCE()`, outside string literals. */
export function fromFileFormula(formula: string): string {
  return outsideStrings(formula, (part) =>
    part.replace(IN_FILE, (_m, before: string, name: string) => `${before}${NAMESPACE}.${name.toUpperCase()}(`),
  );
}

/** Applies `change` to the parts of a formula outside `"…"` literals (a `""` inside one is a quote). */
function outsideStrings(formula: string, change: (part: string) => string): string {
  const parts = formula.split(/("(?:[^"]|"")*")/);
  return parts.map((part, i) => (i % 2 === 1 ? part : change(part))).join('');
}
