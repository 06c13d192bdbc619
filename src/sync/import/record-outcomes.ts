/**
 * Stage 4 of the import: each row's outcome into its row (the transaction's id, the status). The table is read again
 * first and each row found where it was (or, moved meanwhile, by its cells), so a row the user sorted away during a
 * send still gets its own id; a row that cannot be found any more is left alone. Rows imported before are not
 * touched.
 */

import type { Language } from '../../i18n/catalog';
import type { ImportOutcome } from './import-outcome';
import type { ImportRowUpdate, ImportSheet, ImportSheetRow } from './import-port';
import { statusText } from './status-text';

/** The cells that tell a row (everything but what the add-in writes). */
function fingerprint(row: ImportSheetRow): string {
  const { value_date, amount, purpose, counterpart_name, counterpart_iban, tags, account } = row.cells;
  return JSON.stringify([value_date, amount, purpose, counterpart_name, counterpart_iban, tags, account]);
}

/** Where each row read before the send is now: its position, or undefined when it is gone. */
export function locateRows(before: readonly ImportSheetRow[], now: readonly ImportSheetRow[]): (number | undefined)[] {
  const atPosition = new Map(now.map((row) => [row.position, row]));
  const byPrint = new Map<string, number[]>();
  const taken = new Set<number>();
  before.forEach((row) => {
    const same = atPosition.get(row.position);
    if (same !== undefined && fingerprint(same) === fingerprint(row)) taken.add(row.position);
  });
  for (const row of now)
    if (!taken.has(row.position)) byPrint.set(fingerprint(row), [...(byPrint.get(fingerprint(row)) ?? []), row.position]);
  return before.map((row) => {
    const same = atPosition.get(row.position);
    if (same !== undefined && fingerprint(same) === fingerprint(row)) return row.position;
    return byPrint.get(fingerprint(row))?.shift();
  });
}

export async function recordOutcomes(
  sheet: ImportSheet,
  before: readonly ImportSheetRow[],
  outcomes: ReadonlyMap<number, ImportOutcome>,
  language: Language,
): Promise<void> {
  const { rows: now } = await sheet.read();
  const positions = locateRows(before, now);
  const updates: ImportRowUpdate[] = [];
  for (const [index, outcome] of outcomes) {
    const position = positions[index];
    if (position === undefined || outcome.kind === 'already') continue;
    const imported = outcome.kind === 'imported';
    updates.push({ position, id: imported ? outcome.id : null, status: statusText(outcome, language), waiting: !imported });
  }
  updates.sort((a, b) => a.position - b.position);
  if (updates.length > 0) await sheet.write(updates);
}
