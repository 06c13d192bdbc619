/**
 * `Excel.RangeFormat` (`range.format`), `Excel.RangeFont` (`range.format.font`) and `Excel.RangeFill`
 * (`range.format.fill`): navigation properties (the same proxy on every access, made with an Instantiate action
 * like the others), bound to their range's cells. Values live in the sheet's StyleStore (sparse: only cells that were
 * formatted) and its column-width / row-height maps; reading over cells that differ gives null, as Office.js does.
 * `autofitColumns()` / `autofitRows()` are recorded on the sheet (`SheetState.autofits`); columns are fitted to their
 * text (model/column-fit.ts), rows keep their height.
 */

import { MAX_READ_CELLS } from '../batch/payload';
import type { Named, Supported } from './api-shape';
import { SimClientObject } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { AnyProxy, ExecEnv } from './types';
import { invalidArgument, SimError } from '../batch/errors';
import type { RangeBinding } from './bindings';
import type { SheetState } from '../model/sheet-state';
import { autofitColumns } from '../model/column-fit';
import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_ROW_HEIGHT,
  HORIZONTAL_ALIGNMENTS,
  MAX_ROW_HEIGHT,
  normalizeColor,
  uniformOver,
  VERTICAL_ALIGNMENTS,
  type StyleKey,
  type StyleValue,
} from '../model/style-state';

function sheetOf(env: ExecEnv, b: RangeBinding): SheetState {
  return env.state.sheetById(b.sheetId);
}

/**
 * Writes one style property to every cell of the range. Cells are stored one by one, so a range of more than
 * 5,000,000 cells (e.g. whole rows over the whole sheet) is refused rather than filled: not modelled.
 */
function writeStyle(env: ExecEnv, b: RangeBinding, key: StyleKey, value: StyleValue | undefined): void {
  if (b.box.rowCount * b.box.columnCount > MAX_READ_CELLS) {
    throw new SimError(
      'InvalidArgument',
      `The Excel simulation does not model cell formatting (${key}) on more than ${MAX_READ_CELLS} cells at once (the range has ${b.box.rowCount * b.box.columnCount}).`,
    );
  }
  sheetOf(env, b).styles.set(b.box, key, value);
}

function requireBoolean(value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalidArgument();
  return value;
}

function requireNumber(value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) throw invalidArgument();
  return value;
}

function requireOneOf(value: unknown, allowed: readonly string[]): string {
  const found = typeof value === 'string' ? allowed.find((a) => a.toLowerCase() === value.toLowerCase()) : undefined;
  if (found === undefined) throw invalidArgument();
  return found;
}

/** A proxy whose binding is its range's (resolved through the parent proxy). */
abstract class RangePart extends SimClientObject<RangeBinding, WorkbookState> {
  /** Properties read from the style store, by load name. */
  protected abstract readonly styleKeys: Readonly<Record<string, StyleKey>>;

  protected readProperties(env: ExecEnv, b: RangeBinding, select: readonly string[]): Record<string, unknown> {
    const sheet = sheetOf(env, b);
    const out: Record<string, unknown> = {};
    for (const name of select) {
      const key = this.styleKeys[name];
      out[name] = key === undefined ? this.readOther(sheet, b, name) : sheet.styles.read(b.box, key);
    }
    return out;
  }

  protected readOther(_sheet: SheetState, _b: RangeBinding, _name: string): unknown {
    return undefined;
  }

  protected setStyle(name: string, key: StyleKey, value: unknown, check: (v: unknown) => StyleValue): void {
    this.setProperty(name, value, (env, b) => writeStyle(env, b, key, check(value)));
  }
}

const FONT_KEYS: Readonly<Record<string, StyleKey>> = {
  bold: 'bold',
  italic: 'italic',
  color: 'fontColor',
  name: 'fontName',
  size: 'fontSize',
};

export class SimRangeFont extends RangePart implements Supported<Excel.RangeFont, 'bold' | 'italic' | 'color' | 'name' | 'size' | 'load'> {
  protected readonly entityName = 'RangeFont';
  protected readonly scalarNames = ['bold', 'color', 'italic', 'name', 'size'] as const;
  protected readonly styleKeys = FONT_KEYS;

  get bold(): boolean {
    return this.read('bold');
  }
  set bold(value: boolean) {
    this.setStyle('bold', 'bold', value, requireBoolean);
  }
  get italic(): boolean {
    return this.read('italic');
  }
  set italic(value: boolean) {
    this.setStyle('italic', 'italic', value, requireBoolean);
  }
  get color(): string {
    return this.read('color');
  }
  set color(value: string) {
    this.setStyle('color', 'fontColor', value, normalizeColor);
  }
  get name(): string {
    return this.read('name');
  }
  set name(value: string) {
    this.setStyle('name', 'fontName', value, (v) => {
      if (typeof v !== 'string' || v.trim() === '') throw invalidArgument();
      return v;
    });
  }
  get size(): number {
    return this.read('size');
  }
  set size(value: number) {
    this.setStyle('size', 'fontSize', value, (v) => requireNumber(v, 1, 409));
  }
}

export class SimRangeFill extends RangePart implements Supported<Excel.RangeFill, 'color' | 'clear' | 'load'> {
  protected readonly entityName = 'RangeFill';
  protected readonly scalarNames = ['color'] as const;
  protected readonly styleKeys: Readonly<Record<string, StyleKey>> = { color: 'fill' };

  /** `#FFFFFF` where there is no fill (as Excel reports it). */
  get color(): string {
    return this.read('color');
  }
  set color(value: string) {
    this.setStyle('color', 'fill', value, normalizeColor);
  }

