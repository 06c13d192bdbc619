/**
 * Texts longer than an Excel cell holds, cut as they pass into the table (`cutForCell` of ../cell-text-limit.ts),
 * and the record and column of each, for the pull's result and warnings (issue #25 item 11). A text that a table
 * read back already holds cut (an incremental refresh keeps rows of earlier pulls) is named again, so the warning
 * stays as long as the cut text does.
 */

import type { MessageKey } from '../../i18n/catalog';
import { CUT_TEXT_MARK, cutForCell, isCutText } from '../cell-text-limit';
import type { TableModel } from '../tables';
import type { CoreValue } from '../workbook-port';
import type { Row } from './rows';

/** One cut text: the record's key (`id`), the column's key (the API field) and header, the service's length. */
export interface TextCut {
  id: CoreValue;
  field: string;
  column: string;
  /** Characters the service sent; absent for a text that was already cut in the table read back. */
  length?: number;
}

/** Cut texts named one by one in the warnings; the rest are counted. */
const NAMED = 3;

export class TextCuts {
  readonly #textColumns: readonly { index: number; field: string; column: string }[];
  readonly #keyIndex: number;
  readonly #cuts: TextCut[] = [];

  constructor(model: TableModel<unknown>) {
    this.#textColumns = model.columns.flatMap((c, index) => (c.type === 'text' ? [{ index, field: c.key, column: c.header }] : []));
    this.#keyIndex = model.columns.findIndex((c) => c.key === model.keyColumn);
  }

  /** Cuts the row's over-long texts in place and notes them (and texts already cut). */
  visit(row: Row): void {
    for (const { index, field, column } of this.#textColumns) {
      const value = row[index];
      if (typeof value !== 'string' || value.length < CUT_TEXT_MARK.length) continue;
      const { text, cut } = cutForCell(value);
      if (cut) {
        row[index] = text;
        this.#cuts.push({ id: row[this.#keyIndex] ?? null, field, column, length: value.length });
      } else if (isCutText(value)) {
        this.#cuts.push({ id: row[this.#keyIndex] ?? null, field, column });
      }
    }
  }

  /** Notes a text an earlier pull cut, in a row this pull leaves as it is (a patched refresh does not read it back). */
  keep(cut: TextCut): void {
    const { id, field, column } = cut;
    this.#cuts.push({ id, field, column });
  }

  list(): TextCut[] {
    return [...this.#cuts];
  }

  /** One warning per cut text for the first few, then one counting the rest; none when nothing was cut. */
  warnings(table: string, t: (key: MessageKey, params?: Record<string, string | number>) => string): string[] {
    const named = this.#cuts
      .slice(0, NAMED)
      .map((cut) => t('pull.warning.textCut', { table, column: cut.column, id: String(cut.id), mark: CUT_TEXT_MARK }));
    const more = this.#cuts.length - named.length;
    return more > 0 ? [...named, t('pull.warning.textsCutMore', { table, count: more })] : named;
  }
}
