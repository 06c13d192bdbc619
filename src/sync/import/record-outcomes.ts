/**
 * Stage 4 of the import, run while the send goes on (not once at its end): each call's rows are marked "not confirmed"
 * in the sheet before the call goes, and take their ids and statuses as soon as the call lands; what was settled
 * without a call (rows waiting with problems, rows not sent) is written at the end. A send cut off anywhere (the pane
 * closed, the sheet failing, the add-in stopped) therefore leaves no row that landed without either its id or the mark
 * that makes the next send read it back before sending it (`check-rows.ts`).
 *
 * Each write reads the table again first and finds each row where it is now: a row sent by its mark (the status is the
 * row's own: the send's time and the row's place when read), the others where they were or, moved meanwhile, by their
 * cells. Rows imported before are not touched. Writes are one at a time (accounts send side by side, the sheet is one).
 */

import type { Language } from '../../i18n/catalog';
import type { ImportOutcome, SendRow } from './import-outcome';
import type { ImportRowUpdate, ImportSheet, ImportSheetRow } from './import-port';
import { importedChangedText, sendingText, statusText } from './status-text';

/** The cells that tell a row (everything but what the add-in writes). */
function fingerprint(row: ImportSheetRow): string {
  const { value_date, amount, purpose, counterpart_name, counterpart_iban, tags, account } = row.cells;
  return JSON.stringify([value_date, amount, purpose, counterpart_name, counterpart_iban, tags, account]);
}

/** Where a row read before the send is now; `changed`: found by its mark, its cells no longer those sent. */
export interface Located {
  position: number;
  changed: boolean;
}

/**
 * Where each row read before the send is now, or undefined when it cannot be told (gone, or edited without a mark):
 * 1. a row with a mark (`marks`, by index) at the one row whose status is that mark, whatever its cells now say: the
 *    user may have corrected a cell while its call was out, and the call sent it as it was;
 * 2. the others at their position when their cells are unchanged there;
 * 3. else at a row with the same cells (moved: sorted, rows inserted above), each row taken once.
 */
export function locateRows(
  before: readonly ImportSheetRow[],
  now: readonly ImportSheetRow[],
  marks: ReadonlyMap<number, string> = new Map(),
): (Located | undefined)[] {
  const located: (Located | undefined)[] = before.map(() => undefined);
  const taken = new Set<number>();
  const take = (index: number, row: ImportSheetRow): void => {
    taken.add(row.position);
    located[index] = { position: row.position, changed: fingerprint(row) !== fingerprint(before[index] as ImportSheetRow) };
  };
  const markTexts = new Set(marks.values());
  const byStatus = groupBy(
    now.filter((row) => markTexts.has(String(row.cells.status ?? ''))),
    (row) => String(row.cells.status ?? ''),
  );
  for (const [index, mark] of marks) {
    const carriers = byStatus.get(mark) ?? [];
    if (carriers.length === 1) take(index, carriers[0] as ImportSheetRow); // two carriers (a row copied): by cells below
  }
  const atPosition = new Map(now.map((row) => [row.position, row]));
  before.forEach((row, index) => {
    const same = atPosition.get(row.position);
    if (located[index] === undefined && same !== undefined && !taken.has(same.position) && fingerprint(same) === fingerprint(row))
      take(index, same);
  });
  const byPrint = groupBy(
    now.filter((row) => !taken.has(row.position)),
    fingerprint,
  );
  before.forEach((row, index) => {
    const moved = located[index] === undefined ? byPrint.get(fingerprint(row))?.shift() : undefined;
    if (moved !== undefined) take(index, moved);
  });
  return located;
}

function groupBy(rows: readonly ImportSheetRow[], key: (row: ImportSheetRow) => string): Map<string, ImportSheetRow[]> {
  const groups = new Map<string, ImportSheetRow[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group === undefined) groups.set(key(row), [row]);
    else group.push(row);
  }
  return groups;
}

/** `HH:MM:SS` of the send's start, in the user's time: what the mark says, and what makes it this send's own. */
function clockTime(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

export class OutcomeRecorder {
  readonly #sheet: ImportSheet;
  readonly #before: readonly ImportSheetRow[];
  readonly #language: Language;
  readonly #time: string;
  /** Outcomes not in their rows yet: a row not found stays here, and each later write looks for it again. */
  readonly #pending = new Map<number, ImportOutcome>();
  readonly #written = new Set<number>();
  /** The mark each row sent carries while its outcome is not written (by the row's index among the rows read). */
  readonly #marks = new Map<number, string>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(sheet: ImportSheet, before: readonly ImportSheetRow[], language: Language, start = new Date()) {
    this.#sheet = sheet;
    this.#before = before;
    this.#language = language;
    this.#time = clockTime(start);
  }

  /**
   * One write into the sheet (after those asked for before it): `outcomes` into their rows, and `toMark` (a call's
   * rows, about to be sent) marked "not confirmed". Resolves with the rows marked: only they may be sent. A row that
   * cannot be found unchanged is not marked, and so not sent (it may have been edited: the next send reads it as it is
   * then); a failing write rejects, and then nothing of `toMark` may be sent.
   */
  write(outcomes: ReadonlyMap<number, ImportOutcome>, toMark: readonly SendRow[] = []): Promise<SendRow[]> {
    const run = this.#queue.then(() => this.#write(outcomes, toMark));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #write(outcomes: ReadonlyMap<number, ImportOutcome>, toMark: readonly SendRow[]): Promise<SendRow[]> {
    for (const [index, outcome] of outcomes) if (outcome.kind !== 'already' && !this.#written.has(index)) this.#pending.set(index, outcome);
    if (this.#pending.size === 0 && toMark.length === 0) return [];
    const { rows: now } = await this.#sheet.read();
    const located = locateRows(this.#before, now, this.#marks);
    const updates: ImportRowUpdate[] = [];
    const written: number[] = [];
    for (const [index, outcome] of this.#pending) {
      const at = located[index];
      if (at === undefined) continue; // not found: its mark (if it was sent) stays, so the next send reads it back
      updates.push(this.#update(at, outcome));
      written.push(index);
    }
    const marks = this.#marksFor(toMark, located);
    for (const { at, mark } of marks) updates.push({ position: at.position, id: null, status: mark, waiting: true });
    updates.sort((a, b) => a.position - b.position);
    if (updates.length > 0) await this.#sheet.write(updates);
    for (const index of written) {
      this.#pending.delete(index);
      this.#marks.delete(index);
      this.#written.add(index);
    }
    for (const { row, mark } of marks) this.#marks.set(row.index, mark);
    return marks.map((m) => m.row);
  }

  /** The mark of each row about to be sent that stands unchanged in the sheet (row numbers as read: one per row). */
  #marksFor(toMark: readonly SendRow[], located: readonly (Located | undefined)[]): { row: SendRow; at: Located; mark: string }[] {
    return toMark.flatMap((row) => {
      const at = located[row.index];
      const read = this.#before[row.index];
      if (at === undefined || at.changed || read === undefined) return [];
      return [{ row, at, mark: sendingText(this.#language, read.position + 1, this.#time) }];
    });
  }

  #update(at: Located, outcome: ImportOutcome): ImportRowUpdate {
    if (outcome.kind !== 'imported') return { position: at.position, id: null, status: statusText(outcome, this.#language), waiting: true };
    // Edited while its call was out: the transaction holds what was sent. The id stays, so it is never sent again.
    const status = at.changed ? importedChangedText(this.#language) : statusText(outcome, this.#language);
    return { position: at.position, id: outcome.id, status, waiting: at.changed };
  }
}
