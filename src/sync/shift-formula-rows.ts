/**
 * Moves a formula to another row the way Excel's copy/paste does: relative row numbers of A1 references shift
 * by `delta`, `$`-anchored rows, string literals, quoted sheet names and structured references (`[@Amount]`)
 * stay. Used to keep a user column's formula meaning the same when its record moves to another row.
 * A reference pushed above row 1 becomes `#REF!`, as Excel does it. Whole-row references (`2:5`) are not shifted.
 */

const MAX_ROW = 1_048_576;
const REF = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})/;
const NAME_CHAR = /[A-Za-z0-9_.\\]/;

export function shiftFormulaRows(formula: string, delta: number): string {
  if (delta === 0 || !formula.startsWith('=')) return formula;
  let out = '';
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i] ?? '';
    if (ch === '"' || ch === "'") {
      // String literal or quoted sheet name: copy through the closing quote (doubled quotes escape).
      let j = i + 1;
      while (j < formula.length) {
        if (formula[j] === ch) {
          if (formula[j + 1] === ch) j += 2;
          else break;
        } else j += 1;
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '[') {
      let depth = 0;
      let j = i;
      for (; j < formula.length; j += 1) {
        if (formula[j] === '[') depth += 1;
        else if (formula[j] === ']') {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const before = i > 0 ? (formula[i - 1] ?? '') : '';
    const m = NAME_CHAR.test(before) ? null : REF.exec(formula.slice(i));
    if (m) {
      const after = formula[i + m[0].length] ?? '';
      const isReference = !NAME_CHAR.test(after) && after !== '(' && after !== '!';
      if (isReference) {
        const row = Number(m[4]);
        if (m[3] === '$') out += m[0];
        else {
          const moved = row + delta;
          out += moved < 1 || moved > MAX_ROW ? '#REF!' : `${m[1]}${m[2]}${moved}`;
        }
        i += m[0].length;
        continue;
      }
    }
    // Copy one whole name/number token so a reference is only recognised at its start.
    let j = i + 1;
    if (NAME_CHAR.test(ch)) while (j < formula.length && NAME_CHAR.test(formula[j] ?? '')) j += 1;
    out += formula.slice(i, j);
    i = j;
  }
  return out;
}
