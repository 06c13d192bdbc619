/**
 * Lookup and conditional functions: VLOOKUP, HLOOKUP, XLOOKUP, MATCH, INDEX, SUMIF(S), COUNTIF(S),
 * AVERAGEIF(S), COUNTBLANK. They read only the non-empty cells of their ranges, so whole columns (`A:A`) cost
 * what the sheet holds.
 *
 * Choices:
 * - exact lookups (VLOOKUP/HLOOKUP FALSE, MATCH 0, XLOOKUP) match the same type only (the number 1 is not the
 *   text "1"), text case-insensitively; VLOOKUP/HLOOKUP/MATCH exact accept `*`/`?` wildcards, XLOOKUP only
 *   with match_mode 2. A blank lookup value finds nothing (`#N/A`).
 * - approximate lookups on sorted data (VLOOKUP TRUE, MATCH 1/-1) scan in order and stop at the first value past
 *   the lookup value, which is what Excel's binary search returns when the data is sorted (on unsorted data
 *   Excel's answer may differ). XLOOKUP's binary search modes (2/-2) search like 1/-1.
 * - INDEX and XLOOKUP return references (so `SUM(INDEX(A:C,0,2))` works); a reference to several cells where one
 *   value is needed gives `#VALUE!`, since the simulation does not spill.
 * - criteria: see `criterion` in values.ts. SUMIF's sum_range takes the size of its criteria range;
 *   ranges of different sizes in the ...IFS functions give `#VALUE!`.
 */

import { MAX_COLUMNS, MAX_ROWS, type CellBox } from '../model/address';
import type { Result } from '../model/cell';
import { FormulaError } from './lexer';
import type { Call, FunctionDef, Operand, RangeRef } from './types';
import { criterion, lookupCompare, lookupEquals, num, toBoolean, type Criterion } from './values';

function rangeArg(call: Call, i: number): RangeRef {
  const arg = call.arg(i);
  if (arg.kind === 'Error') throw new FormulaError(arg.value);
  if (arg.kind !== 'Range') throw new FormulaError('#VALUE!');
  return arg.ref;
}

function cellRef(ref: RangeRef, row: number, column: number, rowCount = 1, columnCount = 1): Operand {
  return { kind: 'Range', ref: { sheet: ref.sheet, box: { row, column, rowCount, columnCount } } };
}

// ---- conditional aggregates ----

interface Condition {
  ref: RangeRef;
  test: Criterion;
}

function sameSize(a: CellBox, b: CellBox): boolean {
  return a.rowCount === b.rowCount && a.columnCount === b.columnCount;
}

function passes(conditions: Condition[], dr: number, dc: number): boolean {
  return conditions.every(({ ref, test }) => test(ref.sheet.result(ref.box.row + dr, ref.box.column + dc)));
}

/** Sum, count or average of the cells (offsets into the ranges) that pass every condition. */
function conditional(conditions: Condition[], target: RangeRef | undefined, mode: 'sum' | 'count' | 'average'): Result {
  const first = conditions[0];
  if (!first) throw new FormulaError('#VALUE!');
  const { rowCount, columnCount } = first.ref.box;
  if (conditions.some((c) => !sameSize(c.ref.box, first.ref.box)) || (target && !sameSize(target.box, first.ref.box)))
    throw new FormulaError('#VALUE!');
  if (target) {
    let sum = 0;
    let n = 0;
    target.sheet.forEachResult(target.box, (cell, row, column) => {
      if (cell.kind !== 'Double' && cell.kind !== 'Error') return;
      if (!passes(conditions, row - target.box.row, column - target.box.column)) return;
      if (cell.kind === 'Error') throw new FormulaError(cell.value);
      sum += cell.value;
      n += 1;
    });
    if (mode === 'average' && n === 0) throw new FormulaError('#DIV/0!');
    return num(mode === 'average' ? sum / n : sum);
  }
  // COUNTIFS: a condition that blank cells fail limits the candidates to its non-empty cells
  const narrow = conditions.find((c) => !c.test({ kind: 'Empty' }));
  if (narrow) {
    let n = 0;
    narrow.ref.sheet.forEachResult(narrow.ref.box, (_, row, column) => {
      if (passes(conditions, row - narrow.ref.box.row, column - narrow.ref.box.column)) n += 1;
    });
    return num(n);
  }
  // every condition accepts blanks: count the cells, less those (non-empty somewhere) that fail
  const seen = new Set<number>();
  let failing = 0;
  for (const { ref } of conditions) {
    ref.sheet.forEachResult(ref.box, (_, row, column) => {
      const dr = row - ref.box.row;
      const dc = column - ref.box.column;
      const key = dr * columnCount + dc;
      if (seen.has(key)) return;
      seen.add(key);
      if (!passes(conditions, dr, dc)) failing += 1;
    });
  }
  return num(rowCount * columnCount - failing);
}

