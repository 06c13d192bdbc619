/** The workbook the simulation holds: sheets in tab order, tables, application settings, document settings. Pure state, no batching. */

import { intersect } from './address';
import type { Evaluation } from './cell';
import { invalidArgument, invalidOperation, itemAlreadyExists, itemNotFound } from '../batch/errors';
import { SettingsStore } from './settings-state';
import { SheetState, type Visibility } from './sheet-state';
import type { ChartState, PivotState, TableState } from './types';
import { WorksheetEvents } from './worksheet-events';
import { SelectionEvents } from './selection-events';

export type CalculationModeValue = 'Automatic' | 'AutomaticExceptTables' | 'Manual';
export type CalculationTypeValue = 'Recalculate' | 'Full' | 'FullRebuild';

/**
 * The formula engine the workbook is handed (formula/engine.ts implements it; simulated-workbook.ts passes it
 * in). The model keeps formulas as text and asks the engine for their results and their R1C1 form, so it imports
 * nothing of formula/; the engine reads the workbook's sheets and tables through this state.
 */
export interface FormulaEngine {
  /** The result of `formula` in the cell (row, column) of `sheet`: one value, or an array that spills. */
  evaluate(formula: string, workbook: WorkbookState, sheet: SheetState, row: number, column: number): Evaluation;
  toR1C1(formula: string, row: number, column: number): string;
  fromR1C1(formula: string, row: number, column: number): string;
  /** A formula was written into a cell (by a batch: the engine may calculate it once the batch is done). */
  formulaWritten?(sheet: SheetState, row: number, column: number, formula: string): void;
  /** Cells of a sheet moved (row/column inserts and deletes). */
  cellsMoved?(sheet: SheetState): void;
  /** `Application.calculate`: what the engine keeps of earlier calculations is dropped as the type says. */
  calculate?(type: CalculationTypeValue): void;
}

const MAX_SHEET_NAME = 31;

export function checkSheetName(name: string): void {
  if (
    name.length === 0 ||
    name.length > MAX_SHEET_NAME ||
    /[[\]:*?/\\]/.test(name) ||
    name.startsWith("'") ||
    name.endsWith("'") ||
    name.toLowerCase() === 'history'
  ) {
    throw invalidArgument();
  }
}

export class WorkbookState {
  readonly sheets: SheetState[] = [];
  readonly tables: TableState[] = [];
  readonly pivots: PivotState[] = [];
  readonly charts: ChartState[] = [];
  activeSheetId = '';
  private mode: CalculationModeValue = 'Automatic';
  private nextId = 1;

  readonly settings: SettingsStore;
  /** Handlers of the changed events and the edits they are yet to be told of (model/worksheet-events.ts). */
  readonly events = new WorksheetEvents();
  readonly selections = new SelectionEvents();

  constructor(
    readonly currentYear: number,
    private readonly engine: FormulaEngine,
    settingsLimitBytes?: number,
  ) {
    this.settings = new SettingsStore(settingsLimitBytes);
  }

  /** The counter behind newId: a snapshot keeps it, so ids made after a restore stay unique. */
  get idCounter(): number {
    return this.nextId;
  }

  set idCounter(value: number) {
    this.nextId = Math.max(this.nextId, value);
  }

  newId(prefix: string): string {
    const id = `{${prefix}-${String(this.nextId).padStart(8, '0')}}`;
    this.nextId += 1;
    return id;
  }

  findSheet(key: string): SheetState | undefined {
    const lower = key.toLowerCase();
    return this.sheets.find((s) => s.id === key || s.name.toLowerCase() === lower);
  }

  sheet(key: string): SheetState {
    const sheet = this.findSheet(key);
    if (!sheet) throw itemNotFound();
    return sheet;
  }

  sheetById(id: string): SheetState {
    const sheet = this.sheets.find((s) => s.id === id);
    if (!sheet) throw itemNotFound();
    return sheet;
  }

  addSheet(name?: string): SheetState {
    let finalName = name;
    if (finalName === undefined || finalName === null) {
      let n = this.sheets.length + 1;
      while (this.findSheet(`Sheet${n}`)) n += 1;
      finalName = `Sheet${n}`;
    }
    checkSheetName(finalName);
    if (this.findSheet(finalName)) throw itemAlreadyExists();
    const sheet = this.makeSheet(this.newId('sheet'), finalName, 'Visible');
    if (this.activeSheetId === '') this.activeSheetId = sheet.id;
    return sheet;
  }

