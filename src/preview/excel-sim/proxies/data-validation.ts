/**
 * `Excel.DataValidation` (`range.dataValidation`, ExcelApi 1.8; learn.microsoft.com "Excel.DataValidation class" and
 * "Add data validation to Excel ranges"): a navigation property of the range (the same proxy on every access), its
 * values in the sheet's ValidationStore (model/validation-state.ts).
 *
 * - `rule`: only `list` is modelled (`{ list: { inCellDropDown, source } }`, source a comma-separated string, an
 *   `=`-reference such as `=$A$1:$A$3` or `=Names!A1:A3`, or a Range); other kinds fail the sync "not modelled"; more
 *   or fewer than one kind → InvalidArgument (the reference: "No more than one of these properties may be present").
 *   Setting a rule on cells whose validations differ fails with InvalidArgument (office-js #2594 reports it for a
 *   range partly holding a prompt; clear() first). A list source over 255 characters → InvalidArgument (Excel's limit).
 * - `prompt`, `errorAlert`: the fields given replace those of each cell (the others stay); titles over 32 characters,
 *   a prompt message over 255 and an alert message over 225 → InvalidArgument (Excel's Data Validation dialog limits;
 *   assumption that the API refuses them too).
 * - `type` (read): `None`, `List`, `Inconsistent` (different rules), `MixedCriteria` (some cells without validation).
 * - `valid` (read): true when every cell's value passes, false when none does, null when some do.
 * - reading `rule`, `prompt`, `errorAlert` or `ignoreBlanks` over cells that differ gives null (assumption, as formats).
 * - `clear()`. Not modelled: `getInvalidCells()` / `getInvalidCellsOrNullObject()` (they return RangeAreas, ExcelApi
 *   1.9), `set()`.
 *
 * Values written by the API are never checked against the rules (the docs: validation is triggered only when the user
 * enters a value); a user's typing is (`SimulatedWorkbook.typeIntoCell`).
 */

import { MAX_READ_CELLS } from '../batch/payload';
import { SimClientObject } from '../batch/client-object';
import { ERROR_MESSAGES, invalidArgument, SimError } from '../batch/errors';
import { columnLetters, parseLocalAddress, quoteSheetName, splitSheet, type CellBox } from '../model/address';
import type { SheetState } from '../model/sheet-state';
import { referencedTexts, resultText } from '../model/user-entry';
import {
  listItems,
  NO_VALIDATION,
  passes,
  type AlertStyle,
  type CellValidation,
  type StoredListRule,
  type ValidationAlert,
  type ValidationPrompt,
} from '../model/validation-state';
import type { WorkbookState } from '../model/workbook-state';
import type { Supported } from './api-shape';
import type { RangeBinding } from './bindings';
import type { ExecEnv } from './types';

type ValidationMembers = 'rule' | 'type' | 'ignoreBlanks' | 'prompt' | 'errorAlert' | 'valid' | 'clear' | 'load';

export const VALIDATION_LIMITS = { title: 32, prompt: 255, alert: 225, listSource: 255 } as const;
const RULE_KINDS = ['wholeNumber', 'decimal', 'list', 'date', 'time', 'textLength', 'custom'] as const;
const ALERT_STYLES: readonly AlertStyle[] = ['Stop', 'Warning', 'Information'];

function sheetOf(env: ExecEnv, b: RangeBinding): SheetState {
  return env.state.sheetById(b.sheetId);
}

/** `$A$1:$B$3`. */
function absolute(box: CellBox): string {
  const cell = (row: number, column: number) => `$${columnLetters(column)}$${row + 1}`;
  const first = cell(box.row, box.column);
  return box.rowCount === 1 && box.columnCount === 1
    ? first
    : `${first}:${cell(box.row + box.rowCount - 1, box.column + box.columnCount - 1)}`;
}

function requireText(value: unknown, max: number): string {
  if (typeof value !== 'string' || value.length > max) throw invalidArgument();
  return value;
}

function requireBoolean(value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalidArgument();
  return value;
}

