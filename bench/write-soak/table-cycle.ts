/**
 * One cycle of one table, as named steps: pull (with its baseline) → the sheet equals the service → the user's edits
 * → the other user's edits on the same rows and others → push until nothing waits → the service equals the ledger,
 * no edit lost, the sheet equals the service → undo → the same checks against the ledger after the undo.
 */

import type { Category } from '../../src/api';
import type { WriteModel } from '../../src/sync/push';
import { changedFields, compare, expectAfterPush, expectAfterUndo, type Expected, type Mismatch } from './ledger';
import { otherUserEdits } from './other-user';
import { pushUntilSettled } from './push-until-settled';
import type { SoakSandbox } from './soak-sandbox';
import { serviceRows, type SoakTable } from './soak-tables';
import type { SoakWorkbook } from './soak-workbook';
import { sheetAgainstService, sheetRows, tallyEdits } from './table-checks';
import { TableFigures } from './table-figures';
import { undoCycle } from './undo-cycle';
import { drawEdits, typeEdits } from './user-edits';

export interface CycleContext {
  soak: SoakSandbox;
  wb: SoakWorkbook;
  companyId: number;
  cycle: number;
  seed: number;
  random: () => number;
  today: string;
  categories: readonly Category[];
  /** The soak's problems: each names its table, row and field. */
  problems: string[];
  /** Tests: a WriteModel made wrong on purpose, to prove the checks can fail. */
  wrapWriteModel?: (model: WriteModel<unknown>) => WriteModel<unknown>;
}

/** Runs the cycle; returns the ledger of the table after it (the service must hold exactly that until the next). */
export async function tableCycle(context: CycleContext, table: SoakTable, figures: TableFigures): Promise<Expected | undefined> {
  const { soak, wb, cycle } = context;
  const store = soak.sandbox.store;
  const service = () => serviceRows(table, store, context.companyId);
  if (!(await pullTable(context, table, figures))) return undefined;
  report(context, `${table.name} after the pull: the sheet`, sheetAgainstService(service(), await sheetRows(wb, table)));
  // The user's edits, then the other user's.
  const base = service();
  const before = [...(await wb.sheet.read(table.pushable.model)).rows];
  const edits = drawEdits(table, before, context);
  await typeEdits(wb.sheet, table, before, edits);
  const ids = new Map([...base.values()].map((r) => [r.key, r.id ?? -1]));
  const soakEdits = edits.edits.map((e) => ({ ...e, id: ids.get(e.key) ?? -1 }));
  const touched = new Set([...edits.edits.map((e) => e.key), ...edits.deletes]);
  const others = [...base.values()].filter((r) => !touched.has(r.key) && r.id !== null).map((r) => r.id as number);
  const otherEdits = otherUserEdits(store, table, soakEdits, shuffled(others, context.random), context.random, context.today);
  const theirs = service();
  const changedByOther = changedFields(base, theirs);
  const expected = expectAfterPush(theirs, changedByOther, edits);
  figures.typed(edits, otherEdits.length);
  // Push until nothing waits, then check.
  const writeModel = context.wrapWriteModel?.(table.pushable.writeModel) ?? table.pushable.writeModel;
  const rounds = await pushUntilSettled(wb, soak, writeModel, table.kind, `cycle ${cycle} ${table.name} push`);
  figures.pushed(rounds);
  for (const row of rounds.waiting)
    context.problems.push(`${table.name} ${row.key}: still waiting after ${rounds.pushes} pushes: ${row.message}`);
  for (const thrown of rounds.thrown) figures.note(`push threw: ${thrown}`);
  const afterPush = service();
  const sheetAfterPush = await sheetRows(wb, table);
  const tally = tallyEdits(table, edits, changedByOther, afterPush, sheetAfterPush);
  figures.tallied(tally);
  context.problems.push(...tally.lost.map((l) => `lost: ${l}`));
  report(context, `${table.name} after the push: the service`, compare(expected, afterPush));
  // The rows the pushes wrote back: a row whose edit equals what it was is not sent, and keeps what the pull wrote.
  const written = new Set(rounds.history.keys());
  const history = (key: string) => (rounds.history.get(key) ?? []).join(' → ');
  report(context, `${table.name} after the push: the sheet`, sheetAgainstService(afterPush, sheetAfterPush, written), history);
  // Undo what the cycle pushed, then check again.
  const undone = await undoCycle(wb, soak, writeModel, rounds.journalIds, `cycle ${cycle} ${table.name} undo`);
  figures.undone(undone);
  for (const thrown of undone.thrown) figures.note(`undo threw: ${thrown}`);
  const afterUndo = expectAfterUndo(expected, theirs, undone.undone, table.kind);
  const serviceAfterUndo = service();
  report(context, `${table.name} after the undo: the service`, compare(afterUndo, serviceAfterUndo));
  report(context, `${table.name} after the undo: the sheet`, sheetAgainstService(serviceAfterUndo, await sheetRows(wb, table), written));
  return afterUndo;
}

/** The pull, tried again (at most three times) if the service stays down for a pull's whole retry budget. */
async function pullTable(context: CycleContext, table: SoakTable, figures: TableFigures): Promise<boolean> {
  context.soak.phase(`cycle ${context.cycle} ${table.name} pull`);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      await context.wb.puller.pull(table.target);
      figures.pulls += 1;
      return true;
    } catch (error) {
      figures.note(`pull failed (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  context.problems.push(`${table.name}: the pull failed three times in cycle ${context.cycle}`);
  return false;
}

/** Mismatches as problems, each naming the row and the field. */
export function report(
  context: { problems: string[] },
  where: string,
  mismatches: readonly Mismatch[],
  history?: (key: string) => string,
): void {
  for (const m of mismatches.slice(0, 20)) {
    const said = history?.(m.key);
    context.problems.push(
      `${where} differs at ${m.key} ${m.field}: expected ${JSON.stringify(m.expected)}, found ${JSON.stringify(m.actual)}` +
        (said ? ` (the pushes said: ${said})` : ''),
    );
  }
  if (mismatches.length > 20) context.problems.push(`${where}: ${mismatches.length - 20} more differences`);
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
