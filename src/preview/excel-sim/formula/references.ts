/**
 * How formulas of a sheet find other sheets and tables (the FormulaHost of evaluator.ts).
 *
 * Structured references are resolved by table and column name when the formula is evaluated, so they follow
 * the table through resizes, row inserts/deletes and refreshes. Supported forms (table name optional inside
 * the table itself):
 *   `T[Col]`  `T[[Col]]`  `T[[ColA]:[ColB]]`  `T[]`  `T`  (data body)
 *   `T[#All]` `T[#Data]` `T[#Headers]` `T[[#Headers],[Col]]` `T[[#All],[ColA]:[ColB]]` `T[[#Headers],[#Data],[Col]]`
 *   `T[@Col]` `T[@[Col A]]` `T[[#This Row],[Col]]` `T[@]`  (the data row on the formula's row, same sheet)
 * Special characters in column names are escaped with `'` (`T['#Id]`). A missing table or column, or
 * `#Totals` without a totals row (or `#Headers` with the header row hidden) gives `#REF!`; `@` outside the table's data rows gives `#VALUE!`.
 * Assumption: Excel rewrites formulas when a table, column or sheet is renamed; the simulation does not (the
 * formula then gives `#REF!`).
 */

import type { CellBox } from '../model/address';
import type { SheetState } from '../model/sheet-state';
import { dataBox, tableColumnNames } from '../model/table-state';
import type { TableState } from '../model/types';
import type { WorkbookState } from '../model/workbook-state';
import type { CustomFunctionCalls } from './custom-function-calls';
import type { Call, FormulaHost, FormulaSheet, Operand, RangeRef } from './types';

interface Spec {
  sections: Set<string>;
  columns: [string, string] | null;
}

const SECTIONS = ['#all', '#data', '#headers', '#totals', '#this row'];

function unescape(text: string): string {
  return text.replace(/'(.)/g, '$1').trim();
}

/** Splits `[a],[b]:[c]` into items and the separators between them. */
function bracketItems(text: string): { items: string[]; separators: string[] } | null {
  const items: string[] = [];
  const separators: string[] = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ') i += 1;
    if (items.length > 0) {
      const sep = text[i];
      if (sep !== ',' && sep !== ':') return null;
      separators.push(sep);
      i += 1;
      while (text[i] === ' ') i += 1;
    }
    if (text[i] !== '[') return null;
    let j = i + 1;
    while (j < text.length && text[j] !== ']') j += text[j] === "'" ? 2 : 1;
    if (j >= text.length) return null;
    items.push(text.slice(i + 1, j));
    i = j + 1;
    while (text[i] === ' ') i += 1;
  }
  return { items, separators };
}

export function parseSpec(raw: string): Spec | null {
  const spec: Spec = { sections: new Set(), columns: null };
  const text = raw.trim();
  if (text === '') return spec;
  if (text.startsWith('@')) {
    spec.sections.add('#this row');
    const rest = text.slice(1).trim();
    if (rest === '') return spec;
    if (!rest.startsWith('[')) {
      spec.columns = [unescape(rest), unescape(rest)];
      return spec;
    }
    const inner = parseSpec(rest);
    if (!inner || inner.sections.size > 0) return null;
    spec.columns = inner.columns;
    return spec;
  }
  if (!text.startsWith('[')) {
    const lower = text.toLowerCase();
    if (lower.startsWith('#')) {
      if (!SECTIONS.includes(lower)) return null;
      spec.sections.add(lower);
    } else spec.columns = [unescape(text), unescape(text)];
    return spec;
  }
  const parsed = bracketItems(text);
  if (!parsed) return null;
  const columns: string[] = [];
  parsed.items.forEach((item, i) => {
    const lower = item.trim().toLowerCase();
    if (lower.startsWith('#')) spec.sections.add(lower);
    else {
      if (columns.length === 1 && parsed.separators[i - 1] !== ':') columns.push('\u0000'); // two columns without `:`
      columns.push(unescape(item));
    }
  });
  if ([...spec.sections].some((s) => !SECTIONS.includes(s)) || columns.length > 2 || columns.includes('\u0000')) return null;
  if (columns.length > 0) spec.columns = [columns[0] ?? '', columns[columns.length - 1] ?? ''];
  return spec;
}

export class WorkbookFormulaHost implements FormulaHost {
  constructor(
    private readonly wb: WorkbookState,
    readonly self: SheetState,
    private readonly row: number,
    private readonly column: number,
    private readonly calls?: CustomFunctionCalls,
  ) {}

  customFunction(name: string, call: Call): Operand | undefined {
    return this.calls?.invoke(name, call);
  }

  get currentYear(): number {
    return this.wb.currentYear;
  }

  sheet(name: string): FormulaSheet | undefined {
    return this.wb.findSheet(name);
  }

  name(name: string): RangeRef | undefined {
    const lower = name.toLowerCase();
    const t = this.wb.tables.find((x) => x.name.toLowerCase() === lower);
    return t ? { sheet: this.wb.sheetById(t.sheetId), box: dataBox(t) } : undefined;
  }

  private tableAt(): TableState | undefined {
    return this.wb.tables.find(
      (t) =>
        t.sheetId === this.self.id &&
        this.row >= t.box.row &&
        this.row < t.box.row + t.box.rowCount &&
        this.column >= t.box.column &&
        this.column < t.box.column + t.box.columnCount,
    );
  }

  structured(tableName: string | undefined, raw: string): RangeRef | string {
    const lower = tableName?.toLowerCase();
    const t = lower === undefined ? this.tableAt() : this.wb.tables.find((x) => x.name.toLowerCase() === lower);
    const spec = parseSpec(raw);
    if (!t || !spec) return '#REF!';
    let column = t.box.column;
    let columnCount = t.box.columnCount;
    if (spec.columns) {
      const names = tableColumnNames(this.wb, t).map((n) => n.toLowerCase());
      const a = names.indexOf(spec.columns[0].toLowerCase());
      const b = names.indexOf(spec.columns[1].toLowerCase());
      if (a < 0 || b < 0) return '#REF!';
      column = t.box.column + Math.min(a, b);
      columnCount = Math.abs(a - b) + 1;
    }
    const rows = this.rows(t, spec.sections);
    if (typeof rows === 'string') return rows;
    return { sheet: this.wb.sheetById(t.sheetId), box: { row: rows.row, rowCount: rows.rowCount, column, columnCount } };
  }

  private rows(t: TableState, sections: Set<string>): Pick<CellBox, 'row' | 'rowCount'> | string {
    const data = dataBox(t);
    if (sections.has('#this row')) {
      if (sections.size > 1) return '#REF!';
      if (t.sheetId !== this.self.id || this.row < data.row || this.row >= data.row + data.rowCount) return '#VALUE!';
      return { row: this.row, rowCount: 1 };
    }
    const all = sections.has('#all');
    const parts: Array<[number, number]> = [];
    if ((all || sections.has('#headers')) && t.showHeaders) parts.push([t.box.row, 1]);
    if (all || sections.has('#data') || sections.size === 0) parts.push([data.row, data.rowCount]);
    if ((all || sections.has('#totals')) && t.showTotals) parts.push([data.row + data.rowCount, 1]);
    const first = parts[0];
    const last = parts[parts.length - 1];
    if (first === undefined || last === undefined) return '#REF!'; // e.g. #Totals without a totals row
    return { row: first[0], rowCount: last[0] + last[1] - first[0] };
  }
}