function conditionPairs(call: Call, from: number): Condition[] {
  if ((call.count - from) % 2 !== 0) throw new FormulaError('#NAME?');
  const conditions: Condition[] = [];
  for (let i = from; i < call.count; i += 2) conditions.push({ ref: rangeArg(call, i), test: criterion(call.value(i + 1), call.year) });
  return conditions;
}

/** SUMIF/AVERAGEIF(range, criteria, [sum_range]): sum_range is resized to the criteria range. */
function singleCondition(call: Call, mode: 'sum' | 'count' | 'average'): Result {
  const ref = rangeArg(call, 0);
  const conditions = [{ ref, test: criterion(call.value(1), call.year) }];
  if (mode === 'count') return conditional(conditions, undefined, mode);
  const target = call.has(2) ? rangeArg(call, 2) : ref;
  const box = {
    row: target.box.row,
    column: target.box.column,
    rowCount: Math.min(ref.box.rowCount, MAX_ROWS - target.box.row),
    columnCount: Math.min(ref.box.columnCount, MAX_COLUMNS - target.box.column),
  };
  if (!sameSize(box, ref.box)) throw new FormulaError('#VALUE!');
  return conditional(conditions, { sheet: target.sheet, box }, mode);
}

function countBlank(call: Call): Result {
  const { sheet, box } = rangeArg(call, 0);
  let filled = 0;
  sheet.forEachResult(box, (cell) => {
    if (!(cell.kind === 'String' && cell.value === '')) filled += 1;
  });
  return num(box.rowCount * box.columnCount - filled);
}

// ---- lookups ----

/** The non-empty cells of a one-row or one-column range, by position; undefined when it is neither. */
function vectorCells(ref: RangeRef): { horizontal: boolean; length: number; cells: Array<[number, Result]> } | undefined {
  const { box } = ref;
  const horizontal = box.rowCount === 1 && box.columnCount > 1;
  if (!horizontal && box.columnCount !== 1) return undefined;
  const cells: Array<[number, Result]> = [];
  ref.sheet.forEachResult(box, (cell, row, column) => cells.push([horizontal ? column - box.column : row - box.row, cell]));
  cells.sort((a, b) => a[0] - b[0]);
  return { horizontal, length: horizontal ? box.columnCount : box.rowCount, cells };
}

type Mode = 'exact' | 'wildcard' | 'smaller' | 'larger' | 'ascending' | 'descending';

/** The position of the lookup value among the cells (see the module comment), or undefined. */
function find(lookup: Result, cells: Array<[number, Result]>, mode: Mode, reverse = false): number | undefined {
  if (lookup.kind === 'Error') throw new FormulaError(lookup.value);
  if (lookup.kind === 'Empty') return undefined;
  const ordered = reverse ? [...cells].reverse() : cells;
  if (mode === 'ascending' || mode === 'descending') {
    let found: number | undefined;
    for (const [i, cell] of ordered) {
      const d = lookupCompare(cell, lookup);
      if (d === undefined) continue;
      if (mode === 'ascending' ? d > 0 : d < 0) break;
      found = i;
    }
    return found;
  }
  let best: [number, Result] | undefined;
  for (const entry of ordered) {
    const [i, cell] = entry;
    if (lookupEquals(lookup, cell, mode === 'wildcard')) return i;
    if (mode === 'exact' || mode === 'wildcard') continue;
    const d = lookupCompare(cell, lookup);
    if (d === undefined || (mode === 'smaller' ? d > 0 : d < 0)) continue;
    const better = best === undefined || (lookupCompare(cell, best[1]) ?? 0) * (mode === 'smaller' ? 1 : -1) > 0;
    if (better) best = entry;
  }
  return best?.[0];
}

