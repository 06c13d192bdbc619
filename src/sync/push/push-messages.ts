/**
 * The push's words, for push and undo alike: a translator bound to the user's language, why the service refused a
 * write (its field errors by column), a value as a conflict shows it, and a cell that did not convert.
 */

import { ApiError } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { translate, type MessageParams } from '../../i18n/translate';
import type { TableModel } from '../tables/table-model';

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function translator(language: Language): Translate {
  return (key, params) => translate(language, key, params);
}

/** Why a write failed, in the user's language: the service's detail, and its field errors by column. */
export function reasonOf(error: unknown, t: Translate, columnOf: (field: string) => string): string {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.fieldErrors)
      .map(([field, messages]) => `${field === 'non_field_errors' ? '' : `${columnOf(field)}: `}${messages.join(' ')}`)
      .join(' ');
    const head = error.detail ?? error.message;
    return fields === '' ? head : t('push.status.fieldErrors', { reason: error.status === 400 ? '' : head, fields }).trim();
  }
  return error instanceof Error ? error.message : String(error);
}

/** A value as a conflict's message shows it (a dash for none). */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ');
  return String(value);
}

const CELL_MESSAGES: Readonly<Record<string, MessageKey>> = {
  date: 'push.check.date',
  amount: 'push.check.amount',
  integer: 'push.check.id',
  boolean: 'push.check.boolean',
  number: 'push.check.number',
};

/** The digits an amount takes unless its column says fewer (budgets: 12; invoices: 10, `FieldWriter.maxDigits`). */
const MAX_DIGITS = 12;

/** A cell that did not convert: the check's message for the column's type (an amount's digits as its column takes them). */
export function cellMessage<T>(model: TableModel<T>, header: string, language: Language): string {
  const column = model.columns.find((c) => c.header.toLowerCase() === header.toLowerCase());
  const key = (column === undefined ? undefined : CELL_MESSAGES[column.type]) ?? 'push.check.text';
  const maxDigits = column?.write?.maxDigits ?? MAX_DIGITS;
  return translate(language, key, { column: column?.header ?? header, maxDigits, decimals: column?.key === 'rate' ? 4 : 2 });
}

/**
 * The shared messages that name the row's record ("this budget", "this invoice"): a model words them for its own
 * records (`WriteModel.words`); without, they speak of budgets, the first model.
 */
export type RecordMessage =
  'push.status.deletedOnService' | 'push.status.deleteConflict' | 'push.status.deleteHeld' | 'push.row.duplicateId' | 'push.row.unknownId';
export type RecordWords = Readonly<Record<RecordMessage, MessageKey>>;

/** The key of a shared message as this model words it. */
export function recordKey(model: { words?: RecordWords }, key: RecordMessage): MessageKey {
  return model.words?.[key] ?? key;
}

/** A fresh journal id: the time, a tag (`-undo`) and six random characters. */
export function journalId(at: Date, tag = ''): string {
  return `${at.toISOString()}${tag}-${Math.random().toString(36).slice(2, 8)}`;
}
