/**
 * Cell formatting other than number formats (Range.format, .font, .fill), stored sparsely: only cells whose
 * formatting was set have an entry, so sheets nobody formats cost nothing and the values/numberFormat hot path
 * never touches this store. Column widths and row heights are kept per column / row, also only when set.
 *
 * Reading a property over a range gives its value when every cell (column, row) has the same one, else null, as
 * Office.js does. Defaults (assumptions where Excel depends on the workbook's theme): Calibri 11, black, not bold
 * or italic, no fill (`#FFFFFF`), horizontal `General`, vertical `Bottom`, no wrapping, no indent, columns 48 points wide
 * (8.43 characters), rows 15 points high.
 */

import type { CellBox } from './address';
import { invalidArgument } from '../batch/errors';

export interface CellStyle {
  bold?: boolean;
  italic?: boolean;
  fontColor?: string;
  fontName?: string;
  fontSize?: number;
  fill?: string;
  horizontalAlignment?: string;
  verticalAlignment?: string;
  wrapText?: boolean;
  indentLevel?: number;
}

export type StyleKey = keyof CellStyle;
export type StyleValue = string | number | boolean;

export const STYLE_DEFAULTS: Readonly<Record<StyleKey, StyleValue>> = {
  bold: false,
  italic: false,
  fontColor: '#000000',
  fontName: 'Calibri',
  fontSize: 11,
  fill: '#FFFFFF',
  horizontalAlignment: 'General',
  verticalAlignment: 'Bottom',
  wrapText: false,
  indentLevel: 0,
};

export const DEFAULT_COLUMN_WIDTH = 48;
export const DEFAULT_ROW_HEIGHT = 15;
/** Excel's largest row height, in points. */
export const MAX_ROW_HEIGHT = 409;

export const HORIZONTAL_ALIGNMENTS: readonly string[] = [
  'General',
  'Left',
  'Center',
  'Right',
  'Fill',
  'Justify',
  'CenterAcrossSelection',
  'Distributed',
];
export const VERTICAL_ALIGNMENTS: readonly string[] = ['Top', 'Center', 'Bottom', 'Justify', 'Distributed'];

const NAMED_COLORS: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#FFFFFF',
  red: '#FF0000',
  lime: '#00FF00',
  green: '#008000',
  blue: '#0000FF',
  yellow: '#FFFF00',
  cyan: '#00FFFF',
  aqua: '#00FFFF',
  magenta: '#FF00FF',
  fuchsia: '#FF00FF',
  silver: '#C0C0C0',
  gray: '#808080',
  grey: '#808080',
  lightgray: '#D3D3D3',
  lightgrey: '#D3D3D3',
  darkgray: '#A9A9A9',
  darkgrey: '#A9A9A9',
  maroon: '#800000',
  olive: '#808000',
  purple: '#800080',
  teal: '#008080',
  navy: '#000080',
  orange: '#FFA500',
  pink: '#FFC0CB',
  brown: '#A52A2A',
  gold: '#FFD700',
  darkblue: '#00008B',
  darkgreen: '#006400',
  darkred: '#8B0000',
  lightblue: '#ADD8E6',
  lightgreen: '#90EE90',
  lightyellow: '#FFFFE0',
};

/**
 * A color as Excel reports it (`#RRGGBB`, upper case), from `#RRGGBB`, `RRGGBB`, `#RGB` or one of the common HTML
 * color names above (a subset of the names Office.js accepts); anything else → InvalidArgument.
 */
export function normalizeColor(value: unknown): string {
  if (typeof value !== 'string') throw invalidArgument();
  const text = value.trim();
  const named = NAMED_COLORS[text.toLowerCase()];
  if (named !== undefined) return named;
  const six = /^#?([0-9a-fA-F]{6})$/.exec(text);
  if (six?.[1] !== undefined) return `#${six[1].toUpperCase()}`;
  const three = /^#([0-9a-fA-F]{3})$/.exec(text);
  if (three?.[1] !== undefined)
    return `#${[...three[1]]
      .map((d) => d + d)
      .join('')
      .toUpperCase()}`;
  throw invalidArgument();
}

/** Same value over every entry of a one-dimensional band (columns or rows), else null; only set entries are stored. */
export function uniformOver(map: ReadonlyMap<number, number>, start: number, count: number, fallback: number): number | null {
  let seen = 0;
  let value: number | undefined;
  const check = (v: number): boolean => {
    if (value === undefined) value = v;
    return value === v;
  };
  if (count <= map.size) {
    for (let i = start; i < start + count; i += 1) if (!check(map.get(i) ?? fallback)) return null;
    return value ?? fallback;
  }
  for (const [i, v] of map) {
    if (i < start || i >= start + count) continue;
    seen += 1;
    if (!check(v)) return null;
  }
  if (seen < count && !check(fallback)) return null;
  return value ?? fallback;
}