function vlookup(call: Call, horizontal: boolean): Operand {
  const lookup = call.value(0);
  const table = rangeArg(call, 1);
  const index = Math.trunc(call.number(2));
  const approximate = call.count > 3 ? toBoolean(call.value(3)) : true;
  const { box } = table;
  if (index < 1) throw new FormulaError('#VALUE!');
  if (index > (horizontal ? box.rowCount : box.columnCount)) throw new FormulaError('#REF!');
  const keys = horizontal ? { ...box, rowCount: 1 } : { ...box, columnCount: 1 };
  const vector = vectorCells({ sheet: table.sheet, box: keys });
  const at = find(lookup, vector?.cells ?? [], approximate ? 'ascending' : 'wildcard');
  if (at === undefined) throw new FormulaError('#N/A');
  return horizontal ? cellRef(table, box.row + index - 1, box.column + at) : cellRef(table, box.row + at, box.column + index - 1);
}

function match(call: Call): Result {
  const lookup = call.value(0);
  const vector = vectorCells(rangeArg(call, 1));
  if (!vector) throw new FormulaError('#N/A');
  const type = call.has(2) ? call.number(2) : 1;
  const at = find(lookup, vector.cells, type === 0 ? 'wildcard' : type > 0 ? 'ascending' : 'descending');
  if (at === undefined) throw new FormulaError('#N/A');
  return num(at + 1);
}

const XLOOKUP_MODES: Record<number, Mode> = { 0: 'exact', [-1]: 'smaller', 1: 'larger', 2: 'wildcard' };

function xlookup(call: Call): Operand {
  const lookup = call.value(0);
  const lookupRef = rangeArg(call, 1);
  const result = rangeArg(call, 2);
  const vector = vectorCells(lookupRef);
  if (!vector) throw new FormulaError('#VALUE!');
  const matchMode = XLOOKUP_MODES[call.has(4) ? call.number(4) : 0];
  const searchMode = call.has(5) ? call.number(5) : 1;
  if (!matchMode || ![1, -1, 2, -2].includes(searchMode)) throw new FormulaError('#VALUE!');
  const { box } = result;
  if ((vector.horizontal ? box.columnCount : box.rowCount) !== vector.length) throw new FormulaError('#VALUE!');
  const at = find(lookup, vector.cells, matchMode, searchMode < 0);
  if (at === undefined) {
    if (call.has(3)) return call.arg(3);
    throw new FormulaError('#N/A');
  }
  return vector.horizontal
    ? cellRef(result, box.row, box.column + at, box.rowCount, 1)
    : cellRef(result, box.row + at, box.column, 1, box.columnCount);
}

function index(call: Call): Operand {
  const source = call.arg(0);
  let row = call.has(1) ? Math.trunc(call.number(1)) : 0;
  let column = call.has(2) ? Math.trunc(call.number(2)) : 0;
  if (row < 0 || column < 0) throw new FormulaError('#VALUE!');
  if (source.kind !== 'Range') {
    if (source.kind === 'Error') throw new FormulaError(source.value);
    if (row > 1 || column > 1) throw new FormulaError('#REF!');
    return source;
  }
  const { box } = source.ref;
  if (call.count < 3 && box.rowCount === 1 && box.columnCount > 1) [row, column] = [0, row]; // INDEX(A1:E1, 3)
  if (row > box.rowCount || column > box.columnCount) throw new FormulaError('#REF!');
  return cellRef(
    source.ref,
    row === 0 ? box.row : box.row + row - 1,
    column === 0 ? box.column : box.column + column - 1,
    row === 0 ? box.rowCount : 1,
    column === 0 ? box.columnCount : 1,
  );
}

export const LOOKUP_FUNCTIONS: Record<string, FunctionDef> = {
  SUMIF: { min: 2, max: 3, run: (c) => singleCondition(c, 'sum') },
  COUNTIF: { min: 2, max: 2, run: (c) => singleCondition(c, 'count') },
  AVERAGEIF: { min: 2, max: 3, run: (c) => singleCondition(c, 'average') },
  SUMIFS: { min: 3, max: 255, run: (c) => conditional(conditionPairs(c, 1), rangeArg(c, 0), 'sum') },
  AVERAGEIFS: { min: 3, max: 255, run: (c) => conditional(conditionPairs(c, 1), rangeArg(c, 0), 'average') },
  COUNTIFS: { min: 2, max: 255, run: (c) => conditional(conditionPairs(c, 0), undefined, 'count') },
  COUNTBLANK: { min: 1, max: 1, run: countBlank },
  VLOOKUP: { min: 3, max: 4, run: (c) => vlookup(c, false) },
  HLOOKUP: { min: 3, max: 4, run: (c) => vlookup(c, true) },
  XLOOKUP: { min: 3, max: 6, run: xlookup },
  MATCH: { min: 2, max: 3, run: match },
  INDEX: { min: 2, max: 3, run: index },
};