  /** Removes the fill (color reads `#FFFFFF` again). */
  clear(): void {
    this.queue('Method', 'clear', [], (env, b) => writeStyle(env, b, 'fill', undefined));
  }
}

const FORMAT_KEYS: Readonly<Record<string, StyleKey>> = {
  horizontalAlignment: 'horizontalAlignment',
  verticalAlignment: 'verticalAlignment',
  wrapText: 'wrapText',
  indentLevel: 'indentLevel',
};

type FormatMembers =
  | 'columnWidth'
  | 'rowHeight'
  | 'horizontalAlignment'
  | 'verticalAlignment'
  | 'wrapText'
  | 'indentLevel'
  | 'autofitColumns'
  | 'autofitRows'
  | 'load';

const FORMAT_NAVIGATION: readonly string[] = ['font', 'fill'];

export class SimRangeFormat
  extends RangePart
  implements Supported<Excel.RangeFormat, FormatMembers>, Named<Excel.RangeFormat, 'font' | 'fill'>
{
  protected readonly entityName = 'RangeFormat';
  protected readonly scalarNames = [
    'columnWidth',
    'horizontalAlignment',
    'indentLevel',
    'rowHeight',
    'verticalAlignment',
    'wrapText',
  ] as const;
  protected override readonly navigationNames = FORMAT_NAVIGATION;
  protected readonly styleKeys = FORMAT_KEYS;
  private fontProxy: SimRangeFont | undefined;
  private fillProxy: SimRangeFill | undefined;

  protected override navigation(name: string): AnyProxy {
    if (name === 'font') return this.font;
    if (name === 'fill') return this.fill;
    return super.navigation(name);
  }

  protected override readOther(sheet: SheetState, b: RangeBinding, name: string): unknown {
    if (name === 'columnWidth') return uniformOver(sheet.columnWidths, b.box.column, b.box.columnCount, DEFAULT_COLUMN_WIDTH);
    if (name === 'rowHeight') return uniformOver(sheet.rowHeights, b.box.row, b.box.rowCount, DEFAULT_ROW_HEIGHT);
    return undefined;
  }

  get font(): SimRangeFont {
    this.fontProxy ??= new SimRangeFont(this.context, `${this.objectPath}.font`, (env) => this.bindIn(env), 'RangeFormat.font');
    return this.fontProxy;
  }
  get fill(): SimRangeFill {
    this.fillProxy ??= new SimRangeFill(this.context, `${this.objectPath}.fill`, (env) => this.bindIn(env), 'RangeFormat.fill');
    return this.fillProxy;
  }

  /** Points; every column of the range gets it. */
  get columnWidth(): number {
    return this.read('columnWidth');
  }
  set columnWidth(value: number) {
    this.setProperty('columnWidth', value, (env, b) => {
      const width = requireNumber(value, 0, Number.MAX_VALUE);
      const widths = sheetOf(env, b).columnWidths;
      for (let c = b.box.column; c < b.box.column + b.box.columnCount; c += 1) widths.set(c, width);
    });
  }
  /** Points (0 to 409); every row of the range gets it. */
  get rowHeight(): number {
    return this.read('rowHeight');
  }
  set rowHeight(value: number) {
    this.setProperty('rowHeight', value, (env, b) => {
      const height = requireNumber(value, 0, MAX_ROW_HEIGHT);
      const heights = sheetOf(env, b).rowHeights;
      for (let r = b.box.row; r < b.box.row + b.box.rowCount; r += 1) heights.set(r, height);
    });
  }
  get horizontalAlignment(): Excel.RangeFormat['horizontalAlignment'] {
    return this.read('horizontalAlignment');
  }
  set horizontalAlignment(value: Excel.RangeFormat['horizontalAlignment']) {
    this.setStyle('horizontalAlignment', 'horizontalAlignment', value, (v) => requireOneOf(v, HORIZONTAL_ALIGNMENTS));
  }
  get verticalAlignment(): Excel.RangeFormat['verticalAlignment'] {
    return this.read('verticalAlignment');
  }
  set verticalAlignment(value: Excel.RangeFormat['verticalAlignment']) {
    this.setStyle('verticalAlignment', 'verticalAlignment', value, (v) => requireOneOf(v, VERTICAL_ALIGNMENTS));
  }
  get wrapText(): boolean {
    return this.read('wrapText');
  }
  set wrapText(value: boolean) {
    this.setStyle('wrapText', 'wrapText', value, requireBoolean);
  }
  /** ExcelApi 1.9: "An integer from 0 to 250 that indicates the indent level." */
  get indentLevel(): number {
    return this.read('indentLevel');
  }
  set indentLevel(value: number) {
    this.setStyle('indentLevel', 'indentLevel', value, (v) => {
      const level = requireNumber(v, 0, 250);
      if (!Number.isInteger(level)) throw invalidArgument('indentLevel');
      return level;
    });
  }

  autofitColumns(): void {
    this.queue('Method', 'autofitColumns', [], (env, b) => {
      const sheet = sheetOf(env, b);
      sheet.autofits.push({ kind: 'columns', box: { ...b.box } });
      const headers = env.state.tables.filter((t) => t.sheetId === sheet.id && t.showHeaders).map((t) => t.box);
      autofitColumns(sheet, b.box, (row, column) =>
        headers.some((h) => h.row === row && column >= h.column && column < h.column + h.columnCount),
      );
    });
  }
  autofitRows(): void {
    this.queue('Method', 'autofitRows', [], (env, b) => {
      sheetOf(env, b).autofits.push({ kind: 'rows', box: { ...b.box } });
    });
  }
}