  /** Appends a sheet as a snapshot recorded it (its id, name and visibility kept; no name rules checked). */
  restoreSheet(id: string, name: string, visibility: Visibility): SheetState {
    return this.makeSheet(id, name, visibility);
  }

  private makeSheet(id: string, name: string, visibility: Visibility): SheetState {
    const engine = this.engine;
    const sheet: SheetState = new SheetState(
      id,
      name,
      {
        evaluate: (formula, row, column) => engine.evaluate(formula, this, sheet, row, column),
        toR1C1: (formula, row, column) => engine.toR1C1(formula, row, column),
        fromR1C1: (formula, row, column) => engine.fromR1C1(formula, row, column),
        overlapsTable: (box) => this.tables.some((t) => t.sheetId === sheet.id && intersect(t.box, box) !== null),
        formulaWritten: (row, column, formula) => engine.formulaWritten?.(sheet, row, column, formula),
        cellsMoved: () => engine.cellsMoved?.(sheet),
      },
      visibility,
    );
    this.sheets.push(sheet);
    return sheet;
  }

  renameSheet(sheet: SheetState, name: string): void {
    checkSheetName(name);
    const other = this.findSheet(name);
    if (other && other !== sheet) throw itemAlreadyExists();
    sheet.name = name;
  }

  private visibleCount(except?: SheetState): number {
    return this.sheets.filter((s) => s !== except && s.visibility === 'Visible').length;
  }

  setVisibility(sheet: SheetState, visibility: Visibility): void {
    if (!['Visible', 'Hidden', 'VeryHidden'].includes(visibility)) throw invalidArgument();
    if (visibility !== 'Visible' && this.visibleCount(sheet) === 0) {
      throw invalidOperation('A workbook must contain at least one visible worksheet.');
    }
    sheet.visibility = visibility;
    if (visibility !== 'Visible' && this.activeSheetId === sheet.id) {
      this.activeSheetId = this.sheets.find((s) => s.visibility === 'Visible')?.id ?? this.activeSheetId;
    }
  }

  setPosition(sheet: SheetState, position: number): void {
    if (!Number.isInteger(position) || position < 0 || position >= this.sheets.length) throw invalidArgument();
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    this.sheets.splice(position, 0, sheet);
  }

  deleteSheet(sheet: SheetState): void {
    // Worksheet.delete reference: "if the worksheet's visibility is set to VeryHidden, the delete operation will
    // fail with an InvalidOperation exception".
    if (sheet.visibility === 'VeryHidden') throw invalidOperation();
    if (sheet.visibility === 'Visible' && this.visibleCount(sheet) === 0) {
      throw invalidOperation('A workbook must contain at least one visible worksheet.');
    }
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    for (let i = this.tables.length - 1; i >= 0; i -= 1) {
      if (this.tables[i]?.sheetId === sheet.id) this.tables.splice(i, 1);
    }
    // PivotTables and charts on the sheet go with it.
    for (const list of [this.pivots, this.charts]) {
      for (let i = list.length - 1; i >= 0; i -= 1) if (list[i]?.sheetId === sheet.id) list.splice(i, 1);
    }
    if (this.activeSheetId === sheet.id) {
      this.activeSheetId = this.sheets.find((s) => s.visibility === 'Visible')?.id ?? '';
    }
  }

  /**
   * `Application.calculationMode`. Manual, as in Excel, stops recalculation: every formula keeps the value it had
   * when the mode was set (a formula read then shows it, though its inputs change) until `calculate` or a mode that
   * recalculates again. A formula entered or changed meanwhile is worked out when read (Excel calculates a formula
   * as it is entered); a spilling formula stays live.
   */
  get calculationMode(): CalculationModeValue {
    return this.mode;
  }
  set calculationMode(mode: CalculationModeValue) {
    const before = this.mode;
    this.mode = mode;
    if (mode === 'Manual' && before !== 'Manual') for (const sheet of this.sheets) sheet.freezeFormulas();
    if (mode !== 'Manual' && before === 'Manual') for (const sheet of this.sheets) sheet.thawFormulas();
  }

  /** `Application.calculate(type)` (the type is checked by the caller); in Manual mode it refreshes the kept values. */
  calculate(type: CalculationTypeValue): void {
    if (this.mode === 'Manual')
      for (const sheet of this.sheets) {
        sheet.thawFormulas();
        sheet.freezeFormulas();
      }
    this.engine.calculate?.(type);
  }

  activate(sheet: SheetState): void {
    if (sheet.visibility !== 'Visible') throw invalidOperation();
    this.activeSheetId = sheet.id;
  }
}
