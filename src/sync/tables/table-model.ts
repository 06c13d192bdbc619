/**
 * A table model: the columns of one pulled resource, defined once, in the pure core. Each column says how a
 * record becomes a cell value (`read`) and, for columns a later push may send back, which API field a cell
 * becomes (`write`). The Excel host only sees the `TableSpec` derived from it.
 *
 * Headers are the table's column names and never depend on the language, so structured references such as
 * `Transactions[Amount]` survive a template shared between users of different languages.
 */

import type { ColumnCurrency, ColumnSpec, ColumnType, CoreValue, TableSpec } from '../workbook-port';
import type { Language } from '../../i18n/catalog';
import type { CodeChoices } from './code-labels';
import { sheetListItems, type SheetListName } from './lists-sheet';
import type { Lookups } from './lookups';

/** How an edited cell becomes a field of a change for the service (push). */
export interface FieldWriter {
  /** The API field the column writes (`category`, `settlement_date`, ...). */
  field: string;
  /** Cell value (as read back by the port) → field value; default: the core value as it is. */
  parse?(value: CoreValue): unknown;
  /** An amount's digits at most, as the service takes them (a cell that did not convert says so); default 12. */
  maxDigits?: number;
}

/**
 * Which currency an amount column shows: `company` (the company's), `{ account }` (each row's account's, by the key
 * of the column holding the account id), `{ column }` (each row's, by the key of the column holding the code).
 */
export type CurrencySource = 'company' | { account: string } | { column: string };

export interface ModelColumn<R> {
  key: string;
  header: string;
  type: ColumnType;
  numberFormat?: string;
  /** An amount's currency, shown in its number format once the pull knows it (`tableSpec(model, { lookups })`). */
  currency?: CurrencySource;
  /** Editable cells are sent back by a push; the others are refreshed from the service only. */
  editable: boolean;
  read(record: R, lookups: Lookups): CoreValue;
  /** Present exactly when `editable` is true. */
  write?: FieldWriter;
  /** The codes an editable code column accepts (an in-cell list in the workbook); read-only columns have none. */
  choices?: CodeChoices;
  /** The list an editable column's values are picked from, kept on the lists sheet (`lists-sheet.ts`); read-only columns have none. */
  sheetList?: SheetListName;
}

/** What a pull needs besides the resource's own pages, to flatten nested references. */
export type LookupNeed = 'categories' | 'accounts';

export interface TableModel<R> {
  tableName: string;
  sheetName: string;
  /** Top-left cell of a new table (its header row); default `A2`: the row above holds the table's stamp. */
  anchor?: string;
  keyColumn: string;
  columns: readonly ModelColumn<R>[];
  /** True when nothing of the table goes back to the service (e.g. budgets of all plans). */
  readOnly: boolean;
  needs: readonly LookupNeed[];
  /**
   * How the Changes view names a row whose record has no `name` field (a transaction: its counterpart, value date
   * and amount), from the row's cells by column key; default: the `name` field.
   */
  rowLabel?(cell: (key: string) => CoreValue): string;
}

/** What a spec is made with beyond its model: the pull's lookups and language. */
export interface SpecContext {
  /** With them, amounts carry their currencies (the company's, each account's); without, the plain amount format. */
  lookups?: Lookups;
  /** The language of the words written beside the cells (the in-cell lists' prompts and alerts). */
  language?: Language;
}

/** The host's view of the model: what the port writes, or (without context) what it reads a table back with. */
export function tableSpec<R>(model: TableModel<R>, context: SpecContext = {}): TableSpec {
  const { lookups, language } = context;
  const columns: ColumnSpec[] = model.columns.map((c) => {
    const currency = c.currency === undefined || lookups === undefined ? undefined : columnCurrency(c.currency, lookups);
    return {
      key: c.key,
      header: c.header,
      type: c.type,
      ...(c.numberFormat === undefined ? {} : { numberFormat: c.numberFormat }),
      ...(currency === undefined ? {} : { currency }),
      // A list only where a push reads the cell: a read-only table (all plans' budgets) gets none.
      ...(c.choices === undefined || !c.editable || model.readOnly ? {} : { choices: c.choices }),
      // The list's items come with the pull's lookups; a spec made without them (a read back, a template) has none.
      ...(c.sheetList === undefined || !c.editable || model.readOnly || lookups === undefined
        ? {}
        : { sheetList: { name: c.sheetList, items: sheetListItems(c.sheetList, lookups) } }),
    };
  });
  return {
    tableName: model.tableName,
    sheetName: model.sheetName,
    columns,
    keyColumn: model.keyColumn,
    anchor: model.anchor ?? TABLE_ANCHOR,
    ...(language === undefined ? {} : { language }),
  };
}