function fields(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidArgument();
  return value as Record<string, unknown>;
}

function promptOf(given: Record<string, unknown>, current: ValidationPrompt): ValidationPrompt {
  return {
    message: given.message === undefined ? current.message : requireText(given.message, VALIDATION_LIMITS.prompt),
    showPrompt: given.showPrompt === undefined ? current.showPrompt : requireBoolean(given.showPrompt),
    title: given.title === undefined ? current.title : requireText(given.title, VALIDATION_LIMITS.title),
  };
}

function alertOf(given: Record<string, unknown>, current: ValidationAlert): ValidationAlert {
  const style = given.style === undefined ? current.style : ALERT_STYLES.find((s) => s === given.style);
  if (style === undefined) throw invalidArgument();
  return {
    message: given.message === undefined ? current.message : requireText(given.message, VALIDATION_LIMITS.alert),
    showAlert: given.showAlert === undefined ? current.showAlert : requireBoolean(given.showAlert),
    style,
    title: given.title === undefined ? current.title : requireText(given.title, VALIDATION_LIMITS.title),
  };
}

/** The rule as the API reads it back: a reference source as an `=` address (sheet-qualified when on another sheet). */
function ruleOut(state: WorkbookState, sheetId: string, record: CellValidation): Excel.DataValidationRule {
  if (record.list === null) return {};
  const { source, inCellDropDown } = record.list;
  if (typeof source === 'string') return { list: { inCellDropDown, source } };
  // Its sheet deleted since: Excel's reference becomes #REF!.
  if (!state.sheets.some((s) => s.id === source.sheetId)) return { list: { inCellDropDown, source: '=#REF!' } };
  const prefix = source.sheetId === sheetId ? '' : `${quoteSheetName(state.sheetById(source.sheetId).name)}!`;
  return { list: { inCellDropDown, source: `=${prefix}${absolute(source.box)}` } };
}