export class StyleStore {
  private readonly rows = new Map<number, Map<number, CellStyle>>();
  private count = 0;

  /** Number of cells with a style entry. */
  get size(): number {
    return this.count;
  }

  /** The cell's style entry (undefined: all defaults). A copy. */
  get(row: number, column: number): CellStyle | undefined {
    const style = this.rows.get(row)?.get(column);
    return style === undefined ? undefined : { ...style };
  }

  /** Sets (value) or resets to the default (undefined) one property on every cell of the box. */
  set(box: CellBox, key: StyleKey, value: StyleValue | undefined): void {
    for (let r = box.row; r < box.row + box.rowCount; r += 1) {
      let line = this.rows.get(r);
      if (line === undefined) {
        if (value === undefined) continue;
        line = new Map();
        this.rows.set(r, line);
      }
      for (let c = box.column; c < box.column + box.columnCount; c += 1) {
        let style = line.get(c);
        if (style === undefined) {
          if (value === undefined) continue;
          style = {};
          line.set(c, style);
          this.count += 1;
        }
        if (value === undefined) {
          delete style[key];
          if (Object.keys(style).length === 0) this.drop(line, r, c);
        } else (style as Record<StyleKey, StyleValue>)[key] = value;
      }
    }
  }

  private drop(line: Map<number, CellStyle>, row: number, column: number): void {
    if (line.delete(column)) this.count -= 1;
    if (line.size === 0) this.rows.delete(row);
  }

  /** The property's value when every cell of the box has the same one, else null. Walks the stored cells only. */
  read(box: CellBox, key: StyleKey): StyleValue | null {
    const fallback = STYLE_DEFAULTS[key];
    let value: StyleValue | undefined;
    let seen = 0;
    const lineRows = box.rowCount <= this.rows.size ? rangeKeys(box.row, box.rowCount) : this.rows.keys();
    for (const r of lineRows) {
      if (r < box.row || r >= box.row + box.rowCount) continue;
      const line = this.rows.get(r);
      if (line === undefined) continue;
      for (const [c, style] of line) {
        if (c < box.column || c >= box.column + box.columnCount) continue;
        seen += 1;
        const v = style[key] ?? fallback;
        if (value === undefined) value = v;
        else if (value !== v) return null;
      }
    }
    if (seen < box.rowCount * box.columnCount) {
      if (value !== undefined && value !== fallback) return null;
      return fallback;
    }
    return value ?? fallback;
  }

  /** Every style entry as [row, column, style] (copies), for the workbook's snapshot. */
  entries(): Array<[number, number, CellStyle]> {
    const out: Array<[number, number, CellStyle]> = [];
    for (const [r, line] of this.rows) for (const [c, style] of line) out.push([r, c, { ...style }]);
    return out;
  }

  /** Gives a cell the style entry (a snapshot's restore); an empty style removes the entry. */
  put(row: number, column: number, style: CellStyle): void {
    for (const key of Object.keys(style) as StyleKey[]) this.set({ row, column, rowCount: 1, columnCount: 1 }, key, style[key]);
  }

  /** Removes every style entry of the box (Range.clear of formats). */
  clear(box: CellBox): void {
    if (this.count === 0) return;
    for (const [r, line] of [...this.rows]) {
      if (r < box.row || r >= box.row + box.rowCount) continue;
      for (const c of [...line.keys()]) if (c >= box.column && c < box.column + box.columnCount) this.drop(line, r, c);
    }
  }

  /**
   * Moves style entries with the cells: `to` gives a cell's new position, null to drop it, undefined to leave it.
   * Nothing to do (and no cost) when no cell is styled.
   */
  relocate(to: (row: number, column: number) => [number, number] | null | undefined): void {
    if (this.count === 0) return;
    const moved: Array<[number, number, CellStyle]> = [];
    for (const [r, line] of [...this.rows]) {
      for (const [c, style] of [...line]) {
        const target = to(r, c);
        if (target === undefined) continue;
        this.drop(line, r, c);
        if (target !== null) moved.push([target[0], target[1], style]);
      }
    }
    for (const [r, c, style] of moved) {
      let line = this.rows.get(r);
      if (line === undefined) {
        line = new Map();
        this.rows.set(r, line);
      }
      if (!line.has(c)) this.count += 1;
      line.set(c, style);
    }
  }
}

function* rangeKeys(start: number, count: number): Generator<number> {
  for (let i = start; i < start + count; i += 1) yield i;
}
