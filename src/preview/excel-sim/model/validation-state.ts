/**
 * Data validation of cells (`Range.dataValidation`, ExcelApi 1.8), stored per cell and sparsely: only cells with
 * validation have an entry, and cells written together share one immutable record, so a list over a 100,000-row
 * column costs one record and the map's entries. Entries move with their cells on row/column inserts and deletes (as
 * styles do) and are removed by `DataValidation.clear()` and `Range.clear()` of everything.
 *
 * A record holds the rule (only `list` is modelled: a comma-separated source or a reference to cells), whether blank
 * cells are ignored, the prompt and the error alert, with Office.js's defaults (ignoreBlanks true, prompt not shown,
 * alert shown with style Stop). A record that is all defaults with no rule is no validation and is dropped.
 */

import type { CellBox } from './address';
import { SparseCells } from './sparse-cells';

export interface ListSourceRef {
  sheetId: string;
  box: CellBox;
}

export interface StoredListRule {
  inCellDropDown: boolean;
  /** The comma-separated items as written, or a reference to the cells holding them. */
  source: string | ListSourceRef;
}

export interface ValidationPrompt {
  message: string;
  showPrompt: boolean;
  title: string;
}

export type AlertStyle = 'Stop' | 'Warning' | 'Information';

export interface ValidationAlert {
  message: string;
  showAlert: boolean;
  style: AlertStyle;
  title: string;
}

export interface CellValidation {
  /** null: any value (type None), a validation with only a prompt or an alert. */
  list: StoredListRule | null;
  ignoreBlanks: boolean;
  prompt: ValidationPrompt;
  errorAlert: ValidationAlert;
}

export const NO_VALIDATION: Readonly<CellValidation> = Object.freeze({
  list: null,
  ignoreBlanks: true,
  prompt: Object.freeze({ message: '', showPrompt: false, title: '' }),
  errorAlert: Object.freeze({ message: '', showAlert: true, style: 'Stop' as const, title: '' }),
});

const keys = new WeakMap<CellValidation, string>();

/** A text that two records share exactly when they validate alike (memoized per record). */
export function validationKey(record: CellValidation): string {
  let key = keys.get(record);
  if (key === undefined) {
    key = JSON.stringify(record);
    keys.set(record, key);
  }
  return key;
}

const NONE_KEY = validationKey(NO_VALIDATION);

/** What a range's cells hold: one validation for every cell (null: none at all), or different ones. */
export type ValidationOver = { kind: 'uniform'; record: CellValidation | null } | { kind: 'inconsistent' } | { kind: 'mixed' };

export class ValidationStore {
  private readonly cells = new SparseCells<CellValidation>();

  get size(): number {
    return this.cells.size;
  }

  get(row: number, column: number): CellValidation | undefined {
    return this.cells.get(row, column);
  }

  /** Gives every cell of the box `change(its record)`; cells that had the same record share the new one. */
  update(box: CellBox, change: (current: CellValidation) => CellValidation): void {
    const made = new Map<CellValidation, CellValidation | null>();
    const next = (current: CellValidation): CellValidation | null => {
      let record = made.get(current);
      if (record === undefined) {
        const changed = change(current);
        record = validationKey(changed) === NONE_KEY ? null : changed;
        made.set(current, record);
      }
      return record;
    };
    for (let r = box.row; r < box.row + box.rowCount; r += 1) {
      for (let c = box.column; c < box.column + box.columnCount; c += 1) {
        const record = next(this.cells.get(r, c) ?? NO_VALIDATION);
        if (record === null) this.cells.delete(r, c);
        else this.cells.set(r, c, record);
      }
    }
  }

  /** Removes the validation of every cell of the box (DataValidation.clear, Range.clear of everything). */
  clear(box: CellBox): void {
    this.cells.deleteIn(box);
  }

  /** One validation over the box, none, or different ones (`Inconsistent`) or some cells without (`MixedCriteria`). */
  over(box: CellBox): ValidationOver {
    let first: CellValidation | undefined;
    let seen = 0;
    let differ = false;
    this.cells.forEachIn(box, (record) => {
      seen += 1;
      if (first === undefined) first = record;
      else if (record !== first && validationKey(record) !== validationKey(first)) differ = true;
    });
    if (seen === 0) return { kind: 'uniform', record: null };
    if (seen < box.rowCount * box.columnCount) return { kind: 'mixed' };
    return differ ? { kind: 'inconsistent' } : { kind: 'uniform', record: first ?? null };
  }

  /** Every cell with validation in the box, with its record. */
  forEachIn(box: CellBox, visit: (record: CellValidation, row: number, column: number) => void): void {
    this.cells.forEachIn(box, visit);
  }

  /** Moves entries with their cells (see SparseCells.relocate). */
  relocate(to: (row: number, column: number) => [number, number] | null | undefined): void {
    this.cells.relocate(to);
  }

  entries(): Array<[number, number, CellValidation]> {
    return this.cells.entries();
  }

  put(row: number, column: number, record: CellValidation): void {
    this.cells.set(row, column, record);
  }
}

/** The items of a list rule: a comma-separated source split and trimmed (assumption), or the referenced cells' texts. */
export function listItems(rule: StoredListRule, cellTexts: (ref: ListSourceRef) => string[]): string[] {
  if (typeof rule.source !== 'string') return cellTexts(rule.source).filter((text) => text !== '');
  return rule.source
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Whether a value passes the cell's validation: a blank passes when blanks are ignored; a list takes its items,
 * compared as text without regard to case (Excel's list validation is not case-sensitive: "fs" passes a list
 * holding "FS" and is kept as typed).
 */
export function passes(record: CellValidation, text: string, items: () => string[]): boolean {
  if (record.list === null) return true;
  if (text === '') return record.ignoreBlanks;
  const typed = text.toLowerCase();
  return items().some((item) => item.toLowerCase() === typed);
}
