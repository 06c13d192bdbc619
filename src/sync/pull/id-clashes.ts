/**
 * Several records under one id on the same page (issue #25 item 12). One page is one answer of the service, so the
 * same record cannot be on it twice: two records with one id there are the service's mistake, not a record that
 * moved while the pull ran (that one comes back on a later page and is dropped silently). Only the first of them
 * goes into the table (rows are matched by id); the pull names the id and how many records shared it.
 */

import type { MessageKey } from '../../i18n/catalog';
import type { CoreValue } from '../workbook-port';

export interface IdClash {
  id: CoreValue;
  /** Records the service sent with this id on one page (at least 2). */
  records: number;
}

/** Ids named one by one in the warnings; the rest are counted. */
const NAMED = 3;

export class IdClashes {
  readonly #records = new Map<CoreValue, number>();
  #extra = 0;

  /** One more record with `id` on a page that had one with it already. */
  add(id: CoreValue): void {
    this.#records.set(id, (this.#records.get(id) ?? 1) + 1);
    this.#extra += 1;
  }

  /** Records left out of the table because an earlier record of their page had their id. */
  get extraRecords(): number {
    return this.#extra;
  }

  list(): IdClash[] {
    return [...this.#records].map(([id, records]) => ({ id, records }));
  }

  /** One warning per id for the first few, then one counting the rest; none without clashes. */
  static warningsOf(
    clashes: readonly IdClash[],
    table: string,
    t: (key: MessageKey, params?: Record<string, string | number>) => string,
  ): string[] {
    const named = clashes.slice(0, NAMED).map((clash) => t('pull.warning.idClash', { table, id: String(clash.id), count: clash.records }));
    const more = clashes.length - named.length;
    return more > 0 ? [...named, t('pull.warning.idClashesMore', { table, count: more })] : named;
  }
}
