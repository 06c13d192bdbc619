/** What the soak did to one table over the run: rows edited, created, deleted, pushes, conflicts, undo outcomes. */

import type { PushRounds } from './push-until-settled';
import type { EditTally } from './table-checks';
import type { UndoRounds } from './undo-cycle';
import type { UserEdits } from './user-edits';

export class TableFigures {
  cycles = 0;
  pulls = 0;
  rowsEdited = 0;
  fieldsEdited = 0;
  created = 0;
  deleted = 0;
  otherUserEdits = 0;
  pushes = 0;
  /** Pushes after the first of a cycle (faults or conflicts left rows waiting). */
  pushesRepeated = 0;
  /** Of those, pushes repeated because rows waited for the faults (not a conflict). */
  faultRepeats = 0;
  conflicts = 0;
  landed = 0;
  pending = 0;
  lost = 0;
  undos = 0;
  readonly undo: Record<string, number> = {};
  /** Why undo rows were not restored, counted by message. */
  readonly undoReasons: Record<string, number> = {};
  /** What went wrong on the way without being a failed check (a pull or push that threw and was tried again). */
  readonly notes: string[] = [];

  constructor(readonly table: string) {}

  typed(edits: UserEdits, otherUserEdits: number): void {
    this.cycles += 1;
    this.rowsEdited += new Set(edits.edits.map((e) => e.key)).size;
    this.fieldsEdited += edits.edits.length;
    this.created += edits.creates.size;
    this.deleted += edits.deletes.length;
    this.otherUserEdits += otherUserEdits;
  }

  pushed(rounds: PushRounds): void {
    this.pushes += rounds.pushes;
    this.pushesRepeated += rounds.pushes - 1;
    this.faultRepeats += rounds.faultRepeats;
    this.conflicts += rounds.conflicts.size;
  }

  tallied(tally: EditTally): void {
    this.landed += tally.landed;
    this.pending += tally.pending;
    this.lost += tally.lost.length;
  }

  undone(rounds: UndoRounds): void {
    this.undos += rounds.undos;
    for (const [outcome, n] of Object.entries(rounds.outcomes)) this.undo[outcome] = (this.undo[outcome] ?? 0) + n;
    for (const [reason, n] of Object.entries(rounds.reasons)) this.undoReasons[reason] = (this.undoReasons[reason] ?? 0) + n;
  }

  note(text: string): void {
    if (this.notes.length < 50) this.notes.push(text);
  }
}