export class SimDataValidation
  extends SimClientObject<RangeBinding, WorkbookState>
  implements Supported<Excel.DataValidation, ValidationMembers>
{
  protected readonly entityName = 'DataValidation';
  protected readonly scalarNames = ['errorAlert', 'ignoreBlanks', 'prompt', 'rule', 'type', 'valid'] as const;

  protected readProperties(env: ExecEnv, b: RangeBinding, select: readonly string[]): Record<string, unknown> {
    const sheet = sheetOf(env, b);
    const over = sheet.validations.over(b.box);
    const record = over.kind === 'uniform' ? (over.record ?? NO_VALIDATION) : null;
    const out: Record<string, unknown> = {};
    for (const name of select) {
      if (name === 'type')
        out.type = over.kind === 'inconsistent' ? 'Inconsistent' : over.kind === 'mixed' ? 'MixedCriteria' : record?.list ? 'List' : 'None';
      else if (name === 'valid') out.valid = this.validity(env, sheet, b.box);
      else if (record === null) out[name] = null;
      else if (name === 'rule') out.rule = ruleOut(env.state, b.sheetId, record);
      else if (name === 'ignoreBlanks') out.ignoreBlanks = record.ignoreBlanks;
      else if (name === 'prompt') out.prompt = { ...record.prompt };
      else if (name === 'errorAlert') out.errorAlert = { ...record.errorAlert };
    }
    return out;
  }

  /** true: every cell passes; false: none does; null: some do. Cells without validation pass. */
  private validity(env: ExecEnv, sheet: SheetState, box: CellBox): boolean | null {
    let failing = 0;
    sheet.validations.forEachIn(box, (record, row, column) => {
      if (record.list === null) return;
      const list = record.list;
      if (!passes(record, resultText(sheet, row, column), () => listItems(list, (ref) => referencedTexts(env.state, ref)))) failing += 1;
    });
    if (failing === 0) return true;
    return failing === box.rowCount * box.columnCount ? false : null;
  }

  /** Applies `change` to every cell's record; ranges larger than the cell cap are not modelled (stored per cell). */
  private write(
    name: string,
    value: unknown,
    change: (env: ExecEnv, b: RangeBinding) => (current: CellValidation) => CellValidation,
  ): void {
    this.setProperty(name, value, (env, b) => {
      if (b.box.rowCount * b.box.columnCount > MAX_READ_CELLS) {
        throw new SimError(
          'InvalidArgument',
          `The Excel simulation does not model data validation on more than ${MAX_READ_CELLS} cells at once.`,
        );
      }
      const apply = change(env, b);
      sheetOf(env, b).validations.update(b.box, apply);
    });
  }

  get rule(): Excel.DataValidationRule {
    return this.read('rule');
  }
  set rule(value: Excel.DataValidationRule) {
    this.write('rule', value, (env, b) => {
      const list = this.listRule(env, b, value);
      const over = sheetOf(env, b).validations.over(b.box);
      if (over.kind !== 'uniform') throw new SimError('InvalidArgument', ERROR_MESSAGES.InvalidArgument);
      return (current) => ({ ...current, list });
    });
  }

  private listRule(env: ExecEnv, b: RangeBinding, value: unknown): StoredListRule {
    const rule = fields(value);
    const kinds = RULE_KINDS.filter((kind) => rule[kind] !== undefined && rule[kind] !== null);
    if (kinds.length !== 1) throw invalidArgument();
    if (kinds[0] !== 'list')
      throw new SimError('InvalidArgument', `The Excel simulation does not model data validation rules of type ${kinds[0]} (only list).`);
    const list = fields(rule.list);
    const inCellDropDown = list.inCellDropDown === undefined ? true : requireBoolean(list.inCellDropDown);
    const source = list.source;
    if (source instanceof SimClientObject) {
      if (source.context !== this.context) throw new SimError('InvalidRequestContext', ERROR_MESSAGES.InvalidRequestContext);
      const bound = (source as SimClientObject<RangeBinding, WorkbookState>).bindIn(env);
      if (bound === null) throw invalidArgument();
      return { inCellDropDown, source: { sheetId: bound.sheetId, box: { ...bound.box } } };
    }
    if (typeof source !== 'string' || source.trim() === '' || source.length > VALIDATION_LIMITS.listSource) throw invalidArgument();
    if (!source.startsWith('=')) return { inCellDropDown, source };
    const { sheet, local } = splitSheet(source.slice(1).replace(/\$/g, ''));
    const target = sheet === undefined ? undefined : env.state.sheets.find((s) => s.name.toLowerCase() === sheet.toLowerCase());
    if (sheet !== undefined && target === undefined) throw invalidArgument();
    return { inCellDropDown, source: { sheetId: target?.id ?? b.sheetId, box: parseLocalAddress(local) } };
  }

  get ignoreBlanks(): boolean {
    return this.read('ignoreBlanks');
  }
  set ignoreBlanks(value: boolean) {
    this.write('ignoreBlanks', value, () => {
      const ignore = requireBoolean(value);
      return (current) => ({ ...current, ignoreBlanks: ignore });
    });
  }

  get prompt(): Excel.DataValidationPrompt {
    return this.read('prompt');
  }
  set prompt(value: Excel.DataValidationPrompt) {
    this.write('prompt', value, () => {
      const given = fields(value);
      promptOf(given, NO_VALIDATION.prompt); // checked before any cell changes
      return (current) => ({ ...current, prompt: promptOf(given, current.prompt) });
    });
  }

  get errorAlert(): Excel.DataValidationErrorAlert {
    return this.read('errorAlert');
  }
  set errorAlert(value: Excel.DataValidationErrorAlert) {
    this.write('errorAlert', value, () => {
      const given = fields(value);
      alertOf(given, NO_VALIDATION.errorAlert);
      return (current) => ({ ...current, errorAlert: alertOf(given, current.errorAlert) });
    });
  }

  get type(): Excel.DataValidation['type'] {
    return this.read('type');
  }
  get valid(): boolean {
    return this.read('valid');
  }

  clear(): void {
    this.queue('Method', 'clear', [], (env, b) => sheetOf(env, b).validations.clear(b.box));
  }
}
