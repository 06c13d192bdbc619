/**
 * Tokens of an A1-style formula (without the leading `=`), with their positions so that references can be
 * rewritten (formulasR1C1). Unknown characters raise FormulaError('#NAME?').
 *
 * References: `A1`, `$A$1:B2`, `A:C`, `2:5`, each optionally sheet-qualified (`Sheet2!A1`, `'My Sheet'!B2`).
 * Structured references: `Table[...]` (bracket text kept raw) and `[...]` (the table holding the formula cell).
 * Operators: `+ - * / ^ & % = <> < <= > >=`, parentheses and `,`, the spill operator `#` right after a reference
 * (`A1#`); error literals (`#N/A`, `#DIV/0!`, ...).
 */

export class FormulaError extends Error {
  constructor(readonly value: string) {
    super(value);
  }
}

export type Token = { start: number; end: number } & (
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'ref'; sheet: string | undefined; v: string }
  | { t: 'struct'; table: string | undefined; spec: string }
  | { t: 'name'; v: string }
  | { t: 'err'; v: string }
  | { t: 'op'; v: string }
);

const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d+`;
const LOCAL = String.raw`(?:${CELL}(?::${CELL})?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d+:\$?\d+)`;
const NOT_AFTER = String.raw`(?![A-Za-z0-9_(!\[.])`;
const SHEET = String.raw`(?:'((?:[^']|'')+)'|([\p{L}_][\p{L}\p{N}_.]*))!`;
const QUALIFIED_REF = new RegExp(`^${SHEET}(${LOCAL})${NOT_AFTER}`, 'u');
const LOCAL_REF = new RegExp(`^${LOCAL}${NOT_AFTER}`);
const NAME = /^[\p{L}_\\][\p{L}\p{N}_.\\]*/u;
const ERROR_LITERAL = /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!)/i;
const OPERATOR = /^(?:<=|>=|<>|[-+*/^&(),%<>=])/;

/** The end (exclusive) of the bracket group opening at `start`; `'` escapes the next character. */
function bracketEnd(src: string, start: number): number {
  let depth = 0;
  for (let i = start; i < src.length; i += 1) {
    const ch = src[i];
    if (ch === "'") i += 1;
    else if (ch === '[') depth += 1;
    else if (ch === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  throw new FormulaError('#NAME?');
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (token: Token): void => {
    tokens.push(token);
    i = token.end;
  };
  // `A1#` (the spill range of the array in A1): `#` right after a reference, as an operator of its own.
  const spillOperator = (): void => {
    if (src[i] === '#' && !ERROR_LITERAL.test(src.slice(i))) push({ t: 'op', v: '#', start: i, end: i + 1 });
  };
  while (i < src.length) {
    const rest = src.slice(i);
    const ch = src[i] ?? '';
    if (ch === ' ') {
      i += 1;
      continue;
    }
    const qualified = QUALIFIED_REF.exec(rest);
    if (qualified) {
      const sheet = qualified[1] !== undefined ? qualified[1].replace(/''/g, "'") : qualified[2];
      push({ t: 'ref', sheet, v: qualified[3] ?? '', start: i, end: i + qualified[0].length });
      spillOperator();
      continue;
    }
    const ref = LOCAL_REF.exec(rest);
    if (ref) {
      push({ t: 'ref', sheet: undefined, v: ref[0], start: i, end: i + ref[0].length });
      spillOperator();
      continue;
    }
    const num = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (num) {
      push({ t: 'num', v: Number(num[0]), start: i, end: i + num[0].length });
      continue;
    }
    if (ch === '"') {
      const str = /^"((?:[^"]|"")*)"/.exec(rest);
      if (!str) throw new FormulaError('#NAME?');
      push({ t: 'str', v: (str[1] ?? '').replace(/""/g, '"'), start: i, end: i + str[0].length });
      continue;
    }
    if (ch === '[') {
      const end = bracketEnd(src, i);
      push({ t: 'struct', table: undefined, spec: src.slice(i + 1, end - 1), start: i, end });
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      const after = i + name[0].length;
      if (src[after] === '[') {
        const end = bracketEnd(src, after);
        push({ t: 'struct', table: name[0], spec: src.slice(after + 1, end - 1), start: i, end });
      } else {
        push({ t: 'name', v: name[0].toUpperCase(), start: i, end: after });
      }
      continue;
    }
    const error = ERROR_LITERAL.exec(rest);
    if (error) {
      push({ t: 'err', v: error[0].toUpperCase(), start: i, end: i + error[0].length });
      continue;
    }
    const op = OPERATOR.exec(rest);
    if (op) {
      push({ t: 'op', v: op[0], start: i, end: i + op[0].length });
      continue;
    }
    throw new FormulaError('#NAME?');
  }
  return tokens;
}
