/**
 * The stamps of a pull's tables, written through the port after the tables themselves (#26): one line above each
 * (`tableStamp`), the same filter, time and verdict for all of them. A stamp that cannot be written (the cell above
 * holds the user's text, or the write fails) never fails the pull: the table is in, and what the pull state
 * remembers as the add-in's stamp is only what is there.
 */

import type { Language } from '../../i18n/catalog';
import type { TableFilter } from '../filters/table-filter';
import type { WorkbookPort } from '../workbook-port';
import { tableStamp } from './table-stamp';

export interface StampedTable {
  tableName: string;
  /** Its name as the user knows it (the card's, "Balance summary"). */
  label: string;
  rowCount: number;
  /** The table's address as its write answered it (`WriteResult.address`). */
  address?: string;
}

export interface PullFacts {
  company?: string;
  filter: TableFilter;
  refreshedAt: string;
  complete: boolean;
  warnings: readonly string[];
}

export interface StampRequest {
  port: WorkbookPort;
  tables: readonly StampedTable[];
  facts: PullFacts;
  language: Language;
  /** The stamps the last pull of this table wrote (its pull state): a cell still holding one is the add-in's. */
  previous?: Readonly<Record<string, string>>;
}

/** Writes each table's stamp; answers the stamps that now stand above them (table name → text). */
export async function writeStamps({ port, tables, facts, language, previous = {} }: StampRequest): Promise<Record<string, string>> {
  const stamps: Record<string, string> = {};
  for (const table of tables) {
    const text = tableStamp({ ...facts, label: table.label, rowCount: table.rowCount }, language);
    const before = previous[table.tableName];
    try {
      const stamp = {
        text,
        ...(before === undefined ? {} : { previous: before }),
        ...(table.address === undefined ? {} : { tableAddress: table.address }),
      };
      const result = await port.writeStamp(table.tableName, stamp);
      if (result.written) stamps[table.tableName] = text;
    } catch {
      // The cell may still hold the previous stamp: it stays the add-in's.
      if (before !== undefined) stamps[table.tableName] = before;
    }
  }
  return stamps;
}