/** Where a new table's header goes: row 1 above it holds the table's stamp (src/sync/pull/table-stamp.ts). */
export const TABLE_ANCHOR = 'A2';

function columnCurrency(source: CurrencySource, lookups: Lookups): ColumnCurrency | undefined {
  if (source === 'company') {
    const code = lookups.companyCurrency();
    return code === undefined ? undefined : { code };
  }
  return 'account' in source ? { byColumn: source.account, codes: lookups.accountCurrencies() } : { byColumn: source.column };
}

/** One record as a row in column order. */
export function toRow<R>(model: TableModel<R>, record: R, lookups: Lookups): CoreValue[] {
  const columns = model.columns;
  const row = new Array<CoreValue>(columns.length);
  for (let i = 0; i < columns.length; i += 1) row[i] = (columns[i] as ModelColumn<R>).read(record, lookups);
  return row;
}

export function columnIndex<R>(model: TableModel<R>, key: string): number {
  const index = model.columns.findIndex((c) => c.key === key);
  if (index < 0) throw new Error(`Table ${model.tableName} has no column ${key}`);
  return index;
}

/**
 * The editable fields of one row (pulled columns in model order), as a push would send them:
 * `{ id, category: 12, ... }`. Read-only columns are ignored; a read-only model yields only the key.
 */
export function rowToFields<R>(model: TableModel<R>, row: readonly CoreValue[]): Record<string, unknown> {
  const key = row[columnIndex(model, model.keyColumn)] ?? null;
  const fields: Record<string, unknown> = { [model.keyColumn]: key };
  if (model.readOnly) return fields;
  model.columns.forEach((column, i) => {
    if (!column.editable || column.write === undefined) return;
    const value = row[i] ?? null;
    fields[column.write.field] = column.write.parse ? column.write.parse(value) : value;
  });
  return fields;
}

/** A copy of the model with every column read-only (for tables nothing is pushed from). */
export function readOnlyColumns<R>(columns: readonly ModelColumn<R>[]): ModelColumn<R>[] {
  return columns.map(({ write: _write, choices: _choices, sheetList: _sheetList, ...column }) => ({ ...column, editable: false }));
}

// ---- column helpers: keep the model files declarative ----

type Read<R> = (record: R, lookups: Lookups) => CoreValue;
interface ColumnOptions {
  editable?: boolean | string;
  numberFormat?: string;
  currency?: CurrencySource;
  parse?: (value: CoreValue) => unknown;
  /** The codes the (editable) column accepts: `codeChoices('budgetBase', false)`. */
  choices?: CodeChoices;
  /** The list on the lists sheet the (editable) column's values are picked from: `'categories'`. */
  sheetList?: SheetListName;
  /** An (editable) amount's digits at most, where the service takes fewer than 12 (invoices: 10). */
  maxDigits?: number;
}

/**
 * `column('amount', 'Amount', 'amount', (r) => r.amount, { editable: true })`. `editable: true` writes the
 * field named like the key; a string names another field.
 */
export function column<R>(key: string, header: string, type: ColumnType, read: Read<R>, options: ColumnOptions = {}): ModelColumn<R> {
  const editable = options.editable !== undefined && options.editable !== false;
  const field = typeof options.editable === 'string' ? options.editable : key;
  return {
    key,
    header,
    type,
    read,
    editable,
    ...(options.numberFormat === undefined ? {} : { numberFormat: options.numberFormat }),
    ...(options.currency === undefined ? {} : { currency: options.currency }),
    ...(editable ? { write: fieldWriter(field, options) } : {}),
    ...(editable && options.choices !== undefined ? { choices: options.choices } : {}),
    ...(editable && options.sheetList !== undefined ? { sheetList: options.sheetList } : {}),
  };
}

function fieldWriter(field: string, options: ColumnOptions): FieldWriter {
  return {
    field,
    ...(options.parse === undefined ? {} : { parse: options.parse }),
    ...(options.maxDigits === undefined ? {} : { maxDigits: options.maxDigits }),
  };
}

/** Tags and other lists as one text cell: `a, b`. Empty list or null → empty cell. */
export function joinList(values: readonly (string | number)[] | null | undefined): CoreValue {
  if (values === null || values === undefined || values.length === 0) return null;
  return values.join(', ');
}

/** The cell text of a list back to a list: `a, b` → `['a', 'b']`; empty → `[]`. */
export function splitList(value: CoreValue): string[] {
  if (value === null || value === '') return [];
  return String(value)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Empty text cells mean the empty string for text fields of the service. */
export function textField(value: CoreValue): string {
  return value === null ? '' : String(value);
}
