/**
 * The writers' random-rows property (#30), written once: random cells (`random-cells.ts`) typed into changed rows and
 * into new rows (copies of pulled rows without their keys) of a pulled table, pushed in German, English or Italian.
 * No write carries a body that breaks the spec's input rules, and every row that did not land for what was typed says
 * why, naming its column (`pushedRowProblems`).
 */

import fc from 'fast-check';
import { LANGUAGES, type Language } from '../../../src/i18n/catalog';
import type { MemoryPushSheet, PushChoices, PushResult } from '../../../src/sync/push';
import type { TableModel } from '../../../src/sync/tables';
import type { CoreValue } from '../../../src/sync/workbook-port';
import { pushedRowProblems } from '../../support/row-reasons';
import type { SentRequest } from './push-support';
import { hostileCell } from './random-cells';

export interface RowsHarness {
  model: TableModel<never>;
  sheet: MemoryPushSheet;
  push(choices?: PushChoices): Promise<PushResult>;
  takeWrites(): SentRequest[];
  close(): Promise<void>;
}

export interface RandomRows {
  setUp(language: Language): Promise<RowsHarness>;
  /** What a write's body breaks of the spec's rules. */
  bodyProblems(write: SentRequest): string[];
  /** Columns cleared in a copied row besides the key (a new invoice has no source). */
  clearedInNewRows?: readonly string[];
  /** The cells typed (default `hostileCell`). */
  cells?: fc.Arbitrary<CoreValue>;
  numRuns: number;
  seed: number;
}

interface Edit {
  row: number;
  added: boolean;
  cells: Array<[number, CoreValue]>;
}

const editOf = (cell: fc.Arbitrary<CoreValue>): fc.Arbitrary<Edit> =>
  fc.record({
    row: fc.nat(500),
    added: fc.boolean(),
    cells: fc.array(fc.tuple(fc.nat(100), cell), { minLength: 1, maxLength: 3 }),
  });

function apply(h: RowsHarness, e: Edit, cleared: readonly string[]): void {
  const editable = h.model.columns.filter((c) => c.editable).map((c) => c.key);
  let at = e.row % h.sheet.rows.length;
  if (e.added) {
    at = h.sheet.rows.push({ cells: [...(h.sheet.rows[at]?.cells ?? [])], status: '', highlight: [] }) - 1;
    for (const key of [h.model.keyColumn, ...cleared]) h.sheet.set(at, key, null);
  }
  for (const [column, value] of e.cells) h.sheet.set(at, editable[column % editable.length] ?? h.model.keyColumn, value);
}

export async function assertRandomRows(writer: RandomRows): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.array(editOf(writer.cells ?? hostileCell), { minLength: 1, maxLength: 4 }),
      fc.constantFrom(...LANGUAGES),
      async (edits, language) => {
        const h = await writer.setUp(language);
        try {
          edits.forEach((e) => apply(h, e, writer.clearedInNewRows ?? []));
          const result = await h.push({ deletes: false, wholeRows: true });
          for (const write of h.takeWrites()) {
            const sent = `${write.method} ${write.path} ${JSON.stringify(write.body)}`;
            expect({ sent, problems: writer.bodyProblems(write) }).toEqual({ sent, problems: [] });
          }
          expect(
            pushedRowProblems(
              result.rows,
              h.model.columns.map((c) => c.header),
              language,
            ),
          ).toEqual([]);
        } finally {
          await h.close();
        }
      },
    ),
    { numRuns: writer.numRuns, seed: writer.seed, endOnFailure: true },
  );
}
