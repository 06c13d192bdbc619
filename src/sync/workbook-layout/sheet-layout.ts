/**
 * A sheet the add-in lays out itself (the template's Overview and Start here sheets), described cell by cell so
 * every host writes the same thing: values, formulas in Excel's own form (`=CASHFLOW.BALANCE()`, the host turns it
 * into its file form), and a style per cell that the host maps to fonts, fills and number formats. Rows and columns
 * count from 1.
 */

export type CellStyle =
  /** The sheet's title: large, bold. */
  | 'title'
  /** A line of explanation: italic, grey, never wrapped into the cells to its right. */
  | 'note'
  /** A section's heading: bold. */
  | 'section'
  /** A row's label. */
  | 'label'
  /** A column heading of a grid: bold, bottom border. */
  | 'header'
  /** The heading of a column of figures: as `header`, right-aligned over the numbers. */
  | 'figureHeader'
  /** A month as a grid's column heading: a date shown as "Jan 2026", bold, bottom border. */
  | 'month'
  /** An amount: the amount format, in the company currency when the host knows it. */
  | 'amount'
  /** A cell the user is meant to change (the year): the add-in's input style. */
  | 'input'
  /** A paragraph of text: wrapped in its cell. */
  | 'paragraph';

export type LayoutValue = string | number | { formula: string };

export interface LayoutCell {
  row: number;
  column: number;
  value: LayoutValue;
  style: CellStyle;
}

export interface SheetLayout {
  name: string;
  cells: LayoutCell[];
  /** Column widths in characters, by column number. */
  widths: ReadonlyMap<number, number>;
  /** Rows kept on screen at the top. */
  frozenRows?: number;
  /** Printed across (landscape) rather than down; either way one page wide. */
  landscape?: boolean;
}

/** A formula in Excel's own form: `formula('CASHFLOW.BALANCE()')` is `=CASHFLOW.BALANCE()`. */
export function formula(text: string): { formula: string } {
  return { formula: text };
}

/** The column letters of columns 1 to 26 (the layouts here never go further). */
export function columnLetter(column: number): string {
  if (!Number.isInteger(column) || column < 1 || column > 26) throw new RangeError(`column ${column} is outside A:Z`);
  return String.fromCharCode(64 + column);
}
